/**
 * The VS Code extension: starts the bundled language server (dist/server.js)
 * through vscode-languageclient, registers the commands and the status bar
 * item, and nothing else. Language logic lives in the server; the catalog
 * reference and the catalog HTTP server reuse the server's own modules.
 */
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import type { Catalog } from '../../server/src/catalog/catalog';
import { functionMarkdown, triggerMarkdown } from '../../server/src/features/docs';
import { serveCatalog, type CatalogServer } from '../../server/src/http/server';
import { chooseCatalog, defaultCacheDir } from '../../server/src/lsp/catalogSource';
import { normalizeSettings } from '../../server/src/lsp/settings';

export const LANGUAGE_ID = 'zscript';
export const REFERENCE_SCHEME = 'zscript-reference';
const CATALOG_STATUS_NOTIFICATION = 'zscript/catalogStatus';
const RELOAD_CATALOG_REQUEST = 'zscript/reloadCatalog';
const DEFAULT_CATALOG_PORT = 8080;

interface CatalogStatus {
  source: string;
  functions?: number;
  message: string;
}

/** What the extension exposes to other extensions and to the extension-host tests. */
export interface ZscriptExtensionApi {
  readonly client: LanguageClient | undefined;
  catalogStatus(): CatalogStatus | undefined;
  catalogServerUrl(): string | undefined;
  /** Resolves once the language client is running. */
  ready(): Promise<void>;
}

let client: LanguageClient | undefined;
let clientReady: Promise<void> = Promise.resolve();
let output: vscode.OutputChannel;
let traceOutput: vscode.OutputChannel;
let statusItem: vscode.StatusBarItem;
let catalogStatus: CatalogStatus | undefined;
let catalogServer: CatalogServer | undefined;
let referenceCatalog: Promise<Catalog> | undefined;
let referenceProvider: ReferenceProvider | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<ZscriptExtensionApi> {
  output = vscode.window.createOutputChannel('zscript');
  traceOutput = vscode.window.createOutputChannel('zscript (LSP trace)');
  context.subscriptions.push(output, traceOutput);

  statusItem = vscode.window.createStatusBarItem('zscript.status', vscode.StatusBarAlignment.Right, 100);
  statusItem.name = 'zscript catalog';
  statusItem.command = 'zscript.showOutput';
  context.subscriptions.push(statusItem);
  updateStatus();

  const references = new ReferenceProvider(() => catalogForReference(context));
  referenceProvider = references;
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(REFERENCE_SCHEME, references),
    vscode.commands.registerCommand('zscript.restartServer', () => restartServer(context)),
    vscode.commands.registerCommand('zscript.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('zscript.openReference', (name?: unknown) => openReference(context, name)),
    vscode.commands.registerCommand('zscript.startCatalogServer', (port?: unknown) => startCatalogServer(port)),
    vscode.commands.registerCommand('zscript.stopCatalogServer', () => stopCatalogServer()),
    vscode.commands.registerCommand('zscript.reloadCatalog', () => reloadCatalog()),
    vscode.window.onDidChangeActiveTextEditor(() => updateStatus()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('zscript.catalog')) {
        referenceCatalog = undefined;
        references.refresh();
      }
    }),
    { dispose: () => void stopCatalogServer(true) },
  );

  await startClient(context);
  return {
    get client() {
      return client;
    },
    catalogStatus: () => catalogStatus,
    catalogServerUrl: () => catalogServer?.url,
    ready: () => clientReady,
  };
}

export async function deactivate(): Promise<void> {
  await stopCatalogServer(true);
  const running = client;
  client = undefined;
  if (running) await running.stop().catch(() => undefined);
}

// ---- language client ------------------------------------------------------------

function createClient(context: vscode.ExtensionContext): LanguageClient {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: {
      module,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6009'] },
    },
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.zbr');
  context.subscriptions.push(watcher);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: LANGUAGE_ID },
      { scheme: 'untitled', language: LANGUAGE_ID },
    ],
    synchronize: {
      configurationSection: 'zscript',
      fileEvents: watcher,
    },
    initializationOptions: {
      globalStoragePath: context.globalStorageUri.fsPath,
    },
    outputChannel: output,
    traceOutputChannel: traceOutput,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
  };
  return new LanguageClient('zscript', 'zscript language server', serverOptions, clientOptions);
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const next = createClient(context);
  client = next;
  updateStatus();
  next.onDidChangeState((event) => {
    if (event.newState === State.Stopped && client === next) {
      catalogStatus = undefined;
      updateStatus();
    }
  });
  next.onNotification(CATALOG_STATUS_NOTIFICATION, (status: CatalogStatus) => {
    catalogStatus = status;
    referenceCatalog = undefined; // the reference follows the catalog the server uses
    referenceProvider?.refresh();
    output.appendLine(`[catalog] ${status.message}`);
    updateStatus();
  });
  clientReady = next.start().then(
    () => undefined,
    (error: unknown) => {
      output.appendLine(`zscript: the language server did not start: ${errorText(error)}`);
      void vscode.window.showErrorMessage(`zscript: the language server did not start (${errorText(error)}). See the zscript output.`);
    },
  );
  await clientReady;
}

