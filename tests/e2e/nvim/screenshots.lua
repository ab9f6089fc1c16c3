-- Neovim 0.11 with client-nvim, as a person runs it in a terminal, for the screenshots in docs/neovim.md
-- (tests/e2e/nvim/screenshots.js drives it through a real pty and renders the terminal with xterm.js).
-- Writes "$E2E_MARKS/ready" once the model pass is named in the code lens; Shot.* are the steps the driver types.
-- Env: RUBRIQ_PYTHON, RUBRIQ_SERVER_ARGS, E2E_PLUGIN, E2E_MARKS, E2E_FIX_CODE.
vim.opt.runtimepath:append(assert(os.getenv("E2E_PLUGIN")))
vim.cmd("runtime plugin/rubriq.lua")
vim.o.number, vim.o.wrap, vim.o.linebreak, vim.o.signcolumn = true, true, true, "yes"
vim.o.termguicolors = true
vim.o.laststatus = 2
vim.o.statusline = "%f %m%=%{v:lua.require'rubriq'.statusline()}  %l:%c "
vim.diagnostic.config({ virtual_text = false, underline = true, signs = true })
local cmd = { os.getenv("RUBRIQ_PYTHON") or "python3" }
vim.list_extend(cmd, vim.split(os.getenv("RUBRIQ_SERVER_ARGS") or "-m rubriq serve", " ", { trimempty = true }))
require("rubriq").setup({ cmd = cmd, open = function() end })

local marks = assert(os.getenv("E2E_MARKS"))
local function mark(name)
  local f = assert(io.open(marks .. "/" .. name, "w"))
  f:write("1")
  f:close()
end

Shot = {}

local function target()
  local code = os.getenv("E2E_FIX_CODE")
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.source == "rubriq" and (not code or tostring(d.code) == code) then
      return d
    end
  end
end

function Shot.hover()
  local d = target()
  if d then
    vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  end
  vim.lsp.buf.hover({ max_height = 20, max_width = 90, border = "rounded" })
end

function Shot.menu()
  local d = target()
  if d then
    vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  end
  vim.lsp.buf.code_action()
end

local function watch()
  local bufnr = vim.api.nvim_get_current_buf()
  local timer = vim.loop.new_timer()
  timer:start(1000, 1000, vim.schedule_wrap(function()
    pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
    for _, lens in ipairs(vim.lsp.codelens.get(bufnr) or {}) do
      if lens.command and lens.command.title:find("Faithfulness %d") and not require("rubriq").status.busy then
        timer:stop()
        vim.defer_fn(function() mark("ready") end, 1500)
        return
      end
    end
  end))
end

vim.api.nvim_create_autocmd("VimEnter", { callback = watch })
