-- Neovim (0.7+) end-to-end run against zscript-language-server.
-- Driven by test/e2e/neovim.test.ts:
--   nvim --headless --clean -u NONE -c "luafile test/e2e/nvim/lsp.lua"
-- Inputs (environment): ZSCRIPT_NODE, ZSCRIPT_SERVER, ZSCRIPT_FILE, ZSCRIPT_ROOT, ZSCRIPT_OUT.
-- Output: a JSON file at ZSCRIPT_OUT with what the built-in client saw.
-- Only APIs that exist in 0.7 are used (vim.lsp.start_client, buf_attach_client,
-- buf_request_sync, vim.diagnostic.get, vim.wait).

local result = { steps = {}, nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) }

local function step(name)
  table.insert(result.steps, name)
end

local function finish()
  local out = os.getenv('ZSCRIPT_OUT')
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qa!')
end

local function diagnostics_of(bufnr)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local code = d.code
    if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
    table.insert(list, { lnum = d.lnum, col = d.col, severity = d.severity, message = d.message, code = code, source = d.source })
  end
  return list
end

local function request(bufnr, client_id, method, params)
  local responses, err = vim.lsp.buf_request_sync(bufnr, method, params, 10000)
  if not responses then return { error = tostring(err) } end
  local response = responses[client_id]
  if not response then return { error = 'no response' } end
  if response.err then return { error = vim.inspect(response.err) } end
  return { result = response.result }
end

local ok, err = pcall(function()
  local file = os.getenv('ZSCRIPT_FILE')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_option(bufnr, 'filetype', 'zscript')
  step('opened')

  local client_id = vim.lsp.start_client({
    name = 'zscript',
    cmd = { os.getenv('ZSCRIPT_NODE'), os.getenv('ZSCRIPT_SERVER'), '--stdio' },
    root_dir = os.getenv('ZSCRIPT_ROOT'),
    init_options = { zscript = { inlayHints = { parameterNames = 'all' } } },
  })
  result.client_id = client_id
  if not client_id then error('start_client failed') end
  vim.lsp.buf_attach_client(bufnr, client_id)

  result.initialized = vim.wait(15000, function()
    local c = vim.lsp.get_client_by_id(client_id)
    return c ~= nil and c.initialized == true
  end, 20)
  local client = vim.lsp.get_client_by_id(client_id)
  local caps = client and (client.server_capabilities or {}) or {}
  result.capabilities = {
    completion = caps.completionProvider ~= nil,
    hover = caps.hoverProvider ~= nil,
    signatureHelp = caps.signatureHelpProvider ~= nil,
    sync = type(caps.textDocumentSync) == 'table' and caps.textDocumentSync.change or caps.textDocumentSync,
  }
  step('initialized')

  -- Diagnostics arrive by push (0.7 has no pull diagnostics).
  result.diagnosticsArrived = vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
  result.diagnostics = diagnostics_of(bufnr)
  step('diagnostics')

  local uri = vim.uri_from_bufnr(bufnr)
  local completion = request(bufnr, client_id, 'textDocument/completion', { textDocument = { uri = uri }, position = { line = 6, character = 2 } })
  local labels = {}
  if completion.result then
    local items = completion.result.items or completion.result
    for _, item in ipairs(items) do table.insert(labels, item.label) end
  end
  result.completion = { error = completion.error, labels = labels }
  step('completion')

  local hover = request(bufnr, client_id, 'textDocument/hover', { textDocument = { uri = uri }, position = { line = 4, character = 3 } })
  result.hover = { error = hover.error, text = hover.result and vim.fn.json_encode(hover.result.contents) or nil }
  step('hover')

  local sig = request(bufnr, client_id, 'textDocument/signatureHelp', { textDocument = { uri = uri }, position = { line = 5, character = 21 } })
  local labelsSig = {}
  if sig.result and sig.result.signatures then
    for _, s in ipairs(sig.result.signatures) do table.insert(labelsSig, s.label) end
  end
  result.signatureHelp = {
    error = sig.error,
    labels = labelsSig,
    activeParameter = sig.result and (sig.result.activeParameter or (sig.result.signatures[1] and sig.result.signatures[1].activeParameter)) or nil,
  }
  step('signatureHelp')

  -- An edit through Neovim's own incremental sync: fix the typo on line 4 (0-based 3).
  local before = #vim.diagnostic.get(bufnr)
  vim.api.nvim_buf_set_text(bufnr, 3, 4, 3, 6, { 'le' })
  result.diagnosticsAfterEdit = vim.wait(15000, function() return #vim.diagnostic.get(bufnr) < before end, 20)
  result.diagnosticsFixed = diagnostics_of(bufnr)
  step('edited')

  vim.lsp.stop_client(client_id)
  result.stopped = vim.wait(10000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
  step('stopped')
end)

if not ok then result.error = tostring(err) end
finish()