async function restartServer(context: vscode.ExtensionContext): Promise<void> {
  const running = client;
  client = undefined;
  catalogStatus = undefined;
  updateStatus();
  if (running) {
    try {
      await running.stop();
    } catch (error) {
      output.appendLine(`zscript: stopping the server: ${errorText(error)}`);
    }
  }
  output.appendLine('zscript: restarting the language server');
  await startClient(context);
}

async function reloadCatalog(): Promise<CatalogStatus | undefined> {
  if (!client || client.state !== State.Running) {
    void vscode.window.showWarningMessage('zscript: the language server is not running.');
    return undefined;
  }
  try {
    const status = await client.sendRequest<CatalogStatus>(RELOAD_CATALOG_REQUEST);
    if (status) {
      catalogStatus = status;
      referenceCatalog = undefined;
      updateStatus();
      void vscode.window.showInformationMessage(`zscript: ${status.message}`);
    }
    return status;
  } catch (error) {
    void vscode.window.showErrorMessage(`zscript: reloading the catalog failed: ${errorText(error)}`);
    return undefined;
  }
}

// ---- status bar -------------------------------------------------------------------

const SOURCE_LABELS: Record<string, string> = {
  bundled: 'bundled',
  file: 'file',
  url: 'URL',
  cache: 'cached URL',
};

function updateStatus(): void {
  void vscode.commands.executeCommand('setContext', 'zscript.catalogServerRunning', catalogServer !== undefined);
  if (!statusItem) return;
  const parts: string[] = [];
  const tooltip = new vscode.MarkdownString(undefined, true);
  if (catalogStatus) {
    const label = SOURCE_LABELS[catalogStatus.source] ?? catalogStatus.source;
    parts.push(`$(book) Z: ${label}`);
    tooltip.appendText(`Catalog in use: ${catalogStatus.message}`);
  } else {
    parts.push(client ? '$(sync~spin) Z' : '$(circle-slash) Z');
    tooltip.appendText(client ? 'zscript: the language server is starting' : 'zscript: the language server is not running');
  }
  if (catalogServer) {
    parts.push(`$(radio-tower) ${catalogServer.address().port}`);
    tooltip.appendText(`\n\nCatalog HTTP server: ${catalogServer.url}`);
  }
  tooltip.appendMarkdown('\n\nClick to show the zscript output.');
  statusItem.text = parts.join(' ');
  statusItem.tooltip = tooltip;
  const editor = vscode.window.activeTextEditor;
  if (catalogServer || editor?.document.languageId === LANGUAGE_ID) statusItem.show();
  else statusItem.hide();
}

// ---- catalog HTTP server ----------------------------------------------------------

function parsePort(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : undefined;
}

