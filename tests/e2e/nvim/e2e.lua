-- Drives a real headless Neovim against `rubriq serve`: open a .out, wait for Rubriq's diagnostics, request code
-- actions on one of them, apply "Insert repair prompt", and record the sibling .prompt buffer before and after.
-- Everything observed is written as JSON to $E2E_RESULT; the pytest wrapper judges it.
-- Env: RUBRIQ_PYTHON, RUBRIQ_SERVER_ARGS, E2E_PLUGIN (client-nvim folder), E2E_FILE (.out to open), E2E_EXPECT (codes, comma-separated),
--      E2E_FIX_CODE (diagnostic to repair), E2E_SQB (a suite folder for :RubriqSQB), E2E_RESULT, E2E_TIMEOUT_MS.
local result = { nvim = tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch }
local out_path = assert(os.getenv("E2E_RESULT"), "E2E_RESULT not set")
local timeout = tonumber(os.getenv("E2E_TIMEOUT_MS") or "90000")
local expect = vim.split(os.getenv("E2E_EXPECT") or "", ",", { trimempty = true })
local fix_code = os.getenv("E2E_FIX_CODE")

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

local function codes_of(bufnr)
  local codes = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == "rubriq" then
      codes[#codes + 1] = tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code))
    end
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

--- The LSP diagnostic behind a vim.diagnostic entry (0.7 keeps only part of it in user_data).
local function lsp_diagnostic(d)
  local lsp = (d.user_data and d.user_data.lsp) or {}
  if lsp.range then
    return lsp
  end
  return {
    range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
    severity = d.severity, message = d.message, source = d.source, code = d.code or lsp.code, data = lsp.data,
  }
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

local function run()
  -- Every protocol message goes to $XDG_STATE_HOME/nvim/lsp.log (the test's own folder), for a failed run.
  vim.lsp.set_log_level("debug")
  vim.opt.runtimepath:append(assert(os.getenv("E2E_PLUGIN")))
  vim.cmd("runtime plugin/rubriq.lua")
  -- The default command is `$RUBRIQ_PYTHON -m rubriq serve`; RUBRIQ_SERVER_ARGS replaces what follows python.
  local cmd = { os.getenv("RUBRIQ_PYTHON") or "python3" }
  vim.list_extend(cmd, vim.split(os.getenv("RUBRIQ_SERVER_ARGS") or "-m rubriq serve", " ", { trimempty = true }))
  require("rubriq").setup({ cmd = cmd })
  result.commands = {
    RubriqSQB = vim.fn.exists(":RubriqSQB") == 2,
    RubriqStatus = vim.fn.exists(":RubriqStatus") == 2,
  }

  local file = assert(os.getenv("E2E_FILE"))
  local prompt_path = require("rubriq").sibling_prompt(file)
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()

  local got = vim.wait(timeout, function() return has_all(codes_of(bufnr)) end, 100)
  result.ms_to_diagnostics = elapsed_ms()
  result.attached = #buffer_clients(bufnr) > 0
  result.codes = codes_of(bufnr)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    result.diagnostics[#result.diagnostics + 1] = {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, severity = d.severity,
      source = d.source, code = tostring(d.code or ""), message = d.message,
    }
  end
  if not got then
    return finish(false, "diagnostics with the expected codes did not arrive")
  end

  -- A prompt-side check: a .out without a sibling .prompt is left alone.
  local orphan = os.getenv("E2E_ORPHAN")
  if orphan then
    vim.cmd("edit " .. vim.fn.fnameescape(orphan))
    local orphan_buf = vim.api.nvim_get_current_buf()
    result.orphan_clients = #buffer_clients(orphan_buf)
    vim.cmd("buffer " .. bufnr)
  end

  -- :RubriqSQB on the fixture suite, when asked; the answer is what the server returned.
  local sqb_folder = os.getenv("E2E_SQB")
  if sqb_folder then
    vim.cmd("RubriqSQB " .. vim.fn.fnameescape(sqb_folder))
    vim.wait(timeout, function() return require("rubriq").last_sqb ~= nil end, 100)
    result.sqb = require("rubriq").last_sqb or vim.NIL
    return finish(true)
  end

  if not fix_code then
    return finish(true)
  end
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == "rubriq" and tostring(d.code) == fix_code then
      target = lsp_diagnostic(d)
      break
    end
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = target.range,
    context = { diagnostics = { target }, only = { "quickfix" } },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 30000) or {}
  local action, client_id
  result.action_titles = {}
  for id, response in pairs(responses) do
    for _, candidate in ipairs(response.result or {}) do
      result.action_titles[#result.action_titles + 1] = candidate.title
      if not action and candidate.title:find("^Insert repair prompt") then
        action, client_id = candidate, id
      end
    end
  end
  if not action then
    return finish(false, "no 'Insert repair prompt' code action")
  end
  local client = vim.lsp.get_client_by_id(client_id)
  if not action.edit and not action.command then
    -- Resolved lazily by the server.
    local resolved = vim.lsp.buf_request_sync(bufnr, "codeAction/resolve", action, 30000) or {}
    for _, response in pairs(resolved) do
      action = response.result or action
    end
  end

  local prompt_buf = vim.fn.bufadd(prompt_path)
  vim.fn.bufload(prompt_buf)
  result.prompt_before = buffer_text(prompt_buf)
  result.action = { title = action.title, kind = action.kind }
  result.inserted = {}
  if action.edit then
    for uri, edits in pairs(action.edit.changes or {}) do
      for _, e in ipairs(edits) do
        result.inserted[#result.inserted + 1] = { uri = uri, text = e.newText }
      end
    end
    for _, change in ipairs(action.edit.documentChanges or {}) do
      for _, e in ipairs(change.edits or {}) do
        result.inserted[#result.inserted + 1] = { uri = change.textDocument.uri, text = e.newText }
      end
    end
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or "utf-16")
  end
  if action.command then
    local command = type(action.command) == "table" and action.command or action
    local done = false
    local req = vim.fn.has("nvim-0.11") == 1 and function(...) return client:request(...) end or client.request
    req("workspace/executeCommand", { command = command.command, arguments = command.arguments }, function()
      done = true
    end, bufnr)
    vim.wait(30000, function() return done end, 50)
  end
  result.prompt_uri = vim.uri_from_fname(prompt_path)
  result.prompt_after = buffer_text(prompt_buf)
  result.prompt_modified = vim.bo[prompt_buf].modified
  finish(true)
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  finish(false, err)
end
