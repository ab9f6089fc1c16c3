-- Rubriq for Neovim: starts `python -m rubriq serve` for .prompt files and for .out files with a sibling .prompt.
-- Works on Neovim 0.7 (vim.lsp.start_client + buf_attach_client) and 0.8+ (vim.lsp.start; on 0.11+ the
-- configuration is registered with vim.lsp.config('rubriq', ...) so it can be overridden the 0.11 way).
local M = {}

local uv = vim.loop
local NAME = "rubriq"

M.defaults = {
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
}

M.config = vim.deepcopy(M.defaults)
-- Last `rubriq/status` notification: {models = "loading"|"ready"|"unavailable", busy = bool, detail = str}.
M.status = { models = "loading", busy = true, detail = "not started" }
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

function M.cmd()
  if M.config.cmd then
    return M.config.cmd
  end
  local python = M.config.python or os.getenv("RUBRIQ_PYTHON") or "python3"
  -- -P: the working directory (the project) never goes on sys.path, so its modules are never imported.
  return { python, "-P", "-m", "rubriq", "serve" }
end

local function on_status(_, result)
  if type(result) ~= "table" then
    return
  end
  local was = M.status.models
  M.status = {
    models = result.models or M.status.models,
    busy = result.busy == true,
    detail = result.detail or "",
  }
  if M.status.models == "unavailable" and was ~= "unavailable" then
    vim.schedule(function()
      vim.notify("Rubriq: models unavailable: " .. M.status.detail, vim.log.levels.WARN)
    end)
  end
  vim.schedule(function()
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

local function client_config(root)
  return {
    name = NAME,
    cmd = M.cmd(),
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = { rubriq = M.config.settings },
    -- Answered by Neovim's workspace/configuration handler (section "rubriq").
    settings = { rubriq = M.config.settings },
    handlers = { ["rubriq/status"] = on_status },
    on_attach = M.config.on_attach,
  }
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

--- Attach Rubriq to a buffer if it is a .prompt or a paired .out.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == "" or not M.is_served(path) then
    return nil
  end
  local root = M.root_dir(path)
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

local function request(client, method, params, handler, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

--- Run a server command (workspace/executeCommand) on the first Rubriq client.
function M.execute(command, arguments, on_result)
  local client = get_clients()[1]
  if not client then
    vim.notify("Rubriq: no server is running (open a .prompt file first)", vim.log.levels.WARN)
    return
  end
  request(client, "workspace/executeCommand", { command = command, arguments = arguments or {} },
    function(err, result)
      if err then
        vim.notify("Rubriq: " .. command .. " failed: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
        return
      end
      if on_result then
        on_result(result)
      end
    end)
end

local function show_lines(title, lines)
  vim.cmd("botright new")
  local buf = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].buftype = "nofile"
  vim.bo[buf].bufhidden = "wipe"
  vim.bo[buf].modifiable = false
  pcall(vim.api.nvim_buf_set_name, buf, title)
end

local function result_lines(result)
  if type(result) == "string" then
    return vim.split(result, "\n")
  end
  return vim.split(vim.inspect(result), "\n")
end

--- :RubriqSQB [folder]: the Semantic Quality Benchmark over a folder of pairs (default: the current directory).
function M.run_sqb(folder)
  folder = vim.fn.fnamemodify((folder ~= nil and folder ~= "") and folder or vim.fn.getcwd(), ":p")
  folder = folder:gsub("/$", "")
  vim.notify("Rubriq: running SQB on " .. folder)
  M.execute("rubriq.runSQB", { folder }, function(result)
    M.last_sqb = result
    vim.schedule(function()
      show_lines("Rubriq SQB " .. folder, result_lines(result))
      vim.cmd("silent doautocmd <nomodeline> User RubriqSQBDone")
    end)
  end)
end

function M.rescore()
  M.execute("rubriq.rescore", { vim.uri_from_bufnr(0) })
end

function M.clear_cache()
  M.execute("rubriq.clearCache", {}, function()
    vim.schedule(function() vim.notify("Rubriq: cache cleared") end)
  end)
end

function M.show_status()
  M.execute("rubriq.status", {}, function(result)
    vim.schedule(function() vim.notify("Rubriq: " .. table.concat(result_lines(result), " ")) end)
  end)
end

--- Text for a statusline: "Rubriq: ready", "Rubriq: loading…".
function M.statusline()
  if #get_clients() == 0 then
    return ""
  end
  return "Rubriq: " .. M.status.models .. (M.status.busy and "…" or "")
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
    vim.lsp.config(NAME, fix_settings({
      cmd = M.cmd(),
      init_options = { rubriq = M.config.settings },
      settings = { rubriq = M.config.settings },
      handlers = { ["rubriq/status"] = on_status },
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
