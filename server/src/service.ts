/**
 * The zscript language service: one object, plain methods, no LSP connection.
 * It owns the open documents (text, incremental syntax tree, analysis cache)
 * and the workspace index, and answers editor queries with the plain data
 * types of vscode-languageserver-types (the types-only package, as the JSON
 * and CSS language services do). `server/src/lsp/` maps protocol requests onto
 * these methods and nothing else.
 *
 * Positions are LSP positions (line, UTF-16 character). Out-of-range
 * positions are clamped; unknown documents answer empty results.
 *
 * CONTRACT: the method list below is what lsp/ codes against. Implementations
 * live in features/ and analysis/.
 */
import type {
  CodeAction,
  Color,
  ColorInformation,
  ColorPresentation,
  CompletionItem,
  CompletionList,
  Definition,
  Diagnostic,
  DocumentHighlight,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  Position,
  Range,
  SelectionRange,
  SemanticTokens,
  SemanticTokensDelta,
  SignatureHelp,
  TextEdit,
  WorkspaceEdit,
  WorkspaceSymbol,
} from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Catalog } from './catalog';
import type { SyntaxTree } from './syntax/tree';
import { parseCommandFile } from './syntax/parse';
import { reparseCommandFile } from './syntax/incremental';
import { WorkspaceIndex } from './analysis/workspaceIndex';
import { CommandTriggers, triggerOf, wholeBotKnown } from './analysis/commandLayout';
import { BotNames } from './analysis/botNames';
import { aliasSignature, type CrossFileSources, crossFileFindings, crossFileSettled } from './analysis/crossFile';
import { type AnalysisDiagnosticLike, toLspDiagnostics, toLspDiagnosticsCapped, withPositions } from './features/diagnostics';
import { type DocumentModel, type FeatureContext, offsetOf, splitsCharacter } from './features/model';
import { Analyzer, flattenDiagnosis, isSilenced } from './analysis/analyzer';
import { type CompletionTrigger, completionsAt, resolveCompletionItem } from './features/completion';
import { signatureHelpAt } from './features/signature';
import { hoverAt } from './features/hover';
import { inlayHintsIn, LINE_BUDGET } from './features/inlayHints';
import { codeActionsFor } from './features/codeActions';
import { definitionAt, highlightsAt, prepareRenameAt, referencesAt, renameAt, renameProblemAt } from './features/navigation';
import { documentSymbolsOf, workspaceSymbolsFor } from './features/symbols';
import { foldingRangesOf } from './features/folding';
import { type SemanticTokensState, semanticTokensDeltaOf, semanticTokensOf } from './features/semanticTokens';
import { colorPresentationsFor, documentColorsOf } from './features/colors';
import { documentLinksOf } from './features/links';
import { selectionRangesAt } from './features/selectionRange';
import { formattingEdits } from './features/formatting';
import type { ServiceSettings } from './features/serviceSettings';
import { isSeverityLevel, type SeverityLevel } from './analysis/codes';
import { ShardedMap } from './base/shardedMap';

export type { ServiceSettings, Severity } from './features/serviceSettings';

/** A content change as LSP sends it: ranged (incremental) or whole text. */
export type ContentChange = { range: Range; text: string } | { text: string };

export interface ZscriptLanguageService {
  setCatalog(catalog: Catalog): void;
  readonly catalog: Catalog;
  /** Changes whenever diagnostics that depend on other files (duplicate triggers) may have changed. */
  readonly crossFileGeneration?: number;
  configure(settings: Partial<ServiceSettings>): void;

  // Documents open in the editor (the editor's text wins over disk).
  openDocument(uri: string, text: string, version: number): void;
  changeDocument(uri: string, changes: readonly ContentChange[], version: number): void;
  closeDocument(uri: string): void;
  /**
   * Whether the open document's file on disk starts with a byte-order mark
   * its text does not have: editors (VS Code, Neovim) keep the mark out of
   * the text they send and write it back on save. Returns whether that changed.
   */
  setDiskByteOrderMark(uri: string, onDisk: boolean): boolean;
  /** Files of the workspace that are not open (indexed for variables/options/symbols). */
  setWorkspaceFile(uri: string, text: string): void;
  removeWorkspaceFile(uri: string): void;
  hasDocument(uri: string): boolean;
  getText(uri: string): string | undefined;

