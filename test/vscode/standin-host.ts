/**
 * Runs the packaged client bundle (dist/extension.js) outside VS Code against
 * a stand-in for the `vscode` module: the APIs the extension itself uses are
 * recorded, every other API answers with harmless stand-ins. The language
 * server it starts is the real dist/server.js over Node IPC. It plays a fixed
 * scenario and prints one JSON report on stdout, then exits (the language
 * client keeps timers that a real extension host would end with the process).
 *
 *   node out/test/vscode/standin-host.js
 *
 * test/unit/package.test.ts runs it and asserts on the report. Not a suite
 * file: neither mocha's glob nor test/vscode/index.ts loads it.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Api {
  catalogStatus(): { source: string; functions?: number; message: string } | undefined;
  catalogServerUrl(): string | undefined;
  ready(): Promise<void>;
}

const commands = new Map<string, (...args: unknown[]) => unknown>();
const output: string[] = [];
const messages: string[] = [];
const openListeners: ((doc: unknown) => void)[] = [];
const statusBar = {
  text: '',
  tooltip: undefined as unknown,
  accessibilityInformation: undefined as { label: string } | undefined,
  visible: false,
  show() {
    this.visible = true;
  },
  hide() {
    this.visible = false;
  },
  dispose() {},
};
let provider: { scheme: string; provideTextDocumentContent(uri: { path: string }): Promise<string> } | undefined;
let contexts: Record<string, unknown> = {};

/** Any function, object or constructor a caller wants; disposable; never a thenable. */
function standIn(name: string): unknown {
  const cache = new Map<string | symbol, unknown>();
  // biome-ignore lint/complexity/useArrowFunction: the target must be constructible (the extension extends and news these stand-ins)
  return new Proxy(function () {}, {
    get(_target, prop) {
      if (prop === 'then') return undefined;
      if (prop === 'dispose') return () => undefined;
      if (prop === Symbol.toPrimitive) return () => name;
      if (!cache.has(prop)) cache.set(prop, standIn(`${name}.${String(prop)}`));
      return cache.get(prop);
    },
    apply: () => standIn(`${name}()`),
    construct: () => standIn(`new ${name}`) as object,
  });
}

function makeVscode(): Record<string, any> {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const base = standIn('vscode') as Record<string, unknown>;
  const overrides: Record<string, unknown> = {};
  const namespace = (name: string, own: Record<string, unknown>) => {
    const inner = base[name] as Record<string, unknown>;
    overrides[name] = new Proxy(own, { get: (t, prop) => (prop in t ? t[prop as string] : inner[prop as string]) });
  };
  class EventEmitter<T> {
    private listeners: ((e: T) => void)[] = [];
    event = (listener: (e: T) => void) => {
      this.listeners.push(listener);
      return { dispose: () => undefined };
    };
    fire(e: T) {
      for (const l of this.listeners) l(e);
    }
    dispose() {}
  }
  class MarkdownString {
    constructor(public value = '') {}
    appendText(text: string) {
      this.value += text;
      return this;
    }
    appendMarkdown(text: string) {
      this.value += text;
      return this;
    }
  }
  Object.assign(overrides, { EventEmitter, MarkdownString, StatusBarAlignment: { Left: 1, Right: 2 }, version: '1.82.0' });
  namespace('commands', {
    registerCommand: (id: string, fn: (...args: unknown[]) => unknown) => {
      commands.set(id, fn);
      return { dispose: () => undefined };
    },
    executeCommand: async (id: string, key: string, value: unknown) => {
      if (id === 'setContext') contexts = { ...contexts, [key]: value };
      return undefined;
    },
    getCommands: async () => [...commands.keys()],
  });
  const show = (kind: string) => async (message: string) => {
    messages.push(`${kind}: ${message}`);
    return undefined;
  };
  namespace('window', {
    showInformationMessage: show('info'),
    showWarningMessage: show('warning'),
    showErrorMessage: show('error'),
    createStatusBarItem: () => statusBar,
    activeTextEditor: undefined,
    createOutputChannel: (name: string) => ({
      name,
      append: (text: string) => output.push(text),
      appendLine: (line: string) => output.push(line),
      show() {},
      hide() {},
      clear() {},
      replace() {},
      dispose() {},
    }),
  });
  namespace('workspace', {
    getConfiguration: () => ({
      get: (_key: string, fallback?: unknown) => fallback,
      has: () => false,
      inspect: () => undefined,
      update: async () => undefined,
    }),
    workspaceFolders: undefined,
    textDocuments: [],
    onDidOpenTextDocument: (listener: (doc: unknown) => void) => {
      openListeners.push(listener);
      return { dispose: () => undefined };
    },
    registerTextDocumentContentProvider: (scheme: string, p: { provideTextDocumentContent(uri: { path: string }): Promise<string> }) => {
      provider = Object.assign(p, { scheme });
      return { dispose: () => undefined };
    },
  });
  return new Proxy(overrides, { get: (t, prop) => (prop in t ? t[prop as string] : base[prop as string]) });
}

