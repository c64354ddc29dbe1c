/**
 * The LSP wiring: capabilities, document sync, settings, the catalog in use,
 * the workspace on disk, push and pull diagnostics, and one guarded handler
 * per request that maps protocol parameters onto the language service.
 * No language logic lives here (see ../service.ts).
 */
import {
  CancellationToken,
  CodeActionKind,
  Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  FileChangeType,
  InitializeParams,
  InitializeResult,
  LSPErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  WatchKind,
  WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver/node';
import type { Diagnostic, Position, Range } from 'vscode-languageserver-types';
import { bundledCatalog } from '../catalog';
import { LanguageService, SEMANTIC_TOKEN_MODIFIERS, SEMANTIC_TOKEN_TYPES, type ContentChange, type ZscriptLanguageService } from '../service';
import { chooseCatalog, defaultCacheDir } from './catalogSource';
import { CompletionWire } from './completion';
import {
  catalogKey,
  DEFAULT_SERVER_SETTINGS,
  extractSection,
  mergeSections,
  normalizeSettings,
  ServerSettings,
  serviceSettingsOf,
} from './settings';
import { uriToPath, WorkspaceFiles } from './workspace';
import packageJson from '../../../package.json';

export const SERVER_VERSION: string = (packageJson as { version?: string }).version ?? '0.0.0';

export const COMPLETION_TRIGGER_CHARACTERS = ['Z', '{', ';', '#', '+', '-', '/', '|', '$'];
export const SIGNATURE_TRIGGER_CHARACTERS = ['{', ';'];
export const SIGNATURE_RETRIGGER_CHARACTERS = [';'];

/** Push diagnostics wait at most this long after an edit, so that a burst of edits is analysed once. */
export const PUSH_DEBOUNCE_MS = 10;

export const CATALOG_STATUS_NOTIFICATION = 'zscript/catalogStatus';
export const RELOAD_CATALOG_REQUEST = 'zscript/reloadCatalog';

export interface CatalogStatus {
  source: string;
  functions: number;
  message: string;
}

export interface StartOptions {
  /** Builds the language service (tests may wrap it). */
  createService?: () => ZscriptLanguageService;
  /** Test hook: the named request method throws inside its handler (also ZSCRIPT_LSP_FAULT). */
  faultMethod?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document URI of a request's params, or undefined for garbage. */
function uriOf(params: unknown): string | undefined {
  const td = isObject(params) ? params.textDocument : undefined;
  const uri = isObject(td) ? td.uri : undefined;
  return typeof uri === 'string' ? uri : undefined;
}

function isPosition(value: unknown): value is Position {
  return isObject(value) && typeof value.line === 'number' && typeof value.character === 'number' && Number.isFinite(value.line) && Number.isFinite(value.character);
}

function isRange(value: unknown): value is Range {
  return isObject(value) && isPosition(value.start) && isPosition(value.end);
}

function samePosition(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

/** Deep equality of two JSON values (no allocation). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!sameJson((a as Json)[k], (b as Json)[k])) return false;
  return true;
}

/** Field-by-field equality of two diagnostic lists (what a client shows of them). */
export function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (
      !samePosition(x.range.start, y.range.start) ||
      !samePosition(x.range.end, y.range.end) ||
      x.severity !== y.severity ||
      x.code !== y.code ||
      x.message !== y.message ||
      x.source !== y.source ||
      (x.tags?.length ?? 0) !== (y.tags?.length ?? 0) ||
      (x.relatedInformation?.length ?? 0) !== (y.relatedInformation?.length ?? 0)
    ) {
      return false;
    }
    if (!sameJson(x.data, y.data)) return false;
  }
  return true;
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack ?? error.message };
  return { message: String(error), stack: String(error) };
}