  /**
   * The file's diagnostics in order. With `limit`: at most that many, then one
   * `too-many-diagnostics` saying how many more there are (the rest are never
   * converted: a file with thousands costs what the shown ones cost).
   */
  diagnostics(uri: string, limit?: number): Diagnostic[];
  completions(uri: string, position: Position, trigger?: CompletionTrigger): CompletionList;
  resolveCompletion(item: CompletionItem): CompletionItem;
  signatureHelp(uri: string, position: Position): SignatureHelp | null;
  hover(uri: string, position: Position): Hover | null;
  inlayHints(uri: string, range: Range): InlayHint[];
  codeActions(uri: string, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[];
  definition(uri: string, position: Position): Definition | null;
  references(uri: string, position: Position, includeDeclaration: boolean): Location[];
  documentHighlights(uri: string, position: Position): DocumentHighlight[];
  prepareRename(uri: string, position: Position): { range: Range; placeholder: string } | null;
  /** Why the symbol there cannot be renamed to `newName`, if it cannot. */
  renameProblem(uri: string, position: Position, newName: string): string | undefined;
  rename(uri: string, position: Position, newName: string): WorkspaceEdit | null;
  documentSymbols(uri: string): DocumentSymbol[];
  workspaceSymbols(query: string): WorkspaceSymbol[];
  foldingRanges(uri: string): FoldingRange[];
  semanticTokens(uri: string): SemanticTokens;
  semanticTokensDelta(uri: string, previousResultId: string): SemanticTokens | SemanticTokensDelta;
  documentColors(uri: string): ColorInformation[];
  colorPresentations(uri: string, color: Color, range: Range): ColorPresentation[];
  documentLinks(uri: string): DocumentLink[];
  selectionRanges(uri: string, positions: readonly Position[]): SelectionRange[];
  formatting?(uri: string): TextEdit[];
}

/** The semantic token legend (shared by the service and the LSP capabilities). */
export { SEMANTIC_TOKEN_TYPES, SEMANTIC_TOKEN_MODIFIERS } from './features/legend';

export const DEFAULT_SETTINGS: ServiceSettings = {
  inlayHintsParameterNames: 'none',
  inlayHintsDefaults: true,
  inlayHintsLineBudget: LINE_BUDGET,
  severity: {},
};

/** What the service may ask of the file system, when it runs next to one (the language server, the checker). */
export interface ServiceEnvironment {
  /** True when the folder (a file URI without trailing slash) holds a bot's zbr.json. */
  isBotRoot?(folderUri: string): boolean;
  /** The names of the `.zbr` files directly in the folder (a file URI without trailing slash), undefined when it cannot be read. */
  commandFiles?(folderUri: string): readonly string[] | undefined;
}

/** What diagnostics() needs of a file: its text, and where to keep the diagnostics that depend on other files. */
interface DiagnosedFile {
  doc: TextDocument;
  withLayout?: { base: Diagnostic[]; layoutGeneration: number; result: Diagnostic[] };
}

/** A workspace file that is not open: text, and its own diagnostics once computed (see LanguageService.disk). */
interface DiskFile extends DiagnosedFile {
  uri: string;
  diagnostics?: { generation: number; limit: number; result: Diagnostic[] };
}

interface DocumentState extends DocumentModel {
  doc: TextDocument;
  tree: SyntaxTree;
  /** Diagnostics of the current tree (recomputed when the tree or the settings change). */
  diagnostics?: { tree: SyntaxTree; generation: number; limit: number; result: Diagnostic[] };
  /** The diagnostics above plus those that depend on other files (see commandLayout.ts). */
  withLayout?: { base: Diagnostic[]; layoutGeneration: number; result: Diagnostic[] };
  tokens?: SemanticTokensState;
  /** The tree whose variable and modal names `names` holds (see settleCrossFile). */
  namesTree?: SyntaxTree;
}

/**
 * The language service. Every public method is total: bad input (unknown
 * URIs, out-of-range positions, malformed changes) gives an empty answer,
 * never an exception.
 */
export class LanguageService implements ZscriptLanguageService {
  private currentCatalog: Catalog;
  private analyzer: Analyzer;
  private settings: ServiceSettings = { ...DEFAULT_SETTINGS, severity: {} };
  /** Bumped when anything that changes diagnostics (catalog, severities) changes. */
  private generation = 0;
  private readonly open = new Map<string, DocumentState>();
  /**
   * Workspace files that are not open: their text and nothing else. Their
   * index entries are computed when they are set (from a parse that is then
   * dropped), and a syntax tree is built only when a request needs one
   * (diagnostics pulled for the workspace, navigation into the file), kept
   * for the few most recent in `diskStates`. So memory grows with the text
   * of the workspace, not with its trees (several times the text).
   */
  private readonly disk = new ShardedMap<DiskFile>();
  private readonly diskStates = new Map<string, DocumentState>();
  private readonly index: WorkspaceIndex;
  /** Called when a feature fails internally (the request then answers empty); tests make it rethrow. */
  onError?: (error: unknown) => void;

