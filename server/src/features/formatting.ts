/**
 * Document formatting that never changes what the engine runs: the engine
 * trims every line, so trailing blanks go; header directives get exactly one
 * space between name and value. Indentation is left as the author wrote it.
 */
import type { TextEdit } from 'vscode-languageserver-types';
import { StatementKind } from '../syntax/tree';
import { type DocumentModel, toRange } from './model';

export function formattingEdits(model: DocumentModel): TextEdit[] {
  const { tree, doc } = model;
  const edits: TextEdit[] = [];
  const text = tree.text;
  for (let i = 0; i < tree.statements.length; i++) {
    const st = tree.statements[i];
    const base = tree.starts[i];
    if (st.kind === StatementKind.Header && st.valueEnd > st.valueStart && st.valueStart - st.nameEnd !== 1) {
      edits.push({ range: toRange(doc, base + st.nameEnd, base + st.valueStart), newText: ' ' });
    } else if (st.kind === StatementKind.Header && text.charCodeAt(base + st.nameEnd) === 9 /* tab */ && st.valueStart - st.nameEnd === 1) {
      edits.push({ range: toRange(doc, base + st.nameEnd, base + st.valueStart), newText: ' ' });
    }
  }
  // Trailing blanks of every line.
  const trailing = /[ \t]+(?=\r?\n|$)/g;
  for (const m of text.matchAll(trailing)) edits.push({ range: toRange(doc, m.index!, m.index! + m[0].length), newText: '' });
  return edits;
}
