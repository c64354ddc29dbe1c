/**
 * Analysis diagnostics (absolute offsets, string severities, fixes) as LSP
 * diagnostics. The fixes travel in `data` so that code actions can offer them
 * when the editor sends the diagnostic back.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { effectiveSeverity, type Severity, type SeverityOverrides } from '../analysis/codes';

export interface FixEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export interface Fix {
  readonly title: string;
  readonly edits: readonly FixEdit[];
  readonly preferred?: boolean;
}

/** The shape the analyzer produces (see analysis/analyzer.ts). */
export interface AnalysisDiagnosticLike {
  readonly code: string;
  readonly severity: Severity;
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly fixes?: readonly Fix[];
  readonly tags?: readonly (string | number)[];
}

/** What a diagnostic's `data` holds. Fix edits are kept as LSP ranges (offsets would go stale). */
export interface DiagnosticData {
  readonly fixes?: { title: string; preferred?: boolean; edits: { range: import('vscode-languageserver-types').Range; newText: string }[] }[];
}

const SEVERITY_NUMBER: Record<Severity, 1 | 2 | 3 | 4> = { error: 1, warning: 2, information: 3, hint: 4 };

export function toLspDiagnostics(doc: TextDocument, raw: readonly AnalysisDiagnosticLike[], overrides: SeverityOverrides): Diagnostic[] {
  const result: Diagnostic[] = [];
  const length = doc.getText().length;
  for (const d of raw) {
    const severity = effectiveSeverity(d.code, d.severity, overrides);
    if (severity === undefined) continue;
    const start = clamp(d.start, 0, length);
    const end = clamp(d.end, start, length);
    const diagnostic: Diagnostic = {
      range: { start: doc.positionAt(start), end: doc.positionAt(end) },
      severity: SEVERITY_NUMBER[severity] ?? 1,
      code: d.code,
      source: 'zscript',
      message: d.message,
    };
    const tags = (d.tags ?? [])
      .map((t) => (t === 'unnecessary' || t === 1 ? 1 : t === 'deprecated' || t === 2 ? 2 : 0))
      .filter((t): t is 1 | 2 => t !== 0);
    if (tags.length) diagnostic.tags = tags;
    if (d.fixes && d.fixes.length) {
      const data: DiagnosticData = {
        fixes: d.fixes.map((fix) => ({
          title: fix.title,
          preferred: fix.preferred,
          edits: fix.edits.map((e) => {
            const s = clamp(e.start, 0, length);
            return { range: { start: doc.positionAt(s), end: doc.positionAt(clamp(e.end, s, length)) }, newText: e.newText };
          }),
        })),
      };
      diagnostic.data = data;
    }
    result.push(diagnostic);
  }
  return result;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.max(min, Math.min(max, value)) : min;
}