  private readonly triggers = new CommandTriggers();
  /**
   * Open documents whose trigger is not yet worked out after an edit: finding
   * it takes the file's diagnosis (its loader reading), which a completion
   * right after the edit should not wait for. Settled before anything reads
   * the triggers (diagnostics, crossFileGeneration).
   */
  private readonly unsettledTriggers = new Set<string>();
  /** The saved variables and modal inputs each file writes, by folder (botNames.ts). */
  private readonly names = new BotNames();

  constructor(
    catalog: Catalog,
    settings?: Partial<ServiceSettings>,
    private readonly environment: ServiceEnvironment = {},
  ) {
    this.currentCatalog = catalog;
    this.analyzer = new Analyzer(catalog);
    this.index = new WorkspaceIndex(catalog);
    if (settings) this.configure(settings);
  }

  get catalog(): Catalog {
    return this.currentCatalog;
  }

  /** The workspace index (read-only use: symbols, tests, the checker). */
  get workspace(): WorkspaceIndex {
    return this.index;
  }

  setCatalog(catalog: Catalog): void {
    this.currentCatalog = catalog;
    this.analyzer = new Analyzer(catalog);
    this.index.setCatalog(catalog);
    this.generation++;
    // Bare calls depend on the catalog: every tree is parsed again.
    for (const state of this.open.values()) {
      state.tree = this.parse(state.doc.getText());
      state.diagnostics = undefined;
      state.withLayout = undefined;
      state.tokens = undefined;
    }
    this.diskStates.clear();
    for (const uri of new Set([...this.open.keys(), ...this.disk.keys()])) this.reindex(uri);
  }

  configure(settings: Partial<ServiceSettings>): void {
    const next: ServiceSettings = { ...this.settings };
    if (settings.inlayHintsParameterNames === 'all' || settings.inlayHintsParameterNames === 'literals' || settings.inlayHintsParameterNames === 'none') {
      next.inlayHintsParameterNames = settings.inlayHintsParameterNames;
    }
    if (typeof settings.inlayHintsDefaults === 'boolean') next.inlayHintsDefaults = settings.inlayHintsDefaults;
    if (typeof settings.inlayHintsLineBudget === 'number' && settings.inlayHintsLineBudget > 0) next.inlayHintsLineBudget = settings.inlayHintsLineBudget;
    if (settings.severity && typeof settings.severity === 'object') {
      const severity: Record<string, SeverityLevel> = {};
      for (const [code, value] of Object.entries(settings.severity)) if (isSeverityLevel(value)) severity[code] = value;
      next.severity = severity;
      this.generation++;
    }
    this.settings = next;
  }

  getSettings(): ServiceSettings {
    return { ...this.settings, severity: { ...this.settings.severity } };
  }

  // ---- documents --------------------------------------------------------

