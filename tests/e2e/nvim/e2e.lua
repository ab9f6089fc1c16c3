-- Drives a real headless Neovim against `rubriq serve` through client-nvim, as a user would: open a .out, wait for
-- Rubriq's diagnostics and (when E2E_LENS_WORD is set) the model pass named in the code lens, hover the finding,
-- open the quick-fix menu there and apply "Insert repair prompt" (vim.ui.select answered by this script), then ask
-- again, run :RubriqStatus and, with E2E_SQB, :RubriqSQB. Everything observed goes as JSON to $E2E_RESULT; the
-- pytest wrapper judges it.
-- Env: RUBRIQ_PYTHON, RUBRIQ_SERVER_ARGS, E2E_PLUGIN (client-nvim folder), E2E_FILE (.out to open), E2E_EXPECT
--      (codes, comma-separated), E2E_FIX_CODE (diagnostic to repair), E2E_LENS_WORD (parameter the lens must score
--      after the model pass), E2E_SQB (a suite folder for :RubriqSQB), E2E_RESULT, E2E_TIMEOUT_MS.
local result = { nvim = tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch }
local out_path = assert(os.getenv("E2E_RESULT"), "E2E_RESULT not set")
local timeout = tonumber(os.getenv("E2E_TIMEOUT_MS") or "200000")
local expect = vim.split(os.getenv("E2E_EXPECT") or "", ",", { trimempty = true })
local fix_code = os.getenv("E2E_FIX_CODE")
local lens_word = os.getenv("E2E_LENS_WORD")

local started = vim.loop.hrtime()
local function elapsed_ms()
  return math.floor((vim.loop.hrtime() - started) / 1e6)
end

local function finish(ok, err)
  result.ms_total = elapsed_ms()
  result.ok = ok
  result.error = err
  local f = assert(io.open(out_path, "w"))
  f:write(vim.fn.json_encode(result))
  f:close()
  for _, client in ipairs(require("rubriq").get_clients()) do
    if vim.fn.has("nvim-0.11") == 1 then
      client:stop(true)
    else
      client.stop(true)
    end
  end
  vim.cmd(ok and "qa!" or "cq")
end

local function rubriq_diagnostics(bufnr)
  return vim.tbl_filter(function(d) return d.source == "rubriq" end, vim.diagnostic.get(bufnr))
end

local function code_of(d)
  return tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "")
end

