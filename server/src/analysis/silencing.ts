/**
 * Silencing and flattening: the `// zscript-disable...` comment grammar, and
 * DiagnosisParts turned into the one absolute, sorted list `diagnose()`
 * returns (silenced and 'off' diagnostics left out).
 */
import { effectiveSeverity, type SeverityOverrides } from './codes';
import type { AnalysisDiagnostic, DiagnosisParts } from './diagnostic';
import type { DisableDirective } from './facts';
import type { SyntaxTree } from '../syntax/tree';

/**
 * The directive of a comment's text (after `//`, trimmed), or undefined for
 * an ordinary comment. Only the two directive words count
 * (`zscript-disable-line x` is an ordinary comment); codes are separated by
 * spaces or commas, and an explanation may follow " -- ".
 */
export function parseDisableDirective(body: string): DisableDirective | undefined {
  const m = /^zscript-disable(-next-line)?(?:\s+(.*))?$/.exec(body);
  if (!m) return undefined;
  const codes = (m[2] ?? '')
    .split(' -- ')[0]
    .split(/[\s,]+/)
    .filter(Boolean);
  return { nextLine: !!m[1], codes: codes.length ? codes : null };
}

/** True when a file-level diagnostic is silenced by the file's disable comments. */
export function isSilenced(parts: DiagnosisParts, d: { readonly code: string; readonly start: number }): boolean {
  if (parts.fileSilence.has(d.code)) return true;
  const ranges = parts.silencedRanges;
  for (let k = 0; k < ranges.length; k++) {
    const r = ranges[k];
    if (d.start >= r.start && d.start < r.end && (r.codes === null || r.codes.includes(d.code))) return true;
  }
  return false;
}

/**
 * DiagnosisParts as one list: absolute offsets (new objects), silenced and
 * 'off' diagnostics left out, severity overrides applied, in (start, end)
 * order; at equal ranges, walk-found before a statement's own before the
 * file-level checks'.
 */
export function flattenDiagnosis(tree: SyntaxTree, parts: DiagnosisParts, overrides: SeverityOverrides): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = parts.fileLevel.slice(0, parts.loopCount);
  for (const p of parts.statements) {
    const silenced = p.silenced;
    if (silenced === null) continue;
    const base = tree.starts[p.index];
    for (const d of p.diagnostics) {
      if (silenced?.includes(d.code)) continue;
      out.push(rebased(d, base));
    }
  }
  for (let k = parts.loopCount; k < parts.fileLevel.length; k++) out.push(parts.fileLevel[k]);
  const final: AnalysisDiagnostic[] = [];
  for (const d of out) {
    if (isSilenced(parts, d)) continue;
    const severity = effectiveSeverity(d.code, d.severity, overrides);
    if (severity === undefined) continue;
    final.push(severity === d.severity ? d : { ...d, severity });
  }
  final.sort((a, b) => a.start - b.start || a.end - b.end);
  return final;
}

/** A copy of a statement-relative diagnostic with absolute offsets (fix edits too). */
export function rebased(d: AnalysisDiagnostic, base: number): AnalysisDiagnostic {
  const moved: AnalysisDiagnostic = { ...d, start: d.start + base, end: d.end + base };
  // Most diagnostics have no fix: no closure or array made for them.
  if (d.fixes) moved.fixes = d.fixes.map((f) => ({ ...f, edits: f.edits.map((e) => ({ ...e, start: e.start + base, end: e.end + base })) }));
  return moved;
}