  openDocument(uri: string, text: string, version: number): void {
    if (typeof uri !== 'string' || typeof text !== 'string') return;
    const doc = TextDocument.create(uri, 'zscript', Number.isFinite(version) ? version : 0, text);
    this.open.set(uri, { uri, doc, tree: this.parse(text) });
    this.reindex(uri);
  }

  changeDocument(uri: string, changes: readonly ContentChange[], version: number): void {
    const state = this.open.get(uri);
    if (!state || !Array.isArray(changes)) return;
    const options = this.parseOptions();
    for (const change of changes) {
      if (!change || typeof change.text !== 'string') continue;
      if ('range' in change && change.range) {
        const start = offsetOf(state.doc, change.range.start);
        const end = Math.max(start, offsetOf(state.doc, change.range.end));
        state.doc = TextDocument.update(
          state.doc,
          [{ range: { start: state.doc.positionAt(start), end: state.doc.positionAt(end) }, text: change.text }],
          version,
        );
        try {
          // The document's text after the edit is the tree's too: one string to flatten, not two.
          state.tree = reparseCommandFile(state.tree, { start, end, text: change.text }, options, state.doc.getText());
        } catch {
          state.tree = parseCommandFile(state.doc.getText(), options);
        }
      } else {
        state.doc = TextDocument.update(state.doc, [{ text: change.text }], version);
        state.tree = parseCommandFile(change.text, options);
      }
    }
    // Keep the version the editor gave even when every change was skipped.
    if (Number.isFinite(version)) state.doc = TextDocument.update(state.doc, [], version);
    this.reindex(uri);
  }

  /** Open documents whose file on disk has a byte-order mark their text has not (see setDiskByteOrderMark). */
  private readonly hiddenMarks = new Set<string>();

  setDiskByteOrderMark(uri: string, onDisk: boolean): boolean {
    const hidden = onDisk && this.open.has(uri) && this.open.get(uri)!.doc.getText().charCodeAt(0) !== 0xfeff;
    if (hidden === this.hiddenMarks.has(uri)) return false;
    if (hidden) this.hiddenMarks.add(uri);
    else this.hiddenMarks.delete(uri);
    return true;
  }

  closeDocument(uri: string): void {
    this.hiddenMarks.delete(uri);
    if (!this.open.delete(uri)) return;
    this.reindex(uri);
  }

  setWorkspaceFile(uri: string, text: string): void {
    if (typeof uri !== 'string' || typeof text !== 'string') return;
    const doc = TextDocument.create(uri, 'zscript', 0, text);
    this.disk.set(uri, { uri, doc });
    this.diskStates.delete(uri);
    if (!this.open.has(uri)) this.reindex(uri);
  }

  removeWorkspaceFile(uri: string): void {
    if (!this.disk.delete(uri)) return;
    this.diskStates.delete(uri);
    if (!this.open.has(uri)) this.reindex(uri);
  }

  hasDocument(uri: string): boolean {
    return this.open.has(uri) || this.disk.has(uri);
  }

  getText(uri: string): string | undefined {
    return this.state(uri)?.doc.getText();
  }

  /** The current syntax tree of a document (open or workspace). */
  getTree(uri: string): SyntaxTree | undefined {
    return this.state(uri)?.tree;
  }

  /** The version of an open document, as the editor last gave it. */
  getVersion(uri: string): number | undefined {
    return this.open.get(uri)?.doc.version;
  }

  /** URIs of open documents. */
  openDocuments(): string[] {
    return [...this.open.keys()];
  }

  /** URIs of every known file (open or in the workspace). */
  knownFiles(): string[] {
    return [...new Set([...this.open.keys(), ...this.disk.keys()])];
  }

  // ---- features ---------------------------------------------------------

  /** Changes whenever a diagnostic that depends on other files (a duplicate trigger) may have changed. */
  get crossFileGeneration(): number {
    this.settleCrossFile();
    return this.layoutGeneration();
  }

  /** Changes whenever what the files of a folder say to each other (triggers, names) may have changed. */
  private layoutGeneration(): number {
    return this.triggers.generation + this.names.generation;
  }