local function codes_of(bufnr)
  local codes = {}
  for _, d in ipairs(rubriq_diagnostics(bufnr)) do
    codes[#codes + 1] = code_of(d)
  end
  table.sort(codes)
  return codes
end

local function has_all(codes)
  for _, want in ipairs(expect) do
    if not vim.tbl_contains(codes, want) then
      return false
    end
  end
  return #codes > 0
end

local function described(bufnr)
  local list = {}
  for _, d in ipairs(rubriq_diagnostics(bufnr)) do
    list[#list + 1] = { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, source = d.source, code = code_of(d), message = d.message }
  end
  return list
end

local function buffer_clients(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
end

local function normal_windows()
  return vim.tbl_filter(function(win) return vim.api.nvim_win_get_config(win).relative == "" end,
    vim.api.nvim_tabpage_list_wins(0))
end

local function lens_titles(bufnr)
  local titles = {}
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr) or {}) do
    if lens.command then
      titles[#titles + 1] = lens.command.title
    end
  end
  return titles
end

local function refresh_lens(bufnr)
  if vim.fn.has("nvim-0.10") == 1 then
    vim.lsp.codelens.refresh({ bufnr = bufnr })
  else
    vim.lsp.codelens.refresh()
  end
end

--- Opens the quick-fix menu at the cursor and answers vim.ui.select with the first item matching `pattern`
--- (nothing chosen when none does). Returns the titles the menu offered.
local function quick_fix(pattern, exact)
  local offered, done = nil, false
  local original = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    offered = {}
    local choice, index
    for i, item in ipairs(items) do
      local title = opts.format_item and opts.format_item(item) or tostring(item)
      offered[#offered + 1] = title
      if not choice and pattern and ((exact and title == pattern) or (not exact and title:find(pattern))) then
        choice, index = item, i
      end
    end
    vim.ui.select = original
    on_choice(choice, index)
    done = true
  end
  vim.lsp.buf.code_action()
  vim.wait(30000, function() return done end, 50)
  vim.ui.select = original
  return offered or {}
end

local wait_for_model_pass

local function run()
  -- Every protocol message goes to $XDG_STATE_HOME/nvim/lsp.log (the test's own folder), for a failed run.
  vim.lsp.set_log_level("debug")
  vim.o.columns, vim.o.lines = 120, 40
  vim.opt.runtimepath:append(assert(os.getenv("E2E_PLUGIN")))
  vim.cmd("runtime plugin/rubriq.lua")
  -- The default command is `$RUBRIQ_PYTHON -m rubriq serve`; RUBRIQ_SERVER_ARGS replaces what follows python.
  local cmd = { os.getenv("RUBRIQ_PYTHON") or "python3" }
  vim.list_extend(cmd, vim.split(os.getenv("RUBRIQ_SERVER_ARGS") or "-m rubriq serve", " ", { trimempty = true }))
  require("rubriq").setup({ cmd = cmd, open = function(path) result.opened_report = path end })
  local rubriq = require("rubriq")
  result.commands = {}
  for _, name in ipairs({ "RubriqSQB", "RubriqSQBCancel", "RubriqStatus", "RubriqProfile", "RubriqFixAll",
                          "RubriqEnable", "RubriqDisable" }) do
    result.commands[name] = vim.fn.exists(":" .. name) == 2
  end
  local warnings = {}
  local notify = vim.notify
  vim.notify = function(message, level, opts)
    if level and level >= vim.log.levels.WARN then
      warnings[#warnings + 1] = message
    end
    return notify(message, level, opts)
  end
  result.warnings = warnings

  local file = assert(os.getenv("E2E_FILE"))
  local prompt_path = rubriq.sibling_prompt(file)
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()

  local got = vim.wait(timeout, function() return has_all(codes_of(bufnr)) end, 100)
  result.ms_to_diagnostics = elapsed_ms()
  result.attached = #buffer_clients(bufnr) > 0
  result.codes = codes_of(bufnr)
  result.diagnostics = described(bufnr)
  if not got then
    return finish(false, "diagnostics with the expected codes did not arrive")
  end

  -- A .out without a sibling .prompt is left alone.
  local orphan = os.getenv("E2E_ORPHAN")
  if orphan then
    vim.cmd("edit " .. vim.fn.fnameescape(orphan))
    result.orphan_clients = #buffer_clients(vim.api.nvim_get_current_buf())
    vim.cmd("buffer " .. bufnr)
  end

  -- :RubriqSQB on the fixture suite: progress with the case and contender, then the HTML report opened.
  local sqb_folder = os.getenv("E2E_SQB")
  if sqb_folder then
    local steps = {}
    vim.cmd("RubriqSQB " .. vim.fn.fnameescape(sqb_folder))
    vim.wait(timeout, function()
      local step = rubriq.status.sqb
      if step and step.contender and step.contender ~= "" then
        steps[step.case .. ": " .. step.contender] = true
      end
      return rubriq.last_sqb ~= nil
    end, 20)
    result.sqb = rubriq.last_sqb or vim.NIL
    result.sqb_steps = vim.tbl_keys(steps)
    return finish(true)
  end

  -- The model pass: the code lens names the parameter's score once it ran; then the status settles on idle.
  local function lens_scored()
    refresh_lens(bufnr)
    vim.wait(300)
    for _, title in ipairs(lens_titles(bufnr)) do
      if title:find(lens_word .. " %d%.%d%d") then
        return true
      end
    end
    return false
  end
  wait_for_model_pass = function()
    vim.wait(30000, function() return not rubriq.status.busy end, 100)
    vim.wait(1500)  -- any status still on its way has arrived
    vim.wait(30000, function() return not rubriq.status.busy end, 100)
  end
  if lens_word then
    local seen = vim.wait(timeout, lens_scored, 500)
    result.lens = lens_titles(bufnr)
    if not seen then
      return finish(false, "the code lens never named the " .. lens_word .. " score")
    end
    wait_for_model_pass()
    result.status_after_pass = vim.deepcopy(rubriq.status)
    result.statusline = rubriq.statusline()
    result.codes = codes_of(bufnr)
    result.diagnostics = described(bufnr)
  end
  local prompt_buf = vim.fn.bufadd(prompt_path)
  result.prompt_diagnostics = described(prompt_buf)

  -- :RubriqStatus: a float of labelled rows.
  vim.cmd("RubriqStatus")
  vim.wait(10000, function() return rubriq.last_status_view ~= nil end, 50)
  result.status_view = rubriq.last_status_view or vim.NIL
  vim.cmd("buffer " .. bufnr)

  if not fix_code then
    return finish(true)
  end
  local target
  for _, d in ipairs(rubriq_diagnostics(bufnr)) do
    if code_of(d) == fix_code then
      target = d
      break
    end
  end
  if not target then
    return finish(false, "no " .. fix_code .. " diagnostic")
  end

  -- The hover there: the finding first, sized for a 20-line float.
  vim.api.nvim_win_set_cursor(0, { target.lnum + 1, target.col })
  local hover = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", vim.lsp.util.make_position_params(0, "utf-16"),
    10000) or {}
  for _, response in pairs(hover) do
    local contents = response.result and response.result.contents
    if contents then
      result.hover = type(contents) == "table" and (contents.value or "") or tostring(contents)
    end
  end

  -- The quick-fix menu at the finding; apply its repair.
  vim.fn.bufload(prompt_buf)
  result.prompt_before = buffer_text(prompt_buf)
  local windows_before = #normal_windows()
  result.menu = quick_fix("^Insert repair prompt for ")
  vim.wait(10000, function() return rubriq.last_shown ~= nil end, 50)
  result.prompt_after = buffer_text(prompt_buf)
  result.prompt_modified = vim.bo[prompt_buf].modified
  result.split_opened = #normal_windows() > windows_before
  result.prompt_window = vim.api.nvim_get_current_buf() == prompt_buf
  result.cursor = vim.api.nvim_win_get_cursor(0)
  result.selection = rubriq.last_shown and rubriq.last_shown.range or vim.NIL
  result.highlights = #vim.api.nvim_buf_get_extmarks(prompt_buf, vim.api.nvim_create_namespace("rubriq"), 0, -1, {})

  -- The same quick fix again, once the server has checked the edited prompt (the model pass included): the repair
  -- is not inserted twice.
  vim.api.nvim_set_current_win(vim.fn.bufwinid(bufnr))
  vim.api.nvim_win_set_cursor(0, { target.lnum + 1, target.col })
  local function checked_edited_prompt()
    local answers = vim.lsp.buf_request_sync(bufnr, "workspace/executeCommand",
      { command = "rubriq.status", arguments = { vim.uri_from_bufnr(bufnr) } }, 10000) or {}
    for _, answer in pairs(answers) do
      local status = answer.result or {}
      local pair = status.pair or {}
      local versions = pair.checked_versions or {}
      if versions.prompt == vim.lsp.util.buf_versions[prompt_buf] and not status.status.busy
          and (pair.model_pass == "current" or not lens_word) then
        return true
      end
    end
    return false
  end
  result.checked_again = vim.wait(timeout, checked_edited_prompt, 500)
  result.menu_again = quick_fix(result.menu[1], true)
  vim.wait(2000)
  result.prompt_twice = buffer_text(prompt_buf)
  finish(true)
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  finish(false, err)
end
