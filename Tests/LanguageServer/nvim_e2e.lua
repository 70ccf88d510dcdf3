-- granted-lint's language server in Neovim's built-in LSP client, headless.
--
--   GRANTED_LINT_BINARY=.build/debug/granted-lint GRANTED_NVIM_ROOT=<project> GRANTED_NVIM_FILE=<file> \
--   GRANTED_NVIM_OUT=<result.json> nvim --headless --clean -n -i NONE -c 'luafile Tests/LanguageServer/nvim_e2e.lua'
--
-- Opens the file, starts the server (vim.lsp.start on Neovim 0.8+, vim.lsp.start_client +
-- buf_attach_client on 0.7) or, with GRANTED_NVIM_ATTACHED=1, finds the client that the init file
-- given with -u (a set-up from docs/editors.md) attached, waits for the diagnostics, inserts a line
-- at the top (Neovim sends it as an incremental didChange) and waits for the diagnostics to move,
-- then stops the server and writes what the editor showed to GRANTED_NVIM_OUT as JSON:
--   { nvim, opened = [...], edited = [...], exit_code, error }
-- With GRANTED_NVIM_REPAIR=1 it then hovers over the first provisional-blind-check finding, asks for
-- its code actions, applies "Accept provisionally and ephemerally authorized devices (unsafe)" to the
-- buffer (never saved) and waits for the blind checks to go: the JSON adds hover (the Markdown),
-- repair_title, repaired (the diagnostics after it) and repaired_text (the buffer).
-- Each diagnostic is { code, source, severity, lnum, col, end_lnum, end_col, message }, as
-- vim.diagnostic.get() gives it (0-based lines; columns in bytes, equal to UTF-16 for ASCII lines).
-- Neovim exits 0 when it could do all that, 1 otherwise (the JSON says why).

local binary = assert(os.getenv("GRANTED_LINT_BINARY"), "GRANTED_LINT_BINARY")
local root = assert(os.getenv("GRANTED_NVIM_ROOT"), "GRANTED_NVIM_ROOT")
local file = assert(os.getenv("GRANTED_NVIM_FILE"), "GRANTED_NVIM_FILE")
local out = assert(os.getenv("GRANTED_NVIM_OUT"), "GRANTED_NVIM_OUT")
local timeout = tonumber(os.getenv("GRANTED_NVIM_TIMEOUT") or "30000")
-- Set when an init file has set the server up (Neovim was started with -u FILE): use its client.
local attached = os.getenv("GRANTED_NVIM_ATTACHED") == "1"

local result = { opened = {}, edited = {} }
local version = vim.version()
result.nvim = string.format("%d.%d.%d", version.major, version.minor, version.patch)

local function finish(error_text)
  result.error = error_text
  local handle = assert(io.open(out, "w"))
  handle:write(vim.fn.json_encode(result))
  handle:close()
  vim.cmd(error_text and "cquit 1" or "qall!")
end

local function collect(bufnr)
  local items = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(items, {
      code = d.code, source = d.source, severity = d.severity, message = d.message,
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    })
  end
  table.sort(items, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    if a.col ~= b.col then return a.col < b.col end
    return tostring(a.code) < tostring(b.code)
  end)
  return items
end

local ok, failure = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local config = {
    name = "granted-lint",
    cmd = { binary, "lsp" },
    root_dir = root,
    on_exit = function(code) result.exit_code = code end,
  }
  local client_id
  if attached then -- the init file (a set-up from docs/editors.md) started it on FileType
    local function attached_client()
      local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr })
        or vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
      for _, client in ipairs(clients) do
        if client.name == "granted-lint" then return client.id end
      end
    end
    vim.wait(timeout, function() return attached_client() ~= nil end, 20)
    client_id = attached_client()
  elseif vim.lsp.start then -- Neovim 0.8 and later: starts (or reuses) the client and attaches the buffer
    client_id = vim.lsp.start(config, { bufnr = bufnr })
  else -- Neovim 0.7
    client_id = vim.lsp.start_client(config)
    if client_id then vim.lsp.buf_attach_client(bufnr, client_id) end
  end
  if not client_id then error("no granted-lint client for the buffer") end

  if not vim.wait(timeout, function() return #vim.diagnostic.get(bufnr) > 0 end, 20) then
    error("no diagnostics within " .. timeout .. " ms")
  end
  result.opened = collect(bufnr)

  -- An edit above every finding: each diagnostic must move one line down.
  local function first_line()
    local lowest
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if lowest == nil or d.lnum < lowest then lowest = d.lnum end
    end
    return lowest
  end
  local before = first_line()
  vim.api.nvim_buf_set_lines(bufnr, 0, 0, false, { "// a line inserted by the Neovim test" })
  if not vim.wait(timeout, function() return first_line() == before + 1 end, 20) then
    error("the diagnostics did not move after the edit within " .. timeout .. " ms")
  end
  result.edited = collect(bufnr)

  if os.getenv("GRANTED_NVIM_REPAIR") == "1" then
    local function blind()
      for _, d in ipairs(vim.diagnostic.get(bufnr)) do
        if d.code == "provisional-blind-check" then return d end
      end
    end
    local target = blind()
    if not target then error("no provisional-blind-check finding to repair") end
    local uri = vim.uri_from_bufnr(bufnr)
    -- Columns are bytes in Neovim and UTF-16 units in the protocol: the same on these ASCII lines.
    local position = { line = target.lnum, character = target.col }
    for _, reply in pairs(vim.lsp.buf_request_sync(bufnr, "textDocument/hover",
        { textDocument = { uri = uri }, position = position }, timeout) or {}) do
      if reply.result and reply.result.contents then result.hover = reply.result.contents.value end
    end
    local chosen
    for _, reply in pairs(vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", {
        textDocument = { uri = uri }, range = { start = position, ["end"] = position },
        context = { diagnostics = {} } }, timeout) or {}) do
      for _, action in ipairs(reply.result or {}) do
        if action.title == "Accept provisionally and ephemerally authorized devices (unsafe)" then chosen = action end
      end
    end
    if not chosen or not chosen.edit then error("no repair among the code actions") end
    result.repair_title = chosen.title
    vim.lsp.util.apply_workspace_edit(chosen.edit, "utf-16")
    if not vim.wait(timeout, function() return blind() == nil end, 20) then
      error("the provisional-blind-check findings did not go after the repair within " .. timeout .. " ms")
    end
    result.repaired = collect(bufnr)
    result.repaired_text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
  end

  vim.lsp.stop_client(client_id)
  if not vim.wait(timeout, function()
    return result.exit_code ~= nil or (attached and vim.lsp.client_is_stopped(client_id))
  end, 20) then
    error("the server did not exit after the client stopped it")
  end
end)

finish((not ok) and tostring(failure) or nil)
