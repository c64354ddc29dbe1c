/**
 * Extension-host tests: the packaged extension in a real VS Code (run with
 * `npm run test:vscode`). Activation, the language server's completion and
 * diagnostics, the commands and the status the extension reports.
 */
import * as assert from 'node:assert';
import * as http from 'node:http';
import * as vscode from 'vscode';

const EXTENSION_ID = 'zscript.zscript';

interface Api {
  readonly client: unknown;
  catalogStatus(): { source: string; message: string } | undefined;
  catalogServerUrl(): string | undefined;
  ready(): Promise<void>;
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, attempts = 300): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value as T;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function openZbr(content: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument({ language: 'zscript', content });
  await vscode.window.showTextDocument(doc);
  return doc;
}

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('zscript extension in VS Code', () => {
  let api: Api;

  before(async () => {
    const extension = vscode.extensions.getExtension<Api>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is installed in the test instance`);
    await openZbr('#trigger !hello\nHello Zusername!\n');
    api = await extension.activate();
    await api.ready();
  });

  it('activates on a .zbr document and reports the catalog in use', async () => {
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)!.isActive);
    const status = await until('zscript/catalogStatus', () => api.catalogStatus());
    assert.strictEqual(status.source, 'bundled');
    assert.match(status.message, /bundled catalog/);
  });

  it('gives .zbr files the zscript language', async () => {
    const files = await vscode.workspace.findFiles('**/*.zbr', '**/node_modules/**', 1);
    if (files.length === 0) return; // no workspace folder in this run
    const doc = await vscode.workspace.openTextDocument(files[0]);
    assert.strictEqual(doc.languageId, 'zscript');
  });

  it('registers its commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of [
      'zscript.restartServer',
      'zscript.showOutput',
      'zscript.openReference',
      'zscript.startCatalogServer',
      'zscript.stopCatalogServer',
      'zscript.reloadCatalog',
    ]) {
      assert.ok(commands.includes(id), id);
    }
  });

  it('completes function names from the catalog', async () => {
    const doc = await openZbr('#trigger !x\nZuser');
    const position = new vscode.Position(1, 5);
    const list = await until('completion items', async () => {
      const result = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, position);
      return result && result.items.length > 0 ? result : undefined;
    });
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(
      labels.some((l) => l.startsWith('Zusername')),
      labels.slice(0, 20).join(', '),
    );
  });

  it('shows diagnostics from the analysis, and clears them when fixed', async () => {
    const doc = await openZbr('#trigger !ban\nZban{}\nZaddFeild{a;b}\n');
    const diagnostics = await until('diagnostics', () => {
      const list = vscode.languages.getDiagnostics(doc.uri);
      return list.length >= 2 ? list : undefined;
    });
    const codes = diagnostics.map((d) => (typeof d.code === 'object' ? d.code.value : d.code));
    assert.ok(codes.includes('missing-argument'), codes.join(', '));
    assert.ok(codes.includes('unknown-function'), codes.join(', '));
    const missing = diagnostics.find((d) => (typeof d.code === 'object' ? d.code.value : d.code) === 'missing-argument')!;
    assert.strictEqual(missing.range.start.line, 1);
    assert.strictEqual(missing.severity, vscode.DiagnosticSeverity.Error);

    const editor = await vscode.window.showTextDocument(doc);
    await editor.edit((edit) => edit.replace(new vscode.Range(1, 0, 2, 14), 'Hello\nworld'));
    await until('diagnostics cleared', () => vscode.languages.getDiagnostics(doc.uri).length === 0);
  });

  it('hover shows the catalog documentation', async () => {
    const doc = await openZbr('#trigger !x\nZuppercase{hi}\n');
    const hovers = await until('hover', async () => {
      const result = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(1, 3));
      return result && result.length > 0 ? result : undefined;
    });
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    assert.match(text, /Zuppercase/);
  });

  it('opens the catalog reference of the function under the cursor as a read-only document', async () => {
    const doc = await openZbr('#trigger !x\nZuppercase{hi}\n');
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(1, 2, 1, 2);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('zscript.openReference');
    assert.ok(uri, 'the command answers the reference URI');
    assert.strictEqual(uri.scheme, 'zscript-reference');
    const reference = await vscode.workspace.openTextDocument(uri);
    assert.match(reference.getText(), /^# Zuppercase/);
    assert.match(reference.getText(), /\| parameter \| type \| required \| default \|/);
  });

  it('starts and stops the catalog HTTP server and shows it in the status', async () => {
    const url = await vscode.commands.executeCommand<string>('zscript.startCatalogServer', 0);
    assert.ok(url && /^http:\/\/127\.0\.0\.1:\d+$/.test(url), String(url));
    assert.strictEqual(api.catalogServerUrl(), url);
    const health = await get(`${url}/healthz`);
    assert.strictEqual(health.status, 200);
    const functions = await get(`${url}/functions_list`);
    assert.ok(Array.isArray(JSON.parse(functions.body)));
    await vscode.commands.executeCommand('zscript.stopCatalogServer');
    assert.strictEqual(api.catalogServerUrl(), undefined);
    await assert.rejects(get(`${url}/healthz`));
  });

  it('reloads the catalog on request', async () => {
    await vscode.commands.executeCommand('zscript.reloadCatalog');
    const status = await until('status after reload', () => api.catalogStatus());
    assert.strictEqual(status.source, 'bundled');
  });

  it('restarts the language server and keeps answering', async () => {
    await vscode.commands.executeCommand('zscript.restartServer');
    await api.ready();
    const doc = await openZbr('#trigger !x\nZclear{ten}\n');
    await until('diagnostics after restart', () => vscode.languages.getDiagnostics(doc.uri).length > 0);
  });
});
