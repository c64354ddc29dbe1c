/**
 * What the analysis reports: one diagnostic, and the diagnostics of a tree
 * before they are flattened into one list (the shape the language server
 * caches per statement).
 */
import type { DiagnosticCode, Severity } from './codes';

export interface AnalysisFix {
  title: string;
  edits: { start: number; end: number; newText: string }[];
  preferred?: boolean;
}

export interface AnalysisDiagnostic {
  code: DiagnosticCode;
  severity: Severity;
  /** ABSOLUTE offsets (RELATIVE to the statement start while cached per statement). */
  start: number;
  end: number;
  message: string;
  fixes?: AnalysisFix[];
  tags?: ('unnecessary' | 'deprecated')[];
  /** What the engine does, without the advice of the message, for features that quote it (rename's refusal). */
  reading?: string;
}

/** One statement's own diagnostics in a DiagnosisParts. */
export interface StatementDiagnostics {
  /** The statement's index in the tree. */
  readonly index: number;
  /**
   * The statement's cached diagnostics, offsets RELATIVE to the statement
   * start, in (start, end) order. Shared with the analyzer's cache (and the
   * same array for as long as the statement object lives): never mutate.
   */
  readonly diagnostics: readonly AnalysisDiagnostic[];
  /** Codes silenced by a `// zscript-disable-next-line` above the statement (null: every code). */
  readonly silenced?: readonly string[] | null;
}

/**
 * The diagnostics of a tree before they are flattened: each statement's own
 * (relative, shared, cached per statement) and the cross-statement and
 * file-level ones (absolute, new on every call). `diagnose()` flattens them;
 * the language server caches its LSP diagnostics per statement array instead.
 */
export interface DiagnosisParts {
  /** Statements that have diagnostics of their own, in order. */
  readonly statements: readonly StatementDiagnostics[];
  /** ABSOLUTE offsets: first those found while walking the statements, then the file-level checks'. */
  readonly fileLevel: readonly AnalysisDiagnostic[];
  /** How many of `fileLevel` were found while walking (at equal ranges they come before a statement's own; the rest after). */
  readonly loopCount: number;
  /** Codes silenced for the whole file by a `// zscript-disable` above the first body line. */
  readonly fileSilence: ReadonlySet<string>;
  /** Absolute ranges of statements under a `// zscript-disable-next-line` (they silence `fileLevel` diagnostics starting there). */
  readonly silencedRanges: readonly { start: number; end: number; codes: readonly string[] | null }[];
}