export function startServer(connection: Connection, options: StartOptions = {}): void {
  const service: ZscriptLanguageService = options.createService ? options.createService() : new LanguageService(bundledCatalog());
  // Internal feature failures surface here instead of becoming silent empty answers,
  // so that each request's guard logs them and answers that request with an error.
  const withHook = service as ZscriptLanguageService & { onError?: (error: unknown) => void };
  withHook.onError = (error) => {
    throw error;
  };
  const faultMethod = options.faultMethod ?? process.env.ZSCRIPT_LSP_FAULT;

  const workspace = new WorkspaceFiles(service, {
    info: (m) => connection.console.info(`zscript: ${m}`),
    warn: (m) => connection.console.warn(`zscript: ${m}`),
  });

  // ---- client capabilities and settings state ------------------------------

  let clientSupportsPull = false;
  let clientSupportsConfiguration = false;
  let clientWatchesDynamically = false;
  let clientRegistersConfiguration = false;
  let clientHasWorkspaceFolders = false;
  let refreshSupport = { diagnostics: false, inlayHints: false, semanticTokens: false };
  let initOptionsSection: Json | undefined;
  let pushedSection: Json | undefined;
  let settings: ServerSettings = DEFAULT_SERVER_SETTINGS;
  let appliedCatalogKey: string | undefined;
  let appliedExclude: string | undefined;
  let cacheDir = defaultCacheDir(undefined);
  let initialized = false;
  let catalogStatus: CatalogStatus = { source: 'bundled', functions: service.catalog.functions.length, message: 'bundled catalog' };
  let catalogSequence = 0;
  let catalogLoading: Promise<CatalogStatus> | undefined;

  let completionWire = new CompletionWire({ itemDefaults: [], resolveProperties: [] });

  /** Open documents and the version the editor gave them. */
  const openVersions = new Map<string, number>();

  // ---- guards ----------------------------------------------------------------

  const logError = (method: string, error: unknown) => {
    const { stack } = describe(error);
    connection.console.error(`zscript: ${method} failed: ${stack}`);
  };

  const traceRequest = (method: string, started: number) => {
    if (settings.trace.server !== 'off') connection.console.log(`zscript: ${method} answered in ${(Date.now() - started).toFixed(0)} ms`);
  };

  /** Wraps a synchronous request handler: cancellation, garbage, faults and exceptions. */
  function guard<P, R>(method: string, empty: R, handler: (params: P, token: CancellationToken) => R | null | undefined): (params: P, token: CancellationToken) => R {
    return (params: P, token: CancellationToken) => {
      if (token?.isCancellationRequested) throw cancelled();
      const started = Date.now();
      try {
        if (faultMethod === method) throw new Error(`injected fault in ${method} (ZSCRIPT_LSP_FAULT)`);
        if (!isObject(params)) return empty;
        const result = handler(params, token);
        if (token?.isCancellationRequested) throw cancelled();
        traceRequest(method, started);
        return result ?? empty;
      } catch (error) {
        if (error instanceof ResponseError) throw error;
        logError(method, error);
        throw new ResponseError(ErrorCodes.InternalError, `zscript: ${method} failed: ${describe(error).message}`);
      }
    };
  }

  function guardAsync<P, R>(
    method: string,
    empty: R,
    handler: (params: P, token: CancellationToken) => Promise<R>,
    allowNoParams = false,
  ): (params: P, token: CancellationToken) => Promise<R> {
    return async (params: P, token: CancellationToken) => {
      if (token?.isCancellationRequested) throw cancelled();
      const started = Date.now();
      try {
        if (faultMethod === method) throw new Error(`injected fault in ${method} (ZSCRIPT_LSP_FAULT)`);
        if (!isObject(params) && !allowNoParams) return empty;
        const result = await handler(params, token);
        if (token?.isCancellationRequested) throw cancelled();
        traceRequest(method, started);
        return result ?? empty;
      } catch (error) {
        if (error instanceof ResponseError) throw error;
        logError(method, error);
        throw new ResponseError(ErrorCodes.InternalError, `zscript: ${method} failed: ${describe(error).message}`);
      }
    };
  }

  /** Wraps a notification handler: exceptions are logged, never thrown at the connection. */
  function guardNotification<P>(method: string, handler: (params: P) => void | Promise<void>): (params: P) => void {
    return (params: P) => {
      try {
        if (!isObject(params)) return;
        const result = handler(params);
        if (result && typeof (result as Promise<void>).catch === 'function') (result as Promise<void>).catch((error) => logError(method, error));
      } catch (error) {
        logError(method, error);
      }
    };
  }

  // ---- diagnostics: push -----------------------------------------------------

  const pushPending = new Set<string>();
  let pushTimer: NodeJS.Timeout | undefined;
  let pushWasEnabled = false;

  const pushEnabled = () => {
    const mode = settings.diagnostics.mode;
    return mode === 'push' || mode === 'both' || (mode === 'auto' && !clientSupportsPull);
  };

  function schedulePush(uri: string): void {
    if (!pushEnabled()) return;
    pushPending.add(uri);
    if (!pushTimer) pushTimer = setTimeout(flushPush, PUSH_DEBOUNCE_MS);
  }

  function flushPush(): void {
    pushTimer = undefined;
    const uris = [...pushPending];
    pushPending.clear();
    for (const uri of uris) {
      const version = openVersions.get(uri);
      if (version === undefined) continue;
      let diagnostics: Diagnostic[];
      try {
        diagnostics = service.diagnostics(uri);
      } catch (error) {
        logError('textDocument/publishDiagnostics', error);
        continue;
      }
      void connection.sendDiagnostics({ uri, version, diagnostics });
    }
  }

  /** After a catalog or settings change: every open document again (push), a refresh request (pull). */
  function republishAll(): void {
    const enabled = pushEnabled();
    if (enabled) {
      for (const uri of openVersions.keys()) schedulePush(uri);
    } else if (pushWasEnabled) {
      for (const uri of openVersions.keys()) void connection.sendDiagnostics({ uri, diagnostics: [] });
    }
    pushWasEnabled = enabled;
    if (refreshSupport.diagnostics) connection.languages.diagnostics.refresh();
    if (refreshSupport.inlayHints) connection.languages.inlayHint.refresh().catch(() => undefined);
    if (refreshSupport.semanticTokens) connection.languages.semanticTokens.refresh();
  }

  // ---- diagnostics: pull -----------------------------------------------------

  /**
   * Result ids: the same diagnostics (the service's cached array, or an equal
   * list after an edit that changed nothing they say) keep their id, so the
   * client is told "unchanged" instead of being sent the list again.
   */
  const lastResult = new Map<string, { id: string; diagnostics: readonly Diagnostic[] }>();
  let nextResultId = 1;

  function resultIdFor(uri: string, diagnostics: readonly Diagnostic[]): string {
    const last = lastResult.get(uri);
    if (last && (last.diagnostics === diagnostics || sameDiagnostics(last.diagnostics, diagnostics))) {
      last.diagnostics = diagnostics;
      return last.id;
    }
    const id = `${nextResultId++}`;
    lastResult.set(uri, { id, diagnostics });
    return id;
  }

  function reportFor(uri: string, previousResultId: string | undefined): DocumentDiagnosticReport {
    const diagnostics = service.diagnostics(uri);
    const resultId = resultIdFor(uri, diagnostics);
    if (previousResultId !== undefined && previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: diagnostics };
  }

  // ---- catalog -----------------------------------------------------------------

  function workspaceDir(): string | undefined {
    return workspace.roots[0];
  }

  function reloadCatalog(): Promise<CatalogStatus> {
    const sequence = ++catalogSequence;
    const current = settings;
    const loading = (async () => {
      const choice = await chooseCatalog(current, { workspaceDir: workspaceDir(), cacheDir });
      if (sequence !== catalogSequence) return catalogLoading ?? catalogStatus; // superseded by a newer reload
      if (choice.catalog !== service.catalog) service.setCatalog(choice.catalog);
      catalogStatus = { source: choice.source, functions: choice.catalog.functions.length, message: choice.message };
      void connection.sendNotification(CATALOG_STATUS_NOTIFICATION, catalogStatus);
      connection.console.info(`zscript: ${choice.message}`);
      republishAll();
      return catalogStatus;
    })();
    catalogLoading = loading;
    return loading.then(
      (status) => {
        if (catalogLoading === loading) catalogLoading = undefined;
        return status;
      },
      (error) => {
        if (catalogLoading === loading) catalogLoading = undefined;
        throw error;
      },
    );
  }

  // ---- settings ------------------------------------------------------------------

  async function refreshSettings(): Promise<void> {
    let section = mergeSections(initOptionsSection, pushedSection);
    if (clientSupportsConfiguration) {
      try {
        const [pulled] = await connection.workspace.getConfiguration([{ section: 'zscript' }]);
        const fromClient = extractSection({ zscript: pulled });
        section = mergeSections(section, fromClient);
      } catch (error) {
        connection.console.warn(`zscript: workspace/configuration failed (${describe(error).message}); using the settings given at start`);
      }
    }
    applySettings(normalizeSettings(section));
  }

  function applySettings(next: ServerSettings): void {
    const previous = settings;
    settings = next;
    service.configure(serviceSettingsOf(next));
    const exclude = JSON.stringify(next.files.exclude);
    if (exclude !== appliedExclude) {
      workspace.setExclude(next.files.exclude);
      const first = appliedExclude === undefined;
      appliedExclude = exclude;
      if (!first) void workspace.rescan();
    }
    const key = catalogKey(next);
    if (key !== appliedCatalogKey) {
      appliedCatalogKey = key;
      void reloadCatalog().catch((error) => logError(RELOAD_CATALOG_REQUEST, error));
    } else if (JSON.stringify(serviceSettingsOf(previous)) !== JSON.stringify(serviceSettingsOf(next)) || previous.diagnostics.mode !== next.diagnostics.mode) {
      republishAll();
    }
  }

  // ---- lifecycle -------------------------------------------------------------------

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities ?? {};
    clientSupportsPull = !!caps.textDocument?.diagnostic;
    clientSupportsConfiguration = !!caps.workspace?.configuration;
    clientWatchesDynamically = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    clientRegistersConfiguration = !!caps.workspace?.didChangeConfiguration?.dynamicRegistration;
    clientHasWorkspaceFolders = !!caps.workspace?.workspaceFolders;
    refreshSupport = {
      diagnostics: !!caps.workspace?.diagnostics?.refreshSupport,
      inlayHints: !!caps.workspace?.inlayHint?.refreshSupport,
      semanticTokens: !!caps.workspace?.semanticTokens?.refreshSupport,
    };
    const completionCaps = caps.textDocument?.completion;
    completionWire = new CompletionWire({
      itemDefaults: Array.isArray(completionCaps?.completionList?.itemDefaults) ? completionCaps!.completionList!.itemDefaults! : [],
      resolveProperties: Array.isArray(completionCaps?.completionItem?.resolveSupport?.properties) ? completionCaps!.completionItem!.resolveSupport!.properties : [],
    });
    initOptionsSection = extractSection(params.initializationOptions);
    cacheDir = defaultCacheDir(params.initializationOptions);
    settings = normalizeSettings(initOptionsSection);
    service.configure(serviceSettingsOf(settings));
    pushWasEnabled = pushEnabled();

    const folders: string[] = [];
    for (const folder of params.workspaceFolders ?? []) {
      const p = uriToPath(folder?.uri);
      if (p) folders.push(p);
    }
    if (folders.length === 0) {
      const root = (params.rootUri && uriToPath(params.rootUri)) || params.rootPath;
      if (root) folders.push(root);
    }
    workspace.setFolders(folders);

    const capabilities: InitializeResult['capabilities'] = {
      positionEncoding: 'utf-16',
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      completionProvider: {
        resolveProvider: true,
        triggerCharacters: COMPLETION_TRIGGER_CHARACTERS,
        completionItem: { labelDetailsSupport: true },
      },
      signatureHelpProvider: { triggerCharacters: SIGNATURE_TRIGGER_CHARACTERS, retriggerCharacters: SIGNATURE_RETRIGGER_CHARACTERS },
      hoverProvider: true,
      inlayHintProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix], resolveProvider: false },
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      documentSymbolProvider: { label: 'zscript' },
      workspaceSymbolProvider: true,
      foldingRangeProvider: true,
      semanticTokensProvider: {
        legend: { tokenTypes: [...SEMANTIC_TOKEN_TYPES], tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS] },
        full: { delta: true },
        range: false,
      },
      colorProvider: true,
      documentLinkProvider: { resolveProvider: false },
      selectionRangeProvider: true,
      diagnosticProvider: { identifier: 'zscript', interFileDependencies: true, workspaceDiagnostics: true },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    };
    if (typeof service.formatting === 'function') capabilities.documentFormattingProvider = true;
    return { capabilities, serverInfo: { name: 'zscript-language-server', version: SERVER_VERSION } };
  });

  connection.onInitialized(() => {
    initialized = true;
    if (clientWatchesDynamically) {
      connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: '**/*.zbr' }, { globPattern: '**/*', kind: WatchKind.Delete }],
        })
        .catch((error) => connection.console.warn(`zscript: could not register file watchers: ${describe(error).message}`));
    }
    if (clientSupportsConfiguration && clientRegistersConfiguration) {
      // Pull-model clients then send (possibly empty) didChangeConfiguration; we ask for the section.
      connection.client.register(DidChangeConfigurationNotification.type, { section: 'zscript' }).catch(() => undefined);
    }
    if (clientHasWorkspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        try {
          const current = new Set(workspace.roots);
          for (const removed of event.removed ?? []) {
            const p = uriToPath(removed.uri);
            if (p) current.delete(p);
          }
          for (const added of event.added ?? []) {
            const p = uriToPath(added.uri);
            if (p) current.add(p);
          }
          workspace.setFolders([...current]);
          void workspace.rescan();
        } catch (error) {
          logError('workspace/didChangeWorkspaceFolders', error);
        }
      });
    }
    void (async () => {
      try {
        // Applying the first settings always loads the catalog and sends zscript/catalogStatus.
        await refreshSettings();
      } catch (error) {
        logError('workspace/configuration', error);
      }
      await workspace.rescan();
      if (refreshSupport.diagnostics) connection.languages.diagnostics.refresh();
    })();
  });

  connection.onDidChangeConfiguration(
    guardNotification('workspace/didChangeConfiguration', async (params: { settings?: unknown }) => {
      const section = extractSection(params.settings);
      if (section) pushedSection = mergeSections(pushedSection, section);
      if (initialized || !clientSupportsConfiguration) await refreshSettings();
    }),
  );

  connection.onDidChangeWatchedFiles(
    guardNotification('workspace/didChangeWatchedFiles', async (params: { changes?: { uri: string; type: number }[] }) => {
      if (!Array.isArray(params.changes)) return;
      for (const change of params.changes) {
        if (!isObject(change) || typeof change.uri !== 'string') continue;
        if (change.type === FileChangeType.Deleted) workspace.deleted(change.uri);
        else await workspace.changed(change.uri);
      }
    }),
  );

  // ---- document sync ---------------------------------------------------------------

  connection.onDidOpenTextDocument(
    guardNotification('textDocument/didOpen', (params: { textDocument?: { uri?: unknown; text?: unknown; version?: unknown } }) => {
      const td = params.textDocument;
      if (!isObject(td) || typeof td.uri !== 'string' || typeof td.text !== 'string') return;
      const version = typeof td.version === 'number' ? td.version : 0;
      service.openDocument(td.uri, td.text, version);
      openVersions.set(td.uri, version);
      schedulePush(td.uri);
    }),
  );

  connection.onDidChangeTextDocument(
    guardNotification('textDocument/didChange', (params: { textDocument?: { uri?: unknown; version?: unknown }; contentChanges?: unknown }) => {
      const td = params.textDocument;
      if (!isObject(td) || typeof td.uri !== 'string' || !openVersions.has(td.uri) || !Array.isArray(params.contentChanges)) return;
      const changes: ContentChange[] = [];
      for (const change of params.contentChanges) {
        if (!isObject(change) || typeof change.text !== 'string') continue;
        if (change.range !== undefined) {
          if (isRange(change.range)) changes.push({ range: change.range, text: change.text });
        } else {
          changes.push({ text: change.text });
        }
      }
      const version = typeof td.version === 'number' ? td.version : (openVersions.get(td.uri) ?? 0) + 1;
      service.changeDocument(td.uri, changes, version);
      openVersions.set(td.uri, version);
      schedulePush(td.uri);
    }),
  );

  connection.onDidCloseTextDocument(
    guardNotification('textDocument/didClose', async (params: { textDocument?: { uri?: unknown } }) => {
      const td = params.textDocument;
      if (!isObject(td) || typeof td.uri !== 'string' || !openVersions.has(td.uri)) return;
      const uri = td.uri;
      openVersions.delete(uri);
      pushPending.delete(uri);
      service.closeDocument(uri);
      lastResult.delete(uri);
      if (pushEnabled()) void connection.sendDiagnostics({ uri, diagnostics: [] });
      // The editor's text may not have been saved: the disk copy is what the workspace knows now.
      const p = uriToPath(uri);
      if (p && workspace.includes(p)) await workspace.changed(uri);
    }),
  );

  // ---- requests ----------------------------------------------------------------------

  const emptyCompletions = { isIncomplete: false, items: [] };

  connection.onCompletion(
    guard('textDocument/completion', emptyCompletions, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return emptyCompletions;
      return completionWire.compact(service.completions(uri, params.position));
    }),
  );

  connection.onCompletionResolve(guard('completionItem/resolve', null as never, (item) => service.resolveCompletion(completionWire.restore(item))));

  connection.onSignatureHelp(
    guard('textDocument/signatureHelp', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return null;
      return service.signatureHelp(uri, params.position);
    }),
  );

  connection.onHover(
    guard('textDocument/hover', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return null;
      return service.hover(uri, params.position);
    }),
  );

  connection.languages.inlayHint.on(
    guard('textDocument/inlayHint', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isRange(params.range)) return [];
      return service.inlayHints(uri, params.range);
    }),
  );

  connection.onCodeAction(
    guard('textDocument/codeAction', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isRange(params.range)) return [];
      const diagnostics = Array.isArray(params.context?.diagnostics) ? params.context.diagnostics : [];
      const actions = service.codeActions(uri, params.range, diagnostics);
      const only = params.context?.only;
      if (!Array.isArray(only) || only.length === 0) return actions;
      return actions.filter((a) => !a.kind || only.some((k) => a.kind === k || a.kind!.startsWith(k + '.')));
    }),
  );

  connection.onDefinition(
    guard('textDocument/definition', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return null;
      return service.definition(uri, params.position);
    }),
  );

  connection.onReferences(
    guard('textDocument/references', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return [];
      return service.references(uri, params.position, params.context?.includeDeclaration !== false);
    }),
  );

  connection.onPrepareRename(
    guard('textDocument/prepareRename', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return null;
      return service.prepareRename(uri, params.position);
    }),
  );

  connection.onRenameRequest(
    guard('textDocument/rename', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position) || typeof params.newName !== 'string') return null;
      const edit = service.rename(uri, params.position, params.newName);
      if (!edit && service.prepareRename(uri, params.position)) {
        throw new ResponseError(ErrorCodes.InvalidParams, `zscript: cannot rename to "${params.newName}"`);
      }
      return edit;
    }),
  );

  connection.onDocumentSymbol(
    guard('textDocument/documentSymbol', [], (params) => {
      const uri = uriOf(params);
      return uri ? service.documentSymbols(uri) : [];
    }),
  );

  connection.onWorkspaceSymbol(guard('workspace/symbol', [], (params) => service.workspaceSymbols(typeof params.query === 'string' ? params.query : '')));

  connection.onFoldingRanges(
    guard('textDocument/foldingRange', [], (params) => {
      const uri = uriOf(params);
      return uri ? service.foldingRanges(uri) : [];
    }),
  );

  connection.languages.semanticTokens.on(
    guard('textDocument/semanticTokens/full', { data: [] }, (params) => {
      const uri = uriOf(params);
      return uri ? service.semanticTokens(uri) : { data: [] };
    }),
  );

  connection.languages.semanticTokens.onDelta(
    guard('textDocument/semanticTokens/full/delta', { data: [] } as never, (params) => {
      const uri = uriOf(params);
      if (!uri) return { data: [] };
      return service.semanticTokensDelta(uri, typeof params.previousResultId === 'string' ? params.previousResultId : '');
    }),
  );

  connection.onDocumentColor(
    guard('textDocument/documentColor', [], (params) => {
      const uri = uriOf(params);
      return uri ? service.documentColors(uri) : [];
    }),
  );

  connection.onColorPresentation(
    guard('textDocument/colorPresentation', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isObject(params.color) || !isRange(params.range)) return [];
      return service.colorPresentations(uri, params.color, params.range);
    }),
  );

  connection.onDocumentLinks(
    guard('textDocument/documentLink', [], (params) => {
      const uri = uriOf(params);
      return uri ? service.documentLinks(uri) : [];
    }),
  );

  connection.onSelectionRanges(
    guard('textDocument/selectionRange', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !Array.isArray(params.positions) || !params.positions.every(isPosition)) return [];
      return service.selectionRanges(uri, params.positions);
    }),
  );

  connection.onDocumentFormatting(
    guard('textDocument/formatting', [], (params) => {
      const uri = uriOf(params);
      return uri && typeof service.formatting === 'function' ? service.formatting(uri) : [];
    }),
  );

  connection.languages.diagnostics.on(
    guard('textDocument/diagnostic', { kind: DocumentDiagnosticReportKind.Full, items: [] } as DocumentDiagnosticReport, (params) => {
      const uri = uriOf(params);
      if (!uri) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      return reportFor(uri, typeof params.previousResultId === 'string' ? params.previousResultId : undefined);
    }),
  );

  connection.languages.diagnostics.onWorkspace(
    guardAsync('workspace/diagnostic', { items: [] }, async (params, token) => {
      const previous = new Map<string, string>();
      for (const p of Array.isArray(params.previousResultIds) ? params.previousResultIds : []) {
        if (isObject(p) && typeof p.uri === 'string' && typeof p.value === 'string') previous.set(p.uri, p.value);
      }
      const uris = [...new Set([...openVersions.keys(), ...workspace.files()])];
      const items: WorkspaceDocumentDiagnosticReport[] = [];
      for (let i = 0; i < uris.length; i++) {
        if (i > 0 && i % 50 === 0) {
          // Serve other requests between slices of a large workspace.
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (token.isCancellationRequested) throw cancelled();
        }
        const uri = uris[i];
        if (!service.hasDocument(uri)) continue;
        const report = reportFor(uri, previous.get(uri));
        const version = openVersions.get(uri) ?? null;
        items.push({ ...report, uri, version } as WorkspaceDocumentDiagnosticReport);
      }
      return { items };
    }),
  );

  connection.onRequest(
    RELOAD_CATALOG_REQUEST,
    guardAsync(RELOAD_CATALOG_REQUEST, catalogStatus, async () => reloadCatalog(), true),
  );

  connection.onShutdown(() => {
    if (pushTimer) clearTimeout(pushTimer);
    pushTimer = undefined;
  });

  connection.listen();
}