  diagnostics(uri: string, limit = Infinity): Diagnostic[] {
    this.settleCrossFile();
    const open = this.open.get(uri);
    const state: DiagnosedFile | undefined = open ?? this.disk.get(uri);
    if (!state) return [];
    if (!(limit >= 0)) limit = Infinity;
    const base = open ? this.fileDiagnostics(open, limit) : this.diskDiagnostics(uri, state as DiskFile, limit);
    const cached = state.withLayout;
    if (cached && cached.base === base && cached.layoutGeneration === this.generation * 1e9 + this.layoutGeneration())
      return open && this.hiddenMarks.has(uri) ? [...this.hiddenMarkDiagnostic(open), ...cached.result] : cached.result;
    let result = base;
    try {
      const sources = this.crossFileSources();
      const settled = crossFileSettled(uri, sources);
      const own = settled ? base.filter((d) => !settled(String(d.code), state.doc.getText(d.range))) : base;
      const layout = this.layoutDiagnostics(uri, state, sources);
      result = layout.length ? [...own, ...layout] : own;
    } catch (error) {
      this.onError?.(error);
    }
    state.withLayout = { base, layoutGeneration: this.generation * 1e9 + this.layoutGeneration(), result };
    if (open && this.hiddenMarks.has(uri)) return [...this.hiddenMarkDiagnostic(open), ...result];
    return result;
  }

  /** The byte-order mark the editor does not show: the engine reads the file as saved, with it. */
  private hiddenMarkDiagnostic(state: DocumentState): Diagnostic[] {
    const finding: AnalysisDiagnosticLike = {
      code: 'byte-order-mark',
      severity: 'error',
      start: 0,
      end: 0,
      message:
        'The file on disk starts with a byte-order mark, which the editor does not show: the engine does not read the first line as a header, so its directive is lost (without a #trigger the file is not loaded). Save the file as UTF-8 without BOM (VS Code: click "UTF-8 with BOM" in the status bar, then Save with Encoding, UTF-8; Neovim: :set nobomb, then write; Emacs: C-x RET f utf-8-unix, then save).',
    };
    return toLspDiagnostics(state.doc, [finding], this.settings.severity);
  }

  /**
   * What the engine does with this file among the others: a trigger another
   * file of its folder also has (only one of them is loaded), a folder the
   * engine never reads.
   */
  /** A workspace file's own diagnostics: kept with its text while short (a pull of the whole workspace need not parse it again). */
  private diskDiagnostics(uri: string, file: DiskFile, limit: number): Diagnostic[] {
    if (file.diagnostics && file.diagnostics.generation === this.generation && file.diagnostics.limit === limit) return file.diagnostics.result;
    const result = this.fileDiagnostics(this.diskState(uri)!, limit);
    file.diagnostics = result.length <= 100 ? { generation: this.generation, limit, result } : undefined;
    return result;
  }

  /** Per commands folder: whether every command file in it is known (open or indexed), and when that was worked out. */
  private readonly folderKnowledge = new Map<string, { stamp: string; complete: boolean }>();

  /** wholeBotKnown for the open and indexed files, remembered per folder while nothing it depends on changes. */
  private knowsWholeFolder(uri: string): boolean {
    const folder = uri.slice(0, uri.lastIndexOf('/'));
    if (!folder.endsWith('/commands') || !this.environment.commandFiles) return false;
    // Worked out again when the known files change, and every few seconds for files created on disk unannounced.
    const stamp = `${this.triggers.generation}:${this.open.size}:${this.disk.size}:${Math.floor(Date.now() / 5000)}`;
    const known = this.folderKnowledge.get(folder);
    if (known?.stamp === stamp) return known.complete;
    const environment = this.environment;
    const complete = wholeBotKnown(uri, [...this.open.keys(), ...this.disk.keys()], {
      isBotRoot: (f) => environment.isBotRoot?.call(environment, f) ?? false,
      commandFiles: environment.commandFiles ? (f) => environment.commandFiles!.call(environment, f) : undefined,
    });
    if (this.folderKnowledge.size > 1000) this.folderKnowledge.clear();
    this.folderKnowledge.set(folder, { stamp, complete });
    return complete;
  }

