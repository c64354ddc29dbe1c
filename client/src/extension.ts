/**
 * The VS Code extension: a thin client. It starts the bundled language server
 * (dist/server.js) through vscode-languageclient, registers the commands and
 * the status bar item, and asks the server for everything else: the catalog
 * reference pages (zscript/reference) and the catalog HTTP server
 * (zscript/startCatalogServer), so that both follow the catalog the server
 * uses and no server code is bundled twice.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  type CancellationToken,
  LanguageClient,
  type LanguageClientOptions,
  type MessageSignature,
  RevealOutputChannelOn,
  type ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';

export const LANGUAGE_ID = 'zscript';
export const REFERENCE_SCHEME = 'zscript-reference';
const CATALOG_STATUS_NOTIFICATION = 'zscript/catalogStatus';
const RELOAD_CATALOG_REQUEST = 'zscript/reloadCatalog';
const REFERENCE_REQUEST = 'zscript/reference';
const REFERENCE_INDEX_REQUEST = 'zscript/referenceIndex';
const START_CATALOG_SERVER_REQUEST = 'zscript/startCatalogServer';
const STOP_CATALOG_SERVER_REQUEST = 'zscript/stopCatalogServer';
const DEFAULT_CATALOG_PORT = 8080;

/** What zscript/reference answers. */
interface ReferencePage {
  name: string;
  kind: 'function' | 'trigger';
  found: boolean;
  markdown: string;
}

/** What zscript/startCatalogServer answers. */
interface CatalogServerInfo {
  url: string;
  port: number;
  source: string;
}

/**
 * vscode-languageclient logs every exit of the server process as an error, the clean exit
 * (code 0) that follows a requested stop included: "Restart Language Server" would always print
 * `[Error] Server process exited with code 0`. Only that one line is dropped, and only after a
 * stop this extension asked for; any other exit is still reported.
 */
class ZscriptLanguageClient extends LanguageClient {
  stopRequested = false;

  override error(message: string, data?: unknown, showNotification?: boolean | 'force'): void {
    if (this.stopRequested && message === 'Server process exited with code 0.') return;
    super.error(message, data, showNotification);
  }

  override stop(timeout?: number): Promise<void> {
    this.stopRequested = true;
    return super.stop(timeout);
  }

  /**
   * A request VS Code made just as a restart stopped this client loses its
   * connection ("Starting server failed" from vscode-languageclient, which
   * only forgives ConnectionInactive): its answer is the empty default, not
   * an error line in the output.
   */
  override handleFailedRequest<T>(
    type: MessageSignature,
    token: CancellationToken | undefined,
    error: unknown,
    defaultValue: T,
    showNotification?: boolean,
  ): T {
    if (this.stopRequested) return defaultValue;
    return super.handleFailedRequest(type, token, error, defaultValue, showNotification);
  }
}

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

