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
import type { Catalog } from './catalog';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface ServiceSettings {
  /** Parameter-name inlay hints: all arguments, literal arguments only, or none. Default 'literals'. */
  inlayHintsParameterNames: 'all' | 'literals' | 'none';
  /** Default-value inlay hints for omitted or empty optional parameters. Default true. */
  inlayHintsDefaults: boolean;
  /** Severity per diagnostic code; 'off' silences the code. */
  severity: Record<string, Severity | 'off'>;
}

/** A content change as LSP sends it: ranged (incremental) or whole text. */
export type ContentChange = { range: Range; text: string } | { text: string };

export interface ZscriptLanguageService {
  setCatalog(catalog: Catalog): void;
  readonly catalog: Catalog;
  configure(settings: Partial<ServiceSettings>): void;

  // Documents open in the editor (the editor's text wins over disk).
  openDocument(uri: string, text: string, version: number): void;
  changeDocument(uri: string, changes: readonly ContentChange[], version: number): void;
  closeDocument(uri: string): void;
  /** Files of the workspace that are not open (indexed for variables/options/symbols). */
  setWorkspaceFile(uri: string, text: string): void;
  removeWorkspaceFile(uri: string): void;
  hasDocument(uri: string): boolean;
  getText(uri: string): string | undefined;

  diagnostics(uri: string): Diagnostic[];
  completions(uri: string, position: Position): CompletionList;
  resolveCompletion(item: CompletionItem): CompletionItem;
  signatureHelp(uri: string, position: Position): SignatureHelp | null;
  hover(uri: string, position: Position): Hover | null;
  inlayHints(uri: string, range: Range): InlayHint[];
  codeActions(uri: string, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[];
  definition(uri: string, position: Position): Definition | null;
  references(uri: string, position: Position, includeDeclaration: boolean): Location[];
  prepareRename(uri: string, position: Position): { range: Range; placeholder: string } | null;
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
export const SEMANTIC_TOKEN_TYPES = ['function', 'parameter', 'keyword', 'string', 'comment', 'operator', 'variable', 'number', 'macro', 'event'] as const;
export const SEMANTIC_TOKEN_MODIFIERS = ['defaultLibrary', 'declaration', 'readonly', 'deprecated', 'modification'] as const;