  /** What the cross-file findings read (crossFile.ts). */
  private crossFileSources(): CrossFileSources {
    const isBotRoot = this.environment.isBotRoot;
    return {
      catalog: this.currentCatalog,
      triggers: this.triggers,
      names: this.names,
      isBotRoot: isBotRoot ? (folder) => isBotRoot.call(this.environment, folder) : undefined,
      wholeBotKnown: (u) => this.knowsWholeFolder(u),
      indexOf: (u) => this.index.get(u),
      cooldownIn: (u) => {
        const doc = this.open.get(u)?.doc ?? this.disk.get(u)?.doc;
        return doc ? aliasSignature(doc.getText(), this.index.get(u)) : undefined;
      },
    };
  }

  private layoutDiagnostics(uri: string, state: DiagnosedFile, sources: CrossFileSources): Diagnostic[] {
    const findings = crossFileFindings(uri, sources);
    const out = findings.map((f) => f.diagnostic);
    // They obey the file's disable comments like its own diagnostics (the parts are those fileDiagnostics made).
    // A file without one needs no analysis here: a disk file's parts are not kept, and would be made again.
    const own = out.length && state.doc.getText().includes('zscript-disable') ? (this.open.get(uri) ?? this.diskState(uri)) : undefined;
    const parts = own ? this.analyzer.diagnoseParts(own.tree, own.tree) : undefined;
    const result = toLspDiagnostics(state.doc, parts ? out.filter((d) => !isSilenced(parts, d)) : out, this.settings.severity);
    // Related information: where the other files' triggers are.
    for (const d of result) {
      const finding = findings.find((f) => f.diagnostic.code === d.code && f.related);
      const list: NonNullable<Diagnostic['relatedInformation']> = [];
      for (const { site, message } of finding?.related ?? []) {
        const other = this.state(site.uri);
        if (other) list.push({ location: { uri: site.uri, range: { start: other.doc.positionAt(site.start), end: other.doc.positionAt(site.end) } }, message });
      }
      if (list.length) d.relatedInformation = list;
    }
    return result;
  }

  private fileDiagnostics(state: DocumentState, limit: number): Diagnostic[] {
    const cached = state.diagnostics;
    if (cached && cached.tree === state.tree && cached.generation === this.generation && cached.limit === limit) return cached.result;
    let result: Diagnostic[];
    try {
      // The previous tree lets the analyzer reuse its results by position (the tree itself the
      // first time: results kept by tree, not per statement). The first diagnostics of a document
      // do not wait for the document's own line index (withPositions).
      const parts = this.analyzer.diagnoseParts(state.tree, cached?.tree ?? state.tree);
      const doc = cached ? state.doc : withPositions(state.doc);
      result = toLspDiagnosticsCapped(doc, flattenDiagnosis(state.tree, parts, this.settings.severity), this.settings.severity, limit);
    } catch (error) {
      this.onError?.(error);
      return [];
    }
    state.diagnostics = { tree: state.tree, generation: this.generation, limit, result };
    return result;
  }

  completions(uri: string, position: Position, trigger: CompletionTrigger = {}): CompletionList {
    return this.run(uri, { isIncomplete: false, items: [] }, (state) => completionsAt(state, this.position(state, position), this.context(), trigger));
  }

  resolveCompletion(item: CompletionItem): CompletionItem {
    try {
      return resolveCompletionItem(item, this.context());
    } catch {
      return item;
    }
  }

  signatureHelp(uri: string, position: Position): SignatureHelp | null {
    return this.run(uri, null, (state) => signatureHelpAt(state, this.position(state, position), this.context()));
  }

  hover(uri: string, position: Position): Hover | null {
    return this.run(uri, null, (state) => hoverAt(state, this.position(state, position), this.context()));
  }

  inlayHints(uri: string, range: Range): InlayHint[] {
    return this.run(uri, [], (state) => {
      const start = range ? offsetOf(state.doc, range.start) : 0;
      const end = range ? offsetOf(state.doc, range.end) : state.doc.getText().length;
      return inlayHintsIn(state, start, Math.max(start, end), this.context());
    });
  }

