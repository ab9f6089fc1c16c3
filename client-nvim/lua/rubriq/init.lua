-- Rubriq for Neovim: starts `python -m rubriq serve` for .prompt files and for .out files with a sibling .prompt.
-- Works on Neovim 0.7 (vim.lsp.start_client + buf_attach_client) and 0.8+ (vim.lsp.start; on 0.11+ the
-- configuration is registered with vim.lsp.config('rubriq', ...) so it can be overridden the 0.11 way).
local M = {}

local uv = vim.loop
local NAME = "rubriq"
local namespace = vim.api.nvim_create_namespace("rubriq")

M.defaults = {
  -- false (or a function(root_dir) returning false) turns Rubriq off: no server, nothing shown.
  enable = true,
  -- Python that has Rubriq installed; $RUBRIQ_PYTHON, else python3.
  python = nil,
  -- Full server command; overrides `python`.
  cmd = nil,
  -- Server settings: the Config field names (family, severity, ignore, weights, debounce_ms, model_tiers,
  -- diagnostic_mode, embedding_model, nli_model, device, ...). Sent as initializationOptions and on
  -- workspace/configuration.
  settings = {},
  -- Files that mark the project root (one server per root).
  root_markers = { "rubriq.toml", "pyproject.toml", ".git" },
  -- Called when a buffer attaches: function(client, bufnr).
  on_attach = nil,
  -- Opens the SQB's HTML report: vim.ui.open where Neovim has it (0.10+), else the path is printed.
  open = nil,
  -- Largest float (hover of a finding, status, profile, rule page), in lines and columns.
  float = { max_height = 20, max_width = 90, border = "rounded" },
}

M.config = vim.deepcopy(M.defaults)
-- Last `rubriq/status` notification (docs/lsp.md): models = "not_loaded"|"loading"|"ready"|"unavailable",
-- busy (a check is pending or running), detail, enabled, sqb = {case, contender, done, total} while an SQB runs.
M.status = { models = "not_loaded", busy = false, detail = "not started", enabled = true }
-- Roots turned off with :RubriqDisable for this session.
M.disabled_roots = {}
-- Neovim 0.7 only: root folder → client id.
local clients_by_root = {}

local function is_file(path)
  local stat = uv.fs_stat(path)
  return stat ~= nil and stat.type == "file"
end

--- `/a/name.out` → `/a/name.prompt`; nil for other files.
function M.sibling_prompt(path)
  if path:sub(-4) == ".out" then
    return path:sub(1, -5) .. ".prompt"
  end
  return nil
end

--- Served: every .prompt; a .out only when its sibling .prompt exists.
function M.is_served(path)
  if path:sub(-7) == ".prompt" then
    return true
  end
  local sibling = M.sibling_prompt(path)
  return sibling ~= nil and is_file(sibling)
end

--- Nearest folder upward holding a root marker; else the file's folder.
function M.root_dir(path)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  local start = dir
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if uv.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return start
    end
    dir = parent
  end
end

--- Whether Rubriq runs for a project root (`enable`, and :RubriqEnable / :RubriqDisable).
function M.enabled_for(root)
  if M.disabled_roots[root] then
    return false
  end
  local enable = M.config.enable
  if type(enable) == "function" then
    return enable(root) ~= false
  end
  return enable ~= false
end

function M.cmd()
  if M.config.cmd then
    return M.config.cmd
  end
  local python = M.config.python or os.getenv("RUBRIQ_PYTHON") or "python3"
  return { python, "-m", "rubriq", "serve" }
end

local function get_clients()
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ name = NAME })
  end
  return vim.tbl_filter(function(client)
    return client.name == NAME
  end, vim.lsp.get_active_clients())
end
M.get_clients = get_clients

local function request(client, method, params, handler, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

--- A float of markdown lines in the middle of the editor, at most `float.max_height` x `float.max_width`; it
--- closes with q or <Esc>. Returns its buffer and window.
function M.float(lines, title)
  local limits = M.config.float
  local width = 20
  for _, line in ipairs(lines) do
    width = math.max(width, vim.fn.strdisplaywidth(line))
  end
  width = math.min(width, limits.max_width, vim.o.columns - 4)
  local height = 0
  for _, line in ipairs(lines) do
    height = height + math.max(1, math.ceil(vim.fn.strdisplaywidth(line) / width))
  end
  height = math.min(math.max(height, 1), limits.max_height, vim.o.lines - 4)
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].filetype = "markdown"
  vim.bo[buf].modifiable = false
  vim.bo[buf].bufhidden = "wipe"
  local config = {
    relative = "editor", style = "minimal", border = limits.border, width = width, height = height,
    row = math.floor((vim.o.lines - height) / 2) - 1, col = math.floor((vim.o.columns - width) / 2),
  }
  if title and vim.fn.has("nvim-0.9") == 1 then
    config.title, config.title_pos = " " .. title .. " ", "center"
  end
  local win = vim.api.nvim_open_win(buf, true, config)
  vim.wo[win].wrap, vim.wo[win].linebreak = true, true
  for _, key in ipairs({ "q", "<Esc>" }) do
    vim.keymap.set("n", key, "<cmd>close<cr>", { buffer = buf, nowait = true })
  end
  return buf, win
