-- Neovim's own LSP client (0.7 and later) against toolschema-lsp, headless,
-- on a copy of ../seeded: every diagnostic's rule, range, link and severity
-- as ../diagnostics.golden has them, a quick fix applied to the buffer as
-- ../fixes/OLT011.golden has it, the diagnostics following the unsaved
-- buffer, and a rule turned off by the settings.
--
--   TOOLSCHEMA_LSP=/path/to/toolschema-lsp nvim --headless -u NONE -c 'luafile client_test.lua'
--
-- It exits 0 when every check passes, else 1 with the failures on stderr.

local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local bin = os.getenv('TOOLSCHEMA_LSP')
local failures = 0

local function fail(msg)
  failures = failures + 1
  io.stderr:write('FAIL: ' .. msg .. '\n')
end

local function finish()
  if failures == 0 then
    io.stderr:write('ok: neovim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. ' client\n')
    vim.cmd('qall!')
  end
  vim.cmd('cquit!')
end

local function readfile(path)
  local f = assert(io.open(path, 'rb'))
  local s = f:read('*a')
  f:close()
  return s
end

local ok, err = pcall(function()
  assert(bin and bin ~= '', 'set TOOLSCHEMA_LSP to the server binary')
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  vim.fn.system({ 'cp', '-R', here .. '/../seeded/.', dir })
  assert(vim.v.shell_error == 0, 'copying the seeded module')

  local golden = vim.fn.json_decode(readfile(here .. '/../diagnostics.golden'))
  local files, seen = {}, {}
  for _, g in ipairs(golden) do
    if not seen[g.file] then
      seen[g.file] = true
      table.insert(files, g.file)
    end
  end

  local client_id = vim.lsp.start_client({
    name = 'toolschema',
    cmd = { bin },
    root_dir = dir,
    settings = { toolschema = {} },
  })
  assert(client_id, 'the client did not start')

  local bufs = {}
  for _, f in ipairs(files) do
    vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/' .. f))
    local b = vim.api.nvim_get_current_buf()
    vim.bo[b].filetype = 'go'
    vim.lsp.buf_attach_client(b, client_id)
    bufs[f] = b
  end

  local function diags(f)
    local out = vim.diagnostic.get(bufs[f])
    table.sort(out, function(a, b)
      if a.lnum ~= b.lnum then return a.lnum < b.lnum end
      if a.col ~= b.col then return a.col < b.col end
      return a.message < b.message
    end)
    return out
  end
  local function total()
    local n = 0
    for _, f in ipairs(files) do n = n + #diags(f) end
    return n
  end
  -- The LSP fields of a diagnostic: Neovim 0.7 keeps them in
  -- user_data.lsp, later versions on the diagnostic too.
  local function lsp(d)
    local u = d.user_data and d.user_data.lsp or {}
    return {
      code = d.code or u.code,
      href = (u.codeDescription or {}).href,
      source = d.source or u.source,
    }
  end
  local function covered(b, d)
    local t = vim.api.nvim_buf_get_text(b, d.lnum, d.col, d.end_lnum, d.end_col, {})
    return table.concat(t, '\n')
  end
  local function codes(f)
    local out = {}
    for _, d in ipairs(diags(f)) do table.insert(out, lsp(d).code) end
    return table.concat(out, ' ')
  end

  if not vim.wait(90000, function() return total() == #golden end, 50) then
    error('timed out waiting for ' .. #golden .. ' diagnostics; have ' .. total())
  end

  -- Every diagnostic as the golden file has it; the range's text is the
  -- same whatever the column unit (Neovim's are bytes).
  local i = 0
  for _, f in ipairs(files) do
    for _, d in ipairs(diags(f)) do
      i = i + 1
      local g = golden[i]
      local l = lsp(d)
      local where = f .. ':' .. (d.lnum + 1)
      if g.file ~= f then fail(where .. ': file ' .. f .. ', want ' .. g.file) end
      if l.code ~= g.code then fail(where .. ': code ' .. tostring(l.code) .. ', want ' .. g.code) end
      if l.href ~= g.href then fail(where .. ': link ' .. tostring(l.href) .. ', want ' .. g.href) end
      if l.source ~= 'toolschema' then fail(where .. ': source ' .. tostring(l.source)) end
      if d.severity ~= g.severity then fail(where .. ': severity ' .. d.severity .. ', want ' .. g.severity) end
      if d.lnum ~= g.range.start.line or d.end_lnum ~= g.range['end'].line then
        fail(where .. ': lines ' .. d.lnum .. '-' .. d.end_lnum .. ', want ' .. g.range.start.line .. '-' .. g.range['end'].line)
      end
      local text = covered(bufs[f], d)
      if text ~= g.text then fail(where .. ': ' .. g.code .. ' covers ' .. vim.inspect(text) .. ', want ' .. vim.inspect(g.text)) end
    end
  end

  -- The quick fix of OLT011, applied to the buffer.
  local tools = 'tools/tools.go'
  local b = bufs[tools]
  local target
  for _, d in ipairs(diags(tools)) do
    if lsp(d).code == 'OLT011' then target = d end
  end
  assert(target, 'no OLT011 diagnostic')
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(b) },
    range = target.user_data and target.user_data.lsp and target.user_data.lsp.range or {
      start = { line = target.lnum, character = target.col },
      ['end'] = { line = target.end_lnum, character = target.end_col },
    },
    context = { diagnostics = { target.user_data and target.user_data.lsp or {} }, only = { 'quickfix' } },
  }
  local results = vim.lsp.buf_request_sync(b, 'textDocument/codeAction', params, 10000)
  local fix
  for _, r in pairs(results or {}) do
    for _, a in ipairs(r.result or {}) do
      if a.diagnostics and a.diagnostics[1] and a.diagnostics[1].code == 'OLT011' then fix = a end
    end
  end
  assert(fix, 'no quick fix for OLT011')
  if fix.kind ~= 'quickfix' then fail('OLT011 action kind ' .. tostring(fix.kind)) end
  vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16')
  local text = table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n') .. '\n'
  local want = readfile(here .. '/../fixes/OLT011.golden')
  if '-- ' .. tools .. ' --\n' .. text ~= want then
    fail('the applied OLT011 fix differs from fixes/OLT011.golden:\n' .. text)
  end

  -- The edit is unsaved: the diagnostics follow the buffer.
  if not vim.wait(30000, function() return codes(tools) == 'OLT002 OLT014 OLT009 OLT008' end, 50) then
    fail('after the fix: ' .. codes(tools))
  end
  -- A change typed in: a new name, reported with its range.
  local lines = vim.api.nvim_buf_get_lines(b, 0, -1, false)
  for n, line in ipairs(lines) do
    if line:find('name=find!', 1, true) then
      vim.api.nvim_buf_set_lines(b, n - 1, n, false, { (line:gsub('name=find!', 'name=find.it')) })
    end
  end
  local function found()
    for _, d in ipairs(diags(tools)) do
      if lsp(d).code == 'OLT008' and d.message:find('find.it', 1, true) then return d end
    end
  end
  if not vim.wait(30000, function() return found() ~= nil end, 50) then
    fail('no OLT008 for the typed name: ' .. codes(tools))
  else
    local t = covered(b, found())
    if t ~= 'name=find.it' then fail('OLT008 covers ' .. vim.inspect(t)) end
  end

  -- It wrote nothing.
  for _, f in ipairs(files) do
    if readfile(dir .. '/' .. f) ~= readfile(here .. '/../seeded/' .. f) then fail(f .. ' changed on disk') end
  end
  vim.lsp.stop_client(client_id)
  vim.fn.delete(dir, 'rf')

  -- The settings as docs/editors.md gives them for Neovim 0.7 to 0.10
  -- (init_options): a rule turned off is not reported. (0.7 neither
  -- advertises workspace/configuration nor sends its settings table.)
  local dir2 = vim.fn.tempname()
  vim.fn.mkdir(dir2, 'p')
  vim.fn.system({ 'cp', '-R', here .. '/../seeded/.', dir2 })
  local client2 = vim.lsp.start_client({
    name = 'toolschema-settings',
    cmd = { bin },
    root_dir = dir2,
    init_options = { rules = { OLT008 = false } },
  })
  assert(client2, 'the second client did not start')
  vim.cmd('edit ' .. vim.fn.fnameescape(dir2 .. '/' .. tools))
  local b2 = vim.api.nvim_get_current_buf()
  vim.bo[b2].filetype = 'go'
  vim.lsp.buf_attach_client(b2, client2)
  bufs[tools] = b2
  if not vim.wait(90000, function() return codes(tools) == 'OLT011 OLT002 OLT014 OLT009' end, 50) then
    fail('with OLT008 turned off in the settings: ' .. codes(tools))
  end
  vim.lsp.stop_client(client2)
  vim.fn.delete(dir2, 'rf')
end)

if not ok then fail(tostring(err)) end
finish()
