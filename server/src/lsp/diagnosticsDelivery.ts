/**
 * How diagnostics reach the client: pushed (`publishDiagnostics`, debounced
 * after edits) and pulled (`textDocument/diagnostic`, `workspace/diagnostic`,
 * with result ids so that an unchanged list is answered "unchanged").
 * `zscript.diagnostics.mode` chooses whether to push; pulls are always
 * answered. The diagnostics themselves come from the service.
 */
import {
  type CancellationToken,
  type Connection,
  type DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver/node';
import type { Diagnostic, Position } from 'vscode-languageserver-types';
import type { ZscriptLanguageService } from '../service';
import type { ClientSupport } from './capabilities';
import type { OpenDocuments } from './documents';
import { cancelled, type Guard } from './guard';
import { isObject, uriOf, type Json } from './params';
import type { DiagnosticsMode } from './clientSettings';

/** Push diagnostics wait at most this long after an edit, so that a burst of edits is analysed once. */
export const PUSH_DEBOUNCE_MS = 10;

/**
 * Most diagnostics sent for one document; beyond it one more says how many
 * are not shown. A generated or hostile file can have millions of findings,
 * which no editor can show usefully and no response should carry.
 */
export const MAX_DIAGNOSTICS_PER_DOCUMENT = 1000;

/** workspace/diagnostic yields to other requests after this many files. */
const WORKSPACE_SLICE = 50;

export interface DiagnosticsDeliveryContext {
  readonly connection: Connection;
  readonly service: ZscriptLanguageService;
  readonly documents: OpenDocuments;
  readonly guard: Guard;
  /** Workspace files on disk (reported by workspace/diagnostic besides the open documents). */
  workspaceFiles(): Iterable<string>;
  client(): ClientSupport;
  mode(): DiagnosticsMode;
}

export class DiagnosticsDelivery {
  private readonly pushPending = new Set<string>();
  /** What was last pushed per document: the version and the list. */
  private readonly lastPushed = new Map<string, { version: number; diagnostics: Diagnostic[] }>();
  private pushTimer: NodeJS.Timeout | undefined;
  /** Whether pushTimer is the undelayed one of an open (see schedule). */
  private pushSoon = false;
  /** Whether the last (re)publication pushed: turning push off then clears what was pushed. */
  private pushWasEnabled = false;

  /**
   * Result ids: the same diagnostics (the service's cached array, or an equal
   * list after an edit that changed nothing they say) keep their id, so the
   * client is told "unchanged" instead of being sent the list again.
   */
  private readonly lastResult = new Map<string, { id: string; diagnostics: readonly Diagnostic[] }>();
  private nextResultId = 1;

  constructor(private readonly context: DiagnosticsDeliveryContext) {}

  /** Push in `auto` mode only to clients that do not pull (VS Code would show both). */
  pushEnabled(): boolean {
    const mode = this.context.mode();
    return mode === 'push' || mode === 'both' || (mode === 'auto' && !this.context.client().pullDiagnostics);
  }

  /** At initialize, once the first settings are known. */
  start(): void {
    this.pushWasEnabled = this.pushEnabled();
  }

  // ---- push ------------------------------------------------------------------

  /** The service's crossFileGeneration when the open documents last learned of it. */
  private crossFileSeen = 0;
  /** Pending check of the cross-file diagnostics after an edit (see schedule). */
  private crossFileTimer: NodeJS.Timeout | undefined;

  /**
   * When a change may have altered diagnostics of other files (a trigger that
   * another file of the folder shares), every open document is pushed again
   * and pulling clients are asked to pull.
   */
  checkCrossFile(): void {
    let generation: number;
    try {
      // Reading it settles the edited files' triggers (the service's analysis): from a timer, an error must not escape.
      generation = this.context.service.crossFileGeneration ?? 0;
    } catch (error) {
      this.context.guard.logError('cross-file diagnostics', error);
      return;
    }
    if (generation === this.crossFileSeen) return;
    this.crossFileSeen = generation;
    if (this.pushEnabled()) for (const uri of this.context.documents.uris()) this.pushPending.add(uri);
    if (this.pushPending.size && !this.pushTimer) this.pushTimer = setTimeout(() => this.flushPush(), PUSH_DEBOUNCE_MS);
    this.refreshPulls();
  }

  /**
   * An open document changed: push its diagnostics at most PUSH_DEBOUNCE_MS
   * later. `now`: it was just opened, so there is no burst of typing to wait
   * for: pushed on a 0 ms timer.
   */
  schedule(uri: string, now = false): void {
    // Whether other files' diagnostics changed is worked out a moment later (by the push, a pull, or this
    // timer): it takes the edited file's diagnosis, which a completion right after the edit need not wait for.
    this.crossFileTimer ??= setTimeout(() => {
      this.crossFileTimer = undefined;
      this.checkCrossFile();
    }, PUSH_DEBOUNCE_MS);
    if (!this.pushEnabled()) return;
    this.pushPending.add(uri);
    if (now && !this.pushSoon) {
      if (this.pushTimer) clearTimeout(this.pushTimer);
      this.pushTimer = setTimeout(() => this.flushPush(), 0);
      this.pushSoon = true;
    }
    // One timer per burst, not pushed back by later edits: a single edit is never held long.
    if (!this.pushTimer) this.pushTimer = setTimeout(() => this.flushPush(), PUSH_DEBOUNCE_MS);
  }

  /** A document was closed: nothing pending, no result id, and its pushed list cleared. */
  closed(uri: string): void {
    this.pushPending.delete(uri);
    this.lastResult.delete(uri);
    this.lastPushed.delete(uri);
    if (this.pushEnabled()) void this.context.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** After a catalog or settings change: every open document again (push), a refresh request (pull). */
  republishAll(): void {
    const { connection, documents } = this.context;
    const enabled = this.pushEnabled();
    if (enabled) {
      for (const uri of documents.uris()) this.schedule(uri);
    } else if (this.pushWasEnabled) {
      for (const uri of documents.uris()) void connection.sendDiagnostics({ uri, diagnostics: [] });
      this.lastPushed.clear();
    }
    this.pushWasEnabled = enabled;
    this.refreshPulls();
  }

  /** Asks a pulling client to pull again (when it accepts workspace/diagnostic/refresh). */
  refreshPulls(): void {
    if (this.context.client().refresh.diagnostics) this.context.connection.languages.diagnostics.refresh();
  }

  dispose(): void {
    if (this.pushTimer) clearTimeout(this.pushTimer);
    if (this.crossFileTimer) clearTimeout(this.crossFileTimer);
    this.crossFileTimer = undefined;
    this.pushTimer = undefined;
    this.pushSoon = false;
  }

  private flushPush(): void {
    const { connection, service, documents, guard } = this.context;
    // Other open files first: a trigger the edit duplicated adds them to this push (the timer is still set: no second one).
    this.checkCrossFile();
    this.pushTimer = undefined;
    this.pushSoon = false;
    const uris = [...this.pushPending];
    this.pushPending.clear();
    for (const uri of uris) {
      const version = documents.version(uri);
      if (version === undefined) continue;
      let diagnostics: Diagnostic[];
      try {
        const note = documents.oversizedNote(uri);
        diagnostics = note ? [note] : service.diagnostics(uri, MAX_DIAGNOSTICS_PER_DOCUMENT);
      } catch (error) {
        guard.logError('textDocument/publishDiagnostics', error);
        continue;
      }
      // The same list for the same version again (the open, the catalog's arrival and the first settings each
      // schedule one): nothing new to send. Compared only without an edit between, so rarely and never per keystroke.
      const last = this.lastPushed.get(uri);
      if (last && last.version === version && (last.diagnostics === diagnostics || JSON.stringify(last.diagnostics) === JSON.stringify(diagnostics))) continue;
      this.lastPushed.set(uri, { version, diagnostics });
      void connection.sendDiagnostics({ uri, version, diagnostics });
    }
  }

  // ---- pull ------------------------------------------------------------------

  /** Answers textDocument/diagnostic and workspace/diagnostic. */
  listen(): void {
    const { connection, guard } = this.context;
    const emptyReport: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };
    connection.languages.diagnostics.on(
      guard.request('textDocument/diagnostic', emptyReport, (params) => {
        const uri = uriOf(params);
        if (!uri) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
        return this.reportFor(uri, typeof params.previousResultId === 'string' ? params.previousResultId : undefined);
      }),
    );
    connection.languages.diagnostics.onWorkspace(
      guard.requestAsync('workspace/diagnostic', { items: [] }, (params, token) => this.workspaceReport(params.previousResultIds, token)),
    );
  }

  private reportFor(uri: string, previousResultId: string | undefined): DocumentDiagnosticReport {
    const note = this.context.documents.oversizedNote(uri);
    if (note) return { kind: DocumentDiagnosticReportKind.Full, items: [note] };
    if (!this.context.service.hasDocument(uri)) {
      // Neither open nor indexed: nothing to say, and nothing kept (pulls for unknown URIs must not grow memory).
      this.lastResult.delete(uri);
      return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    }
    const diagnostics = this.context.service.diagnostics(uri, MAX_DIAGNOSTICS_PER_DOCUMENT);
    // The pull of an edited file is when its trigger is settled: other files may need pulling again.
    this.checkCrossFile();
    const resultId = this.resultIdFor(uri, diagnostics);
    if (previousResultId !== undefined && previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: diagnostics };
  }

  private resultIdFor(uri: string, diagnostics: readonly Diagnostic[]): string {
    const last = this.lastResult.get(uri);
    if (last && (last.diagnostics === diagnostics || sameDiagnostics(last.diagnostics, diagnostics))) {
      last.diagnostics = diagnostics;
      return last.id;
    }
    const id = `${this.nextResultId++}`;
    this.lastResult.set(uri, { id, diagnostics });
    return id;
  }

  /** Every open document (with its version) and every indexed workspace file (version null). */
  private async workspaceReport(previousResultIds: unknown, token: CancellationToken): Promise<WorkspaceDiagnosticReport> {
    const { service, documents } = this.context;
    const previous = new Map<string, string>();
    for (const p of Array.isArray(previousResultIds) ? previousResultIds : []) {
      if (isObject(p) && typeof p.uri === 'string' && typeof p.value === 'string') previous.set(p.uri, p.value);
    }
    const uris = [...new Set([...documents.uris(), ...this.context.workspaceFiles()])];
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    for (let i = 0; i < uris.length; i++) {
      if (i > 0 && i % WORKSPACE_SLICE === 0) {
        // Serve other requests between slices of a large workspace.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (token.isCancellationRequested) throw cancelled();
      }
      const uri = uris[i];
      if (!service.hasDocument(uri) && !documents.oversizedNote(uri)) continue;
      const report = this.reportFor(uri, previous.get(uri));
      const version = documents.version(uri) ?? null;
      items.push({ ...report, uri, version } as WorkspaceDocumentDiagnosticReport);
    }
    return { items };
  }
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