end

--- Code lenses of a buffer, again (0.7 refreshes the current buffer only).
local function refresh_lenses(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) or vim.api.nvim_buf_get_name(bufnr):sub(-4) ~= ".out" then
    return
  end
  if vim.fn.has("nvim-0.10") == 1 then
    pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
  elseif bufnr == vim.api.nvim_get_current_buf() then
    pcall(vim.lsp.codelens.refresh)
  end
end

local function on_status(_, result)
  if type(result) ~= "table" then
    return
  end
  local was_busy = M.status.busy
  M.status = {
    models = result.models or M.status.models,
    busy = result.busy == true,
    detail = result.detail or "",
    enabled = result.enabled ~= false,
    sqb = type(result.sqb) == "table" and result.sqb or nil,
  }
  -- A failed model load arrives as the server's own window/showMessage, once: nothing to warn about here.
  vim.schedule(function()
    local sqb = M.status.sqb
    if sqb and sqb.contender and sqb.contender ~= "" then
      vim.api.nvim_echo({ { string.format("Rubriq SQB: %s: %s (%d of %d)", sqb.case, sqb.contender,
        math.min(sqb.done + 1, sqb.total), sqb.total) } }, false, {})
    end
    if was_busy and not M.status.busy then
      for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
        refresh_lenses(bufnr)
      end
    end
    vim.cmd("silent doautocmd <nomodeline> User RubriqStatus")
  end)
end

-- An empty Lua table is sent as a JSON array; the server expects an object.
local function as_object(settings)
  if settings == nil or next(settings) == nil then
    return vim.empty_dict()
  end
  return settings
end

local function fix_settings(config)
  config.init_options = { rubriq = as_object((config.init_options or {}).rubriq) }
  config.settings = vim.tbl_extend("force", config.settings or {}, { rubriq = as_object((config.settings or {}).rubriq) })
  return config
end

local function uri_to_path(uri)
  return vim.uri_to_fname(uri)
end

--- The .prompt in a split beside the output (or the window already showing it), `range` selected.
function M.show_prompt(uri, range, offset_encoding)
  local path = uri_to_path(uri)
  local bufnr = vim.fn.bufadd(path)
  vim.fn.bufload(bufnr)
  local win
  for _, candidate in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_buf(candidate) == bufnr then
      win = candidate
    end
  end
  if win then
    vim.api.nvim_set_current_win(win)
  else
    vim.cmd((vim.o.columns >= 160 and "vertical " or "") .. "rightbelow sbuffer " .. bufnr)
    win = vim.api.nvim_get_current_win()
  end
  vim.bo[bufnr].buflisted = true
  if range then
    local lines = vim.api.nvim_buf_get_lines(bufnr, range.start.line, range["end"].line + 1, false)
    local function column(line_text, character)
      if line_text == nil then
        return 0
      end
      return vim.str_byteindex(line_text, character, offset_encoding == "utf-16")
    end
    local start_col = column(lines[1], range.start.character)
    local end_col = column(lines[#lines], range["end"].character)
    vim.api.nvim_buf_clear_namespace(bufnr, namespace, 0, -1)
    vim.highlight.range(bufnr, namespace, "Visual", { range.start.line, start_col }, { range["end"].line, end_col })
    pcall(vim.api.nvim_win_set_cursor, win, { range.start.line + 1, start_col })
    vim.cmd("normal! zz")
  end
  M.last_shown = { uri = uri, range = range, win = win, bufnr = bufnr }
  return true
end

--- Runs a server command; `on_result(result)` on success.
function M.execute(command, arguments, on_result)
  local client = get_clients()[1]
  if not client then
    vim.notify("Rubriq: no server is running (open a .prompt file first)", vim.log.levels.WARN)
    return
  end
  request(client, "workspace/executeCommand", { command = command, arguments = arguments or {} },
    function(err, result)
      if err then
        vim.notify("Rubriq: " .. command .. " failed: " .. (err.message or tostring(err)), vim.log.levels.ERROR)
        return
      end
      if on_result then
        vim.schedule(function() on_result(result) end)
      end
    end)
end

local function split_lines(text)
  return vim.split(text or "", "\n", { trimempty = true })
end

--- Commands the server names in code actions and lenses, run here so the result is shown, not discarded.
local client_commands = {
  ["rubriq.revealRepair"] = function(command, ctx)
    local target = (command.arguments or {})[1] or {}
    local client = vim.lsp.get_client_by_id(ctx.client_id)
    M.show_prompt(target.uri, target.range, client and client.offset_encoding or "utf-16")
  end,
  ["rubriq.showProfile"] = function(command)
    M.execute("rubriq.showProfile", command.arguments, function(result)
      if type(result) == "table" and result.ok then
        M.last_profile = result
        M.float(split_lines(result.markdown), result.title)
      else
        vim.notify("Rubriq: no profile yet (" .. tostring(result and result.reason) .. ")")
      end
    end)
  end,
  ["rubriq.showRuleDocs"] = function(command)
    M.show_rule(((command.arguments or {})[1]))
  end,
}

--- The rule's page (the registry's markdown) in a float.
function M.show_rule(code)
  M.execute("rubriq.showRuleDocs", { code, { open = false } }, function(result)
    if type(result) == "table" and result.ok then
      M.last_rule = result
      M.float(split_lines(result.markdown), result.title)
    end
  end)
end

local function show_document(err, result, ctx, config)
  if result and not result.external and result.uri:sub(-7) == ".prompt" then
    local client = vim.lsp.get_client_by_id(ctx.client_id)
    return { success = M.show_prompt(result.uri, result.selection, client and client.offset_encoding) }
  end
  local default = vim.lsp.handlers["window/showDocument"]
  if default then
    return default(err, result, ctx, config)
  end
  return { success = false }
end

local function on_attach(client, bufnr)
  if vim.api.nvim_buf_get_name(bufnr):sub(-4) == ".out" then
    local group = vim.api.nvim_create_augroup("rubriq_lens_" .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "BufWritePost" }, {
      group = group, buffer = bufnr, callback = function() refresh_lenses(bufnr) end,
    })
    vim.defer_fn(function() refresh_lenses(bufnr) end, 200)
  end
  if M.config.on_attach then
    M.config.on_attach(client, bufnr)
  end
