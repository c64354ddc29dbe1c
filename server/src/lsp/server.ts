/**
 * `startServer(connection)`: the composition root of the language server.
 * It builds the parts (each in its own module, listed below), connects them,
 * and runs the initialize / initialized / shutdown lifecycle. No language
 * logic lives in lsp/ (see ../service.ts).
 *
 * - capabilities.ts: what the client supports, what the server declares
 * - guard.ts / params.ts: every handler's error, cancellation and garbage handling
 * - documents.ts: open documents, incremental sync into the service
 * - handlers.ts: each language request onto one service method
 * - diagnosticsDelivery.ts: push (debounced) and pull (result ids, workspace) diagnostics
 * - liveSettings.ts: the settings in force and how changes apply
 * - catalogStatus.ts: the catalog in use, reloads, zscript/catalogStatus
 * - catalogHttp.ts: the catalog HTTP server the editor starts and stops
 * - workspaceScan.ts / workspaceEvents.ts: the .zbr files on disk and their changes
 */
import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver/node';
import { bundledCatalog } from '../catalog';
import { botRootOnDisk, commandFilesOnDisk } from '../botRoot';
import { DEFAULT_SETTINGS, LanguageService, type ZscriptLanguageService } from '../service';
import { clientSupportOf, initializeResult, NO_CLIENT_SUPPORT, type ClientSupport } from './capabilities';
import { ActiveCatalog } from './catalogStatus';
import { EditorCatalogServer } from './catalogHttp';
import { CompletionWire } from './completionWire';
import { DiagnosticsDelivery } from './diagnosticsDelivery';
import { OpenDocuments } from './documents';
import { Guard } from './guard';
import { registerRequestHandlers } from './handlers';
import { IndexProgress } from './indexProgress';
import { LiveSettings } from './liveSettings';
import type { ProtocolTurns } from './protocolTurns';
import { WorkspaceFiles } from './workspaceScan';
import { followWorkspace, listenToWatchedFiles, rereadClosed, workspaceFoldersOf } from './workspaceEvents';

export interface StartOptions {
  /** Builds the language service (tests may wrap it). */
  createService?: () => ZscriptLanguageService;
  /** Test hook: the named request method throws inside its handler (also ZSCRIPT_LSP_FAULT). */
  faultMethod?: string;
  /** The entry file that runs the workspace reader thread when started as a worker (else the scan reads in this thread). */
  readerEntry?: string;
  /** Told of every message from the client (the connection's reader); the workspace scan leaves it the next turns. */
  protocolTurns?: ProtocolTurns;
}

export function startServer(connection: Connection, options: StartOptions = {}): void {
  const service: ZscriptLanguageService = options.createService
    ? options.createService()
    : new LanguageService(bundledCatalog(), undefined, { isBotRoot: botRootOnDisk, commandFiles: commandFilesOnDisk });
  // Internal feature failures surface here instead of becoming silent empty answers,
  // so that each request's guard logs them and answers that request with an error.
  (service as ZscriptLanguageService & { onError?: (error: unknown) => void }).onError = (error) => {
    throw error;
  };

  // What the client declared; set at initialize, read by every part afterwards.
  let client: ClientSupport = NO_CLIENT_SUPPORT;
  let completionWire = new CompletionWire(client.completion);

  const guard = new Guard(connection.console, {
    faultMethod: options.faultMethod ?? process.env.ZSCRIPT_LSP_FAULT,
    tracing: () => settings.current.trace.server !== 'off',
  });
  const workspace = new WorkspaceFiles(
    service,
    {
      info: (m) => connection.console.info(`zscript: ${m}`),
      warn: (m) => connection.console.warn(`zscript: ${m}`),
    },
    undefined,
    options.readerEntry,
  );
  workspace.progress = new IndexProgress(connection);
  const turns = options.protocolTurns;
  if (turns) workspace.yieldTurn = () => turns.yieldTurn();
  const documents = new OpenDocuments(service);
  const diagnostics = new DiagnosticsDelivery({
    connection,
    service,
    documents,
    guard,
    workspaceFiles: () => workspace.files(),
    client: () => client,
    mode: () => settings.current.diagnostics.mode,
  });

  /** After a catalog or settings change: whatever the client shows of the analysis is stale. */
  const analysisChanged = () => {
    diagnostics.republishAll();
    if (client.refresh.inlayHints) connection.languages.inlayHint.refresh().catch(() => undefined);
    if (client.refresh.semanticTokens) connection.languages.semanticTokens.refresh();
  };
  const catalog: ActiveCatalog = new ActiveCatalog({
    connection,
    service,
    settings: () => settings.current,
    workspaceDir: () => workspace.roots[0],
    changed: analysisChanged,
  });
  const settings: LiveSettings = new LiveSettings({ connection, service, workspace, catalog, guard, client: () => client, analysisChanged });

  const cutsInlayHints = (name: unknown) => typeof name === 'string' && /visual studio code|vscode|vscodium|code-server|cursor|windsurf/i.test(name);
  connection.onInitialize((params: InitializeParams): InitializeResult => {
    client = clientSupportOf(params.capabilities, params.clientInfo?.name);
    completionWire = new CompletionWire(client.completion);
    catalog.start(params.initializationOptions);
    settings.start(params.initializationOptions);
    // Only VS Code (and its builds) cuts a line's inlay hints at 43 characters: elsewhere they are shown whole.
    service.configure({ inlayHintsLineBudget: cutsInlayHints(params.clientInfo?.name) ? DEFAULT_SETTINGS.inlayHintsLineBudget : Number.POSITIVE_INFINITY });
    diagnostics.start();
    workspace.setFolders(workspaceFoldersOf(params));
    return initializeResult(typeof service.formatting === 'function');
  });

  connection.onInitialized(() => {
    const ownWatcher = followWorkspace(connection, guard, workspace, client, () => diagnostics.checkCrossFile());
    settings.initializedClient();
    void (async () => {
      try {
        // Applying the first settings always loads the catalog and sends zscript/catalogStatus.
        await settings.refresh();
      } catch (error) {
        guard.logError('workspace/configuration', error);
      }
      await workspace.rescan();
      ownWatcher?.watch();
      diagnostics.checkCrossFile();
      diagnostics.refreshPulls();
    })();
  });

  settings.listen();
  listenToWatchedFiles(connection, guard, workspace, () => diagnostics.checkCrossFile());
  documents.listen(connection, guard, {
    edited: (uri, opened) => diagnostics.schedule(uri, opened),
    diskChanged: (uri) => {
      diagnostics.schedule(uri, true);
      diagnostics.refreshPulls();
    },
    closed: async (uri) => {
      diagnostics.closed(uri);
      await rereadClosed(workspace, uri);
      // The closed file's trigger is gone (or back as it is on disk): the other open files' cross-file diagnostics may change.
      diagnostics.checkCrossFile();
    },
  });
  registerRequestHandlers(
    connection,
    guard,
    service,
    () => completionWire,
    () => client,
  );
  diagnostics.listen();
  catalog.listen(guard);
  const catalogHttp = new EditorCatalogServer(connection);
  catalogHttp.listen(guard);

  connection.onShutdown(async () => {
    diagnostics.dispose();
    await catalogHttp.stop();
  });

  connection.listen();
}