async function startCatalogServer(portArg?: unknown): Promise<string | undefined> {
  if (catalogServer) {
    void vscode.window.showInformationMessage(`zscript: the catalog server already runs at ${catalogServer.url}`);
    return catalogServer.url;
  }
  let port = parsePort(portArg);
  if (port === undefined) {
    const answer = await vscode.window.showInputBox({
      title: 'Start the zscript catalog server',
      prompt: 'Port on 127.0.0.1 (0 picks a free one)',
      value: String(DEFAULT_CATALOG_PORT),
      validateInput: (text) => (parsePort(text) === undefined ? 'A port number from 0 to 65535' : undefined),
    });
    if (answer === undefined) return undefined;
    port = parsePort(answer);
    if (port === undefined) return undefined;
  }
  const config = vscode.workspace.getConfiguration('zscript');
  // A catalog directory set for the language server is served too; otherwise the bundled copy.
  const catalogDir = config.get<string>('catalog.source') === 'file' ? catalogPathSetting(config) : undefined;
  try {
    catalogServer = await serveCatalog({
      host: '127.0.0.1',
      port,
      catalogDir,
      quiet: true,
      log: (line) => output.appendLine(`[catalog server] ${line}`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code;
    const why = code === 'EADDRINUSE' ? `port ${port} is in use` : errorText(error);
    output.appendLine(`[catalog server] not started: ${why}`);
    void vscode.window.showErrorMessage(`zscript: the catalog server did not start: ${why}`);
    return undefined;
  }
  const url = catalogServer.url;
  output.appendLine(`[catalog server] serving ${catalogServer.source === 'bundled' ? 'the bundled catalog' : catalogServer.source} at ${url}`);
  updateStatus();
  void vscode.window.showInformationMessage(`zscript: catalog server at ${url}`, 'Copy URL', 'Open').then((choice) => {
    if (choice === 'Copy URL') void vscode.env.clipboard.writeText(url);
    else if (choice === 'Open') void vscode.env.openExternal(vscode.Uri.parse(`${url}/functions_list`));
  });
  return url;
}

async function stopCatalogServer(silent = false): Promise<void> {
  const running = catalogServer;
  if (!running) {
    if (!silent) void vscode.window.showInformationMessage('zscript: the catalog server is not running.');
    return;
  }
  catalogServer = undefined;
  updateStatus();
  try {
    await running.stop();
    output.appendLine(`[catalog server] stopped (${running.url})`);
    if (!silent) void vscode.window.showInformationMessage('zscript: catalog server stopped.');
  } catch (error) {
    output.appendLine(`[catalog server] stopping: ${errorText(error)}`);
  }
}

function catalogPathSetting(config: vscode.WorkspaceConfiguration): string | undefined {
  const raw = (config.get<string>('catalog.path') ?? '').trim();
  if (!raw) return undefined;
  if (raw === '~' || raw.startsWith('~/')) return path.join(os.homedir(), raw.slice(1));
  if (path.isAbsolute(raw)) return raw;
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder ? path.join(folder.uri.fsPath, raw) : raw;
}

// ---- catalog reference ------------------------------------------------------------

/** Read-only markdown pages generated from the catalog: zscript-reference:/Zname.md, /trigger/onMessage.md. */
class ReferenceProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  constructor(private readonly catalog: () => Promise<Catalog>) {}

  /** Re-renders the open reference pages (after the catalog changed). */
  refresh(): void {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme === REFERENCE_SCHEME) this.changed.fire(doc.uri);
    }
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const catalog = await this.catalog();
    const trigger = /^\/trigger\/([^/]+)\.md$/.exec(uri.path);
    if (trigger) {
      const record = catalog.getTrigger(decodeURIComponent(trigger[1]));
      return record ? `# ${record.name}\n\n${triggerMarkdown(record)}\n` : `# ${trigger[1]}\n\nNo such trigger in the catalog.\n`;
    }
    const name = decodeURIComponent(uri.path.replace(/^\//, '').replace(/\.md$/, ''));
    const fn = catalog.getFunction(name) ?? catalog.getFunctionIgnoringCase(name);
    if (!fn) return `# ${name}\n\nNo function of this name in the catalog (${catalog.functions.length} functions).\n`;
    return `# ${fn.name}\n\n${functionMarkdown(catalog, fn)}\n\n---\n_From the ${catalog.source === 'bundled' ? 'bundled catalog' : `catalog at ${catalog.source}`}._\n`;
  }
}

/** The catalog the reference pages read: the same choice as the server's, from the same settings. */
function catalogForReference(context: vscode.ExtensionContext): Promise<Catalog> {
  if (!referenceCatalog) {
    const section = vscode.workspace.getConfiguration().get('zscript');
    const settings = normalizeSettings(section);
    const workspaceDir = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    referenceCatalog = chooseCatalog(settings, {
      workspaceDir,
      cacheDir: defaultCacheDir({ globalStoragePath: context.globalStorageUri.fsPath }),
    }).then((choice) => choice.catalog);
    referenceCatalog.catch(() => (referenceCatalog = undefined));
  }
  return referenceCatalog;
}

/** The function (or event trigger) under the cursor: `Zname` in the body, an event name on a #trigger line. */
function nameAtCursor(editor: vscode.TextEditor | undefined): { kind: 'function' | 'trigger'; name: string } | undefined {
  if (!editor) return undefined;
  const { document, selection } = editor;
  const position = selection.active;
  const range = document.getWordRangeAtPosition(position, /Z[A-Za-z0-9]+/);
  if (range) return { kind: 'function', name: document.getText(range) };
  const line = document.lineAt(position.line).text;
  const trigger = /^\s*#trigger\s+(on[A-Za-z]+)/i.exec(line);
  if (trigger) return { kind: 'trigger', name: trigger[1] };
  return undefined;
}

async function openReference(context: vscode.ExtensionContext, arg?: unknown): Promise<vscode.Uri | undefined> {
  let target: { kind: 'function' | 'trigger'; name: string } | undefined =
    typeof arg === 'string' && arg.trim() ? { kind: /^Z/.test(arg.trim()) ? 'function' : 'trigger', name: arg.trim() } : nameAtCursor(vscode.window.activeTextEditor);
  let catalog: Catalog;
  try {
    catalog = await catalogForReference(context);
  } catch (error) {
    void vscode.window.showErrorMessage(`zscript: no catalog for the reference: ${errorText(error)}`);
    return undefined;
  }
  if (target?.kind === 'function' && !catalog.getFunction(target.name) && !catalog.getFunctionIgnoringCase(target.name)) target = undefined;
  if (!target) {
    const picked = await vscode.window.showQuickPick(
      catalog.functions.map((fn) => ({ label: fn.name, description: fn.syntax, detail: fn.description })),
      { title: 'zscript reference', placeHolder: 'Function to open', matchOnDescription: true, matchOnDetail: true },
    );
    if (!picked) return undefined;
    target = { kind: 'function', name: picked.label };
  }
  const uri = vscode.Uri.from({
    scheme: REFERENCE_SCHEME,
    path: target.kind === 'trigger' ? `/trigger/${encodeURIComponent(target.name)}.md` : `/${encodeURIComponent(target.name)}.md`,
  });
  // A rendered preview when the built-in markdown extension is there, the read-only markdown text otherwise.
  const commands = await vscode.commands.getCommands(true);
  if (commands.includes('markdown.showPreviewToSide')) {
    await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
  } else {
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  }
  return uri;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