  codeActions(uri: string, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
    return this.run(uri, [], (state) => {
      const start = range ? offsetOf(state.doc, range.start) : 0;
      const end = range ? offsetOf(state.doc, range.end) : start;
      return codeActionsFor(state, start, Math.max(start, end), Array.isArray(diagnostics) ? diagnostics : [], () => this.diagnostics(uri), this.context());
    });
  }

  definition(uri: string, position: Position): Definition | null {
    return this.run(uri, null, (state) => definitionAt(state, this.position(state, position), this.context()));
  }

  references(uri: string, position: Position, includeDeclaration: boolean): Location[] {
    return this.run(uri, [], (state) => referencesAt(state, this.position(state, position), includeDeclaration !== false, this.context()));
  }

  documentHighlights(uri: string, position: Position): DocumentHighlight[] {
    return this.run(uri, [], (state) => highlightsAt(state, this.position(state, position), this.context()));
  }

  prepareRename(uri: string, position: Position): { range: Range; placeholder: string } | null {
    return this.run(uri, null, (state) => prepareRenameAt(state, this.position(state, position), this.context()));
  }

  renameProblem(uri: string, position: Position, newName: string): string | undefined {
    if (typeof newName !== 'string') return undefined;
    return this.run(uri, undefined, (state) => renameProblemAt(state, this.position(state, position), newName, this.context()));
  }

  rename(uri: string, position: Position, newName: string): WorkspaceEdit | null {
    if (typeof newName !== 'string') return null;
    return this.run(uri, null, (state) => renameAt(state, this.position(state, position), newName, this.context()));
  }

  documentSymbols(uri: string): DocumentSymbol[] {
    return this.run(uri, [], (state) => documentSymbolsOf(state, this.context()));
  }

  workspaceSymbols(query: string): WorkspaceSymbol[] {
    try {
      return workspaceSymbolsFor(typeof query === 'string' ? query : '', this.context());
    } catch {
      return [];
    }
  }

  foldingRanges(uri: string): FoldingRange[] {
    return this.run(uri, [], (state) => foldingRangesOf(state));
  }

  semanticTokens(uri: string): SemanticTokens {
    return this.run(uri, { data: [] }, (state) => {
      const { tokens, state: next } = semanticTokensOf(state, this.context());
      state.tokens = next;
      return tokens;
    });
  }

  semanticTokensDelta(uri: string, previousResultId: string): SemanticTokens | SemanticTokensDelta {
    return this.run(uri, { data: [] } as SemanticTokens | SemanticTokensDelta, (state) => {
      const { result, state: next } = semanticTokensDeltaOf(state, state.tokens, previousResultId, this.context());
      state.tokens = next;
      return result;
    });
  }

  documentColors(uri: string): ColorInformation[] {
    return this.run(uri, [], (state) => documentColorsOf(state, this.context()));
  }

  colorPresentations(uri: string, color: Color, range: Range): ColorPresentation[] {
    if (!color || !range) return [];
    return this.run(uri, [], (state) => colorPresentationsFor(state, color, range));
  }

  documentLinks(uri: string): DocumentLink[] {
    return this.run(uri, [], (state) => documentLinksOf(state, this.context()));
  }

  selectionRanges(uri: string, positions: readonly Position[]): SelectionRange[] {
    if (!Array.isArray(positions)) return [];
    return this.run(uri, [], (state) =>
      selectionRangesAt(
        state,
        positions.map((p) => this.position(state, p)),
      ),
    );
  }

  formatting(uri: string): TextEdit[] {
    return this.run(uri, [], (state) => formattingEdits(state));
  }

  // ---- internals --------------------------------------------------------

  private state(uri: string): DocumentState | undefined {
    return this.open.get(uri) ?? this.diskState(uri);
  }

  /** How many parsed workspace files (not open) are kept for requests. */
  static readonly DISK_TREES_KEPT = 16;