let client: ZscriptLanguageClient | undefined;
let clientReady: Promise<void> = Promise.resolve();
let output: vscode.OutputChannel;
let traceOutput: vscode.OutputChannel;
let statusItem: vscode.StatusBarItem;
let catalogStatus: CatalogStatus | undefined;
let catalogServer: CatalogServerInfo | undefined;
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

  const references = new ReferenceProvider();
  referenceProvider = references;
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(REFERENCE_SCHEME, references),
    vscode.commands.registerCommand('zscript.restartServer', () => restartServer(context)),
    vscode.commands.registerCommand('zscript.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('zscript.openReference', (name?: unknown) => openReference(name)),
    vscode.commands.registerCommand('zscript.startCatalogServer', (port?: unknown) => startCatalogServer(port)),
    vscode.commands.registerCommand('zscript.stopCatalogServer', () => stopCatalogServer()),
    vscode.commands.registerCommand('zscript.reloadCatalog', () => reloadCatalog()),
    vscode.window.onDidChangeActiveTextEditor(() => updateStatus()),
    // "Change Language Mode" reopens the document under its new language; the editor stays the same.
    vscode.workspace.onDidOpenTextDocument(() => updateStatus()),
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

function createClient(context: vscode.ExtensionContext): ZscriptLanguageClient {
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
  return new ZscriptLanguageClient('zscript', 'zscript language server', serverOptions, clientOptions);
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
    referenceProvider?.refresh(); // the reference follows the catalog the server uses
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
  // The catalog HTTP server runs in the server process and ends with it.
  catalogServer = undefined;
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
  // Plain text, not markdown: a markdown tooltip's escapes (`&nbsp;`, backslashes) end up in what screen readers say.
  const said: string[] = [];
  if (catalogStatus) {
    const label = SOURCE_LABELS[catalogStatus.source] ?? catalogStatus.source;
    parts.push(`$(book) Z: ${label}`);
    said.push(`zscript catalog in use: ${catalogStatus.message}.`);
  } else {
    parts.push(client ? '$(sync~spin) Z' : '$(circle-slash) Z');
    said.push(client ? 'zscript: the language server is starting.' : 'zscript: the language server is not running.');
  }
  if (catalogServer) {
    parts.push(`$(radio-tower) ${catalogServer.port}`);
    said.push(`Catalog HTTP server: ${catalogServer.url}.`);
  }
  said.push('Click to show the zscript output.');
  statusItem.text = parts.join(' ');
  statusItem.tooltip = said.join('\n');
  statusItem.accessibilityInformation = { label: said.join(' '), role: 'button' };
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
  if (!client || client.state !== State.Running) {
    void vscode.window.showWarningMessage('zscript: the language server is not running; the catalog server runs inside it.');
    return undefined;
  }
  const config = vscode.workspace.getConfiguration('zscript');
  // A catalog directory set for the language server is served too; otherwise the bundled copy.
  const catalogDir = config.get<string>('catalog.source') === 'file' ? catalogPathSetting(config) : undefined;
  try {
    catalogServer = await client.sendRequest<CatalogServerInfo>(START_CATALOG_SERVER_REQUEST, { port, catalogDir });
  } catch (error) {
    const why = errorText(error);
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
  // It lives in the server process: a stopped server took it along.
  if (!client || client.state !== State.Running) return;
  try {
    await client.sendRequest(STOP_CATALOG_SERVER_REQUEST);
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

/** Read-only markdown pages from the server's catalog: zscript-reference:/Zname.md, /trigger/onMessage.md. */
class ReferenceProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** Re-renders the open reference pages (after the catalog changed). */
  refresh(): void {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme === REFERENCE_SCHEME) this.changed.fire(doc.uri);
    }
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const trigger = /^\/trigger\/([^/]+)\.md$/.exec(uri.path);
    const name = decodeURIComponent(trigger ? trigger[1] : uri.path.replace(/^\//, '').replace(/\.md$/, ''));
    const page = await referencePage(name, trigger ? 'trigger' : 'function');
    return page ? page.markdown : `# ${name}\n\nThe language server is not running: start it with "zscript: Restart Language Server".\n`;
  }
}

async function referencePage(name: string, kind: 'function' | 'trigger'): Promise<ReferencePage | undefined> {
  await clientReady;
  if (!client || client.state !== State.Running) return undefined;
  return (await client.sendRequest<ReferencePage | null>(REFERENCE_REQUEST, { name, kind })) ?? undefined;
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

async function openReference(arg?: unknown): Promise<vscode.Uri | undefined> {
  let target: { kind: 'function' | 'trigger'; name: string } | undefined =
    typeof arg === 'string' && arg.trim()
      ? { kind: /^Z/.test(arg.trim()) ? 'function' : 'trigger', name: arg.trim() }
      : nameAtCursor(vscode.window.activeTextEditor);
  try {
    const page = target ? await referencePage(target.name, target.kind) : undefined;
    if (target && !page) throw new Error('the language server is not running');
    if (target?.kind === 'function' && page && !page.found) target = undefined;
    if (!target) {
      if (!client || client.state !== State.Running) throw new Error('the language server is not running');
      const index = await client.sendRequest<{ name: string; syntax: string; description: string }[]>(REFERENCE_INDEX_REQUEST);
      const picked = await vscode.window.showQuickPick(
        index.map((fn) => ({ label: fn.name, description: fn.syntax, detail: fn.description })),
        { title: 'zscript reference', placeHolder: 'Function to open', matchOnDescription: true, matchOnDetail: true },
      );
      if (!picked) return undefined;
      target = { kind: 'function', name: picked.label };
    } else if (page) target = { kind: target.kind, name: page.name };
  } catch (error) {
    void vscode.window.showErrorMessage(`zscript: no catalog reference: ${errorText(error)}`);
    return undefined;
  }
  const uri = vscode.Uri.from({
    scheme: REFERENCE_SCHEME,
    path: target.kind === 'trigger' ? `/trigger/${encodeURIComponent(target.name)}.md` : `/${encodeURIComponent(target.name)}.md`,
  });
  // Rendered by the built-in markdown extension. In a new window it may not have started yet, and
  // its commands do not exist until it has: activate it first rather than falling back to raw text.
  const markdown = vscode.extensions.getExtension('vscode.markdown-language-features');
  if (markdown) {
    try {
      await markdown.activate();
    } catch {
      // Disabled or broken: the plain text below still shows the page.
    }
  }
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