end

local function client_config(root)
  return {
    name = NAME,
    cmd = M.cmd(),
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = { rubriq = M.config.settings },
    -- Answered by Neovim's workspace/configuration handler (section "rubriq").
    settings = { rubriq = M.config.settings },
    handlers = {
      ["rubriq/status"] = on_status,
      ["window/showDocument"] = show_document,
      ["workspace/codeLens/refresh"] = function()
        vim.schedule(function()
          for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
            refresh_lenses(bufnr)
          end
        end)
        return vim.NIL
      end,
    },
    commands = client_commands,
    on_attach = on_attach,
  }
end

--- Attach Rubriq to a buffer if it is a .prompt or a paired .out.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == "" or not M.is_served(path) then
    return nil
  end
  local root = M.root_dir(path)
  if not M.enabled_for(root) then
    return nil
  end
  if vim.lsp.start then
    local config = client_config(root)
    if vim.lsp.config and vim.lsp.config[NAME] then
      -- 0.11+: the user's vim.lsp.config('rubriq', {...}) overrides take part.
      config = vim.tbl_deep_extend("force", config, vim.lsp.config[NAME], { root_dir = root })
    end
    return vim.lsp.start(fix_settings(config), { bufnr = bufnr })
  end
  -- Neovim 0.7: one client per root, started once and attached to each buffer.
  local id = clients_by_root[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(fix_settings(client_config(root)))
    if not id then
      vim.notify("Rubriq: could not start " .. table.concat(M.cmd(), " "), vim.log.levels.ERROR)
      return nil
    end
    clients_by_root[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

local function stop_client(client)
  if vim.fn.has("nvim-0.11") == 1 then
    client:stop(true)
  else
    client.stop(true)
  end
end

--- :RubriqDisable / :RubriqEnable: Rubriq off or on for the current buffer's project, for this session.
function M.set_enabled(enabled)
  local path = vim.api.nvim_buf_get_name(0)
  local root = M.root_dir(path ~= "" and path or vim.fn.getcwd() .. "/x")
  M.disabled_roots[root] = (not enabled) or nil
  if enabled then
    for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(bufnr) then
        M.attach(bufnr)
      end
    end
  else
    for _, client in ipairs(get_clients()) do
      if client.config.root_dir == root then
        stop_client(client)
      end
    end
    clients_by_root[root] = nil
  end
  vim.notify("Rubriq " .. (enabled and "on" or "off") .. " for " .. root)
end

local function open_report(path)
  if M.config.open then
    return M.config.open(path)
  end
  if vim.ui.open then
    local ok = pcall(vim.ui.open, path)
    if ok then
      return
    end
  end
  vim.notify("Rubriq SQB report: " .. path)
end

--- :RubriqSQB [folder]: the Semantic Quality Benchmark over a folder of *.sqb.yaml cases (default: the current
--- directory), with the case and contender in the message line, then the HTML report opened.
function M.run_sqb(folder)
  folder = vim.fn.fnamemodify((folder ~= nil and folder ~= "") and folder or vim.fn.getcwd(), ":p")
  folder = folder:gsub("/$", "")
  vim.notify("Rubriq SQB: running on " .. folder .. " (:RubriqSQBCancel stops it)")
  M.execute("rubriq.runSQB", { folder, { open = false } }, function(result)
    M.last_sqb = result
    if type(result) == "table" and result.ok then
      vim.notify("Rubriq SQB: " .. (result.summary or "report written"))
      local reports = result.reports or {}
      if reports.html or reports.markdown then
        open_report(reports.html or reports.markdown)
      end
    else
      local reason = type(result) == "table" and result.reason or "no answer"
      vim.notify("Rubriq SQB: " .. tostring(reason), reason == "cancelled" and vim.log.levels.INFO
        or vim.log.levels.WARN)
    end
    vim.cmd("silent doautocmd <nomodeline> User RubriqSQBDone")
  end)
end

function M.cancel_sqb()
  M.execute("rubriq.cancelSQB", {}, function(result)
    vim.notify(result and result.cancelled and "Rubriq SQB: stopping after the current contender"
      or "Rubriq SQB: nothing is running")
  end)
end

function M.rescore()
  M.execute("rubriq.rescore", { vim.uri_from_bufnr(0) })
end

function M.clear_cache()
  M.execute("rubriq.clearCache", {}, function() vim.notify("Rubriq: cache cleared") end)
end

--- :RubriqFixAll: every repair not yet in the .prompt, each once (the source action source.fixAll.rubriq).
function M.fix_all()
  local context = { only = { "source.fixAll.rubriq" }, diagnostics = {} }
  if vim.fn.has("nvim-0.8") == 1 then
    vim.lsp.buf.code_action({ context = context, apply = true })
  else
    vim.lsp.buf.code_action(context)
  end
end

--- :RubriqProfile: the whole profile of the current pair in a float.
function M.show_profile()
  client_commands["rubriq.showProfile"]({ arguments = { vim.uri_from_bufnr(0) } })
end

--- :RubriqStatus: models, caches, the last pass of this pair, in a float.
function M.show_status()
  local uri = vim.uri_from_bufnr(0)
  M.execute("rubriq.status", (uri:sub(-4) == ".out" or uri:sub(-7) == ".prompt") and { uri } or {}, function(result)
    local lines = {}
    local width = 0
    for _, row in ipairs((type(result) == "table" and result.view) or {}) do
      width = math.max(width, #row.label)
    end
    for _, row in ipairs((type(result) == "table" and result.view) or {}) do
      lines[#lines + 1] = string.format("%-" .. width .. "s  %s", row.label, row.value)
    end
    if #lines == 0 then
      lines = { "Rubriq: " .. M.statusline() }
    end
    M.last_status_view = lines
    M.float(lines, "Rubriq status")
  end)
end

--- Text for a statusline: "Rubriq", "Rubriq: checking…", "Rubriq: loading models…", "Rubriq off".
function M.statusline()
  if #get_clients() == 0 then
    return ""
  end
  if not M.status.enabled then
    return "Rubriq off"
  end
  if M.status.models == "unavailable" then
    return "Rubriq: models unavailable"
  end
  if M.status.busy then
    return "Rubriq: checking…"
  end
  if M.status.models == "loading" then
    return "Rubriq: loading models…"
  end
  return "Rubriq"
end

--- Neovim 0.10/0.11 pull diagnostics but cannot be asked to pull again (no workspace/diagnostic/refresh), so
--- results that arrive after a pull (the model tiers, a slow first check) would never show: push instead.
local function can_refresh_pulled_diagnostics()
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  local diagnostics = capabilities.workspace and capabilities.workspace.diagnostics
  return diagnostics ~= nil and diagnostics.refreshSupport == true
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), opts or {})
  if M.config.settings.diagnostic_mode == nil and not can_refresh_pulled_diagnostics() then
    M.config.settings.diagnostic_mode = "push"
  end
  if vim.lsp.config then
    -- 0.11+: register the defaults; `vim.lsp.config('rubriq', {...})` in a user config refines them.
    local defaults = client_config(vim.fn.getcwd())
    vim.lsp.config(NAME, fix_settings({
      cmd = M.cmd(),
      init_options = defaults.init_options,
      settings = defaults.settings,
      handlers = defaults.handlers,
      commands = defaults.commands,
    }))
  end
  local group = vim.api.nvim_create_augroup("rubriq_attach", { clear = true })
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    group = group,
    pattern = { "*.prompt", "*.out" },
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- Buffers opened before setup().
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      M.attach(bufnr)
    end
  end
  M.configured = true
end

return M
