/**
 * Folding ranges: calls spanning several lines, runs of comment lines, the
 * header block at the top of the file, and `// region` … `// endregion` blocks.
 * The markers must come from here: an editor that gets folding ranges from a
 * server (VS Code) no longer applies its language configuration's markers.
 */
import type { FoldingRange } from 'vscode-languageserver-types';
import { StatementKind } from '../syntax/tree';
import { type DocumentModel, walkCalls } from './model';

/** `// region name`, `//#region`, `// endregion`: the markers of the language configuration. */
const REGION_MARKER = /^\s*\/\/\s*#?(end)?region\b/;

export function foldingRangesOf(model: DocumentModel): FoldingRange[] {
  const { tree, doc } = model;
  const ranges: FoldingRange[] = [];
  const lineOf = (offset: number) => doc.positionAt(offset).line;
  let commentRun: { start: number; end: number } | undefined;
  let headerRun: { start: number; end: number } | undefined;
  let headersDone = false;
  const openRegions: number[] = [];
  const flushComments = () => {
    if (commentRun && commentRun.end > commentRun.start) ranges.push({ startLine: commentRun.start, endLine: commentRun.end, kind: 'comment' });
    commentRun = undefined;
  };
  for (let i = 0; i < tree.statements.length; i++) {
    const st = tree.statements[i];
    const base = tree.starts[i];
    if (st.kind === StatementKind.Blank) continue;
    if (st.kind === StatementKind.Comment) {
      const line = lineOf(base + st.start);
      const marker = REGION_MARKER.exec(tree.text.slice(base + st.start, base + st.end));
      if (marker) {
        flushComments();
        if (!marker[1]) openRegions.push(line);
        else {
          // An end without a start is ignored; a start without an end never folds.
          const startLine = openRegions.pop();
          if (startLine !== undefined && line > startLine) ranges.push({ startLine, endLine: line, kind: 'region' });
        }
        continue;
      }
      if (commentRun && commentRun.end === line - 1) commentRun.end = line;
      else {
        flushComments();
        commentRun = { start: line, end: line };
      }
      continue;
    }
    flushComments();
    if (st.kind === StatementKind.Header) {
      if (!headersDone) {
        const line = lineOf(base + st.start);
        if (headerRun) headerRun.end = line;
        else headerRun = { start: line, end: line };
      }
      continue;
    }
    headersDone = true;
    // A body statement: every call whose braces span lines folds (innermost included).
    const firstLine = lineOf(base);
    const lastLine = lineOf(base + st.end);
    if (lastLine === firstLine) continue;
    walkCalls(st.nodes, (call) => {
      const end = call.close >= 0 ? call.close : call.end;
      const startLine = lineOf(base + call.open);
      const endLine = lineOf(base + end);
      // Keep the closing brace visible when it starts its own line.
      const closeOnOwnLine = call.close >= 0 && /^\s*$/.test(tree.text.slice(doc.offsetAt({ line: endLine, character: 0 }), base + call.close));
      const foldEnd = closeOnOwnLine ? endLine - 1 : endLine;
      if (foldEnd > startLine) ranges.push({ startLine, endLine: foldEnd, kind: 'region' });
    });
  }
  flushComments();
  if (headerRun && headerRun.end > headerRun.start) ranges.push({ startLine: headerRun.start, endLine: headerRun.end, kind: 'imports' });
  ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  // Calls nested on one line fold the same lines: one range for them.
  return ranges.filter((r, k) => k === 0 || r.startLine !== ranges[k - 1].startLine || r.endLine !== ranges[k - 1].endLine);
}