  /** A workspace file with its tree, parsed on demand; the most recently used few are kept. */
  private diskState(uri: string): DocumentState | undefined {
    const kept = this.diskStates.get(uri);
    if (kept) {
      // Most recently used last.
      this.diskStates.delete(uri);
      this.diskStates.set(uri, kept);
      return kept;
    }
    const file = this.disk.get(uri);
    if (!file) return undefined;
    const state: DocumentState = { uri, doc: file.doc, tree: this.parse(file.doc.getText()) };
    this.diskStates.set(uri, state);
    if (this.diskStates.size > LanguageService.DISK_TREES_KEPT) this.diskStates.delete(this.diskStates.keys().next().value!);
    return state;
  }

  /** Workspace files with a syntax tree kept in memory (for tests of the memory bound). */
  get parsedWorkspaceFiles(): number {
    return this.diskStates.size;
  }

  private context(): FeatureContext {
    return { catalog: this.currentCatalog, settings: this.settings, workspace: this.index, suggester: this.analyzer.suggester };
  }

  /** A request's position as an offset; one between the two halves of a character (an emoji) is taken as before it. */
  private position(state: DocumentState, position: Position): number {
    if (!position || typeof position !== 'object') return 0;
    const offset = offsetOf(state.doc, position);
    return splitsCharacter(state.doc.getText(), offset) ? offset - 1 : offset;
  }

  /** Runs a feature on a known document; unknown URIs and internal failures answer `empty`. */
  private run<T>(uri: string, empty: T, feature: (state: DocumentState) => T): T {
    const state = this.state(uri);
    if (!state) return empty;
    try {
      return feature(state);
    } catch (error) {
      this.onError?.(error);
      return empty;
    }
  }

  private parseOptions() {
    const catalog = this.currentCatalog;
    return { isBareCallable: (name: string) => catalog.isBareCallable(name) };
  }

  private parse(text: string): SyntaxTree {
    return parseCommandFile(text, this.parseOptions());
  }

  /**
   * Brings the cross-file facts up to date: the triggers of the open
   * documents edited since they were last read, and the names they write
   * (botNames.ts), for those of a bot known whole (the only folders judged on
   * them, and an open file's index entry is built again after each edit).
   */
  private settleCrossFile(): void {
    this.settleTriggers();
    for (const [uri, open] of this.open) {
      if (open.namesTree === open.tree || !this.knowsWholeFolder(uri)) continue;
      open.namesTree = open.tree;
      try {
        this.names.update(uri, this.index.get(uri));
      } catch (error) {
        this.onError?.(error);
      }
    }
  }

  /** Works out the triggers of the open documents edited since they were last read (see unsettledTriggers). */
  private settleTriggers(): void {
    if (this.unsettledTriggers.size === 0) return;
    for (const uri of this.unsettledTriggers) {
      const open = this.open.get(uri);
      if (!open) continue;
      let at: number | undefined;
      try {
        // The analysis its diagnostics need anyway finds the trigger (no second reading of the file).
        at = this.analyzer.triggerStatement(open.tree, open.diagnostics?.tree ?? open.tree);
      } catch (error) {
        this.onError?.(error);
      }
      try {
        this.triggers.update(uri, triggerOf(uri, open.tree, at, at === undefined ? undefined : this.analyzer.commandFacts(open.tree)));
      } catch (error) {
        this.onError?.(error);
      }
    }
    this.unsettledTriggers.clear();
  }

  private reindex(uri: string): void {
    const open = this.open.get(uri);
    if (open) {
      this.index.set({ uri, doc: open.doc, tree: open.tree });
      this.unsettledTriggers.add(uri);
      return;
    }
    this.unsettledTriggers.delete(uri);
    const file = this.disk.get(uri);
    if (!file) {
      this.index.delete(uri);
      this.triggers.update(uri, undefined);
      this.names.update(uri, undefined);
      return;
    }
    // Indexed now, from a tree that is not kept (unless a request already holds one).
    const tree = this.diskStates.get(uri)?.tree ?? this.parse(file.doc.getText());
    const index = this.index.indexTree(tree, false);
    this.index.setIndexed({ uri, doc: file.doc }, index);
    this.triggers.update(uri, triggerOf(uri, tree));
    this.names.update(uri, index);
  }
}
