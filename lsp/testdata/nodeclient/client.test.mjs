// VS Code's protocol client (vscode-languageserver-protocol over
// vscode-jsonrpc, what vscode-languageclient is built on) against
// toolschema-lsp over stdio, on a copy of ../seeded: every diagnostic's
// rule, range, link and severity as ../diagnostics.golden has them, a
// quick fix applied as ../fixes/OLT011.golden has it, and the diagnostics
// following the unsaved text.
//
//	TOOLSCHEMA_LSP=/path/to/toolschema-lsp node --test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  PublishDiagnosticsNotification,
  CodeActionRequest,
  ConfigurationRequest,
  RegistrationRequest,
  ShutdownRequest,
  ExitNotification,
} from 'vscode-languageserver-protocol/node.js';

const here = dirname(fileURLToPath(import.meta.url));
const bin = process.env.TOOLSCHEMA_LSP;

// textOf returns the text a range covers: JavaScript strings count
// UTF-16 code units, as the range does.
function textOf(text, range) {
  const lines = text.split('\n');
  const at = (p) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return text.slice(at(range.start), at(range.end));
}

function applyEdits(text, edits) {
  const lines = text.split('\n');
  const at = (p) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => at(b.range.start) - at(a.range.start));
  for (const e of sorted) {
    text = text.slice(0, at(e.range.start)) + e.newText + text.slice(at(e.range.end));
  }
  return text;
}

test('toolschema-lsp with the vscode-languageserver-protocol client', { timeout: 120_000 }, async () => {
  assert.ok(bin, 'set TOOLSCHEMA_LSP to the server binary');
  const dir = mkdtempSync(join(tmpdir(), 'toolschema-lsp-'));
  cpSync(join(here, '..', 'seeded'), dir, { recursive: true });
  const server = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const conn = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));

  const published = new Map(); // uri → params
  const waiters = [];
  conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.set(p.uri, p);
    for (const w of [...waiters]) w();
  });
  conn.onRequest(ConfigurationRequest.type, (p) => p.items.map(() => ({})));
  conn.onRequest(RegistrationRequest.type, () => null);
  conn.listen();
  const waitFor = (what, ok) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out waiting for ' + what + ': ' + JSON.stringify([...published.values()], null, 1))), 90_000);
    const check = () => {
      if (ok()) {
        clearTimeout(timer);
        waiters.splice(waiters.indexOf(check), 1);
        resolve();
      }
    };
    waiters.push(check);
    check();
  });

  try {
    const init = await conn.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      capabilities: {
        general: { positionEncodings: ['utf-16'] },
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { publishDiagnostics: { codeDescriptionSupport: true } },
      },
    });
    assert.equal(init.capabilities.positionEncoding, 'utf-16');
    conn.sendNotification(InitializedNotification.type, {});

    const golden = JSON.parse(readFileSync(join(here, '..', 'diagnostics.golden'), 'utf8'));
    const files = [...new Set(golden.map((g) => g.file))];
    const texts = {};
    for (const f of files) {
      texts[f] = readFileSync(join(dir, f), 'utf8');
      conn.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: pathToFileURL(join(dir, f)).href, languageId: 'go', version: 1, text: texts[f] },
      });
    }
    const uriOf = (f) => pathToFileURL(join(dir, f)).href;
    const count = () => files.reduce((n, f) => n + (published.get(uriOf(f))?.diagnostics.length ?? 0), 0);
    await waitFor('the seeded diagnostics', () => count() === golden.length);

    const got = [];
    for (const f of files) {
      for (const d of published.get(uriOf(f)).diagnostics) {
        assert.equal(d.source, 'toolschema');
        got.push({ file: f, code: d.code, href: d.codeDescription?.href, severity: d.severity, range: d.range, text: textOf(texts[f], d.range) });
      }
    }
    assert.deepEqual(got, golden);

    // The quick fix of OLT011, applied as an editor applies it.
    const tools = 'tools/tools.go';
    const olt011 = published.get(uriOf(tools)).diagnostics.find((d) => d.code === 'OLT011');
    const actions = await conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uriOf(tools) },
      range: olt011.range,
      context: { diagnostics: [olt011], only: ['quickfix'] },
    });
    const fix = actions.find((a) => a.diagnostics?.[0]?.code === 'OLT011');
    assert.ok(fix, 'no quick fix for OLT011: ' + JSON.stringify(actions));
    assert.equal(fix.kind, 'quickfix');
    const edits = fix.edit.changes[uriOf(tools)];
    assert.deepEqual(Object.keys(fix.edit.changes), [uriOf(tools)]);
    const fixed = applyEdits(texts[tools], edits);
    assert.equal('-- ' + tools + ' --\n' + fixed, readFileSync(join(here, '..', 'fixes', 'OLT011.golden'), 'utf8'));

    // The fixed text, unsaved: OLT011 goes, the rest stays.
    conn.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uriOf(tools), version: 2 },
      contentChanges: [{ text: fixed }],
    });
    const codes = () => published.get(uriOf(tools)).diagnostics.map((d) => d.code).join(' ');
    await waitFor('OLT011 gone', () => published.get(uriOf(tools)).version === 2 && codes() === 'OLT002 OLT014 OLT009 OLT008');

    // A new violation typed in: it appears with its range.
    const renamed = fixed.replace('name=find!', 'name=find.it');
    conn.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uriOf(tools), version: 3 },
      contentChanges: [{ text: renamed }],
    });
    await waitFor('the new name', () => published.get(uriOf(tools)).version === 3);
    const olt008 = published.get(uriOf(tools)).diagnostics.find((d) => d.code === 'OLT008');
    assert.equal(textOf(renamed, olt008.range), 'name=find.it');
    assert.match(olt008.message, /find\.it/);

    await conn.sendRequest(ShutdownRequest.type);
    conn.sendNotification(ExitNotification.type);
    assert.equal(await exited, 0);
    // It wrote nothing.
    for (const f of files) {
      assert.equal(readFileSync(join(dir, f), 'utf8'), texts[f]);
    }
  } finally {
    conn.dispose();
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