async function until<T>(probe: () => T | undefined, tries = 400): Promise<T | undefined> {
  for (let i = 0; i < tries; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return undefined;
}

async function status(url: string): Promise<number | string> {
  try {
    return (await fetch(url)).status;
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

async function main(): Promise<Record<string, unknown>> {
  const report: Record<string, unknown> = {};
  const vscode = makeVscode();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Module = require('node:module') as { _load: (request: string, ...rest: unknown[]) => unknown };
  const originalLoad = Module._load;
  Module._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? vscode : originalLoad.call(this, request, ...rest);
  };
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-standin-'));
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const extension = require(path.join(ROOT, 'dist', 'extension.js')) as { activate(context: unknown): Promise<Api>; deactivate(): Promise<void> };
    const api = await extension.activate({
      subscriptions: [],
      asAbsolutePath: (p: string) => path.join(ROOT, p),
      globalStorageUri: { fsPath: storage },
      extensionPath: ROOT,
    });
    await api.ready();
    report.commands = [...commands.keys()].sort();
    report.providerScheme = provider?.scheme;
    report.catalogStatus = await until(() => api.catalogStatus());
    report.statusBar = statusBar.text;
    report.catalogOutput = output.filter((line) => line.startsWith('[catalog]'));
    report.statusLabel = statusBar.accessibilityInformation?.label;
    report.statusTooltip = statusBar.tooltip;

    // "Change Language Mode": the same editor, its document reopened under the new language.
    const window = vscode.window as { activeTextEditor: unknown };
    const editor = { document: { languageId: 'plaintext', uri: { scheme: 'file' } } };
    window.activeTextEditor = editor;
    for (const l of openListeners) l(editor.document);
    report.statusVisiblePlain = statusBar.visible;
    editor.document = { languageId: 'zscript', uri: { scheme: 'file' } };
    for (const l of openListeners) l(editor.document);
    report.statusVisibleAfterModeChange = statusBar.visible;
    window.activeTextEditor = undefined;

    report.reload = await commands.get('zscript.reloadCatalog')!();
    report.reloadMessages = messages.filter((m) => m.startsWith('info: zscript: '));

    const url = (await commands.get('zscript.startCatalogServer')!(0)) as string | undefined;
    report.serverUrl = url;
    report.serverUrlFromApi = api.catalogServerUrl();
    report.runningContext = contexts['zscript.catalogServerRunning'];
    report.statusBarWithServer = statusBar.text;
    report.healthz = url ? await status(`${url}/healthz`) : undefined;
    report.secondStart = await commands.get('zscript.startCatalogServer')!(0);
    await commands.get('zscript.stopCatalogServer')!();
    report.serverUrlAfterStop = api.catalogServerUrl() ?? null;
    report.stoppedContext = contexts['zscript.catalogServerRunning'];
    report.statusBarAfterStop = statusBar.text;
    report.healthzAfterStop = url ? await status(`${url}/healthz`) : undefined;

    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    report.busyPort = port;
    report.busyStart = (await commands.get('zscript.startCatalogServer')!(port)) ?? null;
    report.busyMessages = messages.filter((m) => m.startsWith('error: '));
    blocker.close();

    report.referenceFunction = await provider!.provideTextDocumentContent({ path: '/Zuppercase.md' });
    report.referenceTrigger = await provider!.provideTextDocumentContent({ path: '/trigger/onMemberJoin.md' });
    report.referenceUnknown = await provider!.provideTextDocumentContent({ path: '/Znope.md' });

    await commands.get('zscript.restartServer')!();
    await api.ready();
    report.statusAfterRestart = await until(() => api.catalogStatus());
    report.restartLogged = output.includes('zscript: restarting the language server');
    // The old server process's exit comes after the restart returns; give it time to be logged.
    await until(() => (output.some((line) => /exited with/.test(line)) ? true : undefined), 120);
    report.errorLines = output.filter((line) => /\[Error|exited with/.test(line));

    await extension.deactivate();
    report.deactivated = true;
  } catch (error) {
    report.error = (error as Error)?.stack ?? String(error);
  } finally {
    Module._load = originalLoad;
    fs.rmSync(storage, { recursive: true, force: true });
  }
  return report;
}

void main().then((report) => {
  process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
});
