/**
 * Code actions: the analysis' own fixes (carried in each diagnostic's `data`)
 * as quick fixes, and for every zscript diagnostic one that silences it with a
 * `// zscript-disable-next-line CODE` comment above its line.
 */
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import type { DiagnosticData } from './diagnostics';
import { DocumentModel, FeatureContext, statementIndexAt } from './model';

const QUICK_FIX = 'quickfix';

function sameRange(a: Diagnostic, b: Diagnostic): boolean {
  return (
    a.range.start.line === b.range.start.line &&
    a.range.start.character === b.range.start.character &&
    a.range.end.line === b.range.end.line &&
    a.range.end.character === b.range.end.character
  );
}

export function codeActionsFor(
  model: DocumentModel,
  start: number,
  end: number,
  diagnostics: readonly Diagnostic[],
  current: () => Diagnostic[],
  ctx: FeatureContext,
): CodeAction[] {
  void ctx;
  const { doc, uri } = model;
  const actions: CodeAction[] = [];
  let ours: Diagnostic[] | undefined;
  const disabled = new Set<string>();
  for (const sent of diagnostics) {
    if (!sent || !sent.range || (sent.source !== undefined && sent.source !== 'zscript')) continue;
    let diagnostic = sent;
    let data = diagnostic.data as DiagnosticData | undefined;
    if (!data?.fixes) {
      // Clients that drop `data`: find the same diagnostic in the current analysis.
      ours ??= current();
      const match = ours.find((d) => d.code === sent.code && sameRange(d, sent));
      if (match) {
        diagnostic = match;
        data = match.data as DiagnosticData | undefined;
      }
    }
    for (const fix of data?.fixes ?? []) {
      actions.push({
        title: fix.title,
        kind: QUICK_FIX,
        diagnostics: [sent],
        isPreferred: fix.preferred === true ? true : undefined,
        edit: { changes: { [uri]: fix.edits.map((e): TextEdit => ({ range: e.range, newText: e.newText })) } },
      });
    }
    const code = sent.code;
    if (code === undefined || code === null || code === '') continue;
    // Inside a call spanning lines a `//` line is plain text: the comment goes above the statement's first line.
    const diagnosticOffset = doc.offsetAt(sent.range.start);
    const index = statementIndexAt(model.tree, diagnosticOffset);
    const line = index >= 0 ? doc.positionAt(model.tree.starts[index]).line : Math.max(0, Math.min(sent.range.start.line, doc.lineCount - 1));
    const key = `${code}@${line}`;
    if (disabled.has(key)) continue;
    disabled.add(key);
    const lineStart = doc.offsetAt({ line, character: 0 });
    const lineText = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
    const indent = /^[ \t]*/.exec(lineText)?.[0] ?? '';
    const eol = lineText.endsWith('\r\n') ? '\r\n' : '\n';
    const position = doc.positionAt(lineStart);
    actions.push({
      title: `Disable ${code} for this line`,
      kind: QUICK_FIX,
      diagnostics: [sent],
      edit: { changes: { [uri]: [{ range: { start: position, end: position }, newText: `${indent}// zscript-disable-next-line ${code}${eol}` }] } },
    });
  }
  void start;
  void end;
  return actions;
}
