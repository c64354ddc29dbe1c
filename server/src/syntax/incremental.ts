/**
 * Incremental reparse. Statements are independent once we know where one
 * starts (a line start at brace depth 0), so after an edit we re-parse from
 * the statement containing the edit (one earlier when the edit touches its
 * boundary, or when the one before is left with open braces, which the edit
 * may close) and stop at the first new statement
 * boundary past the edit that is also an old boundary (shifted by the
 * edit's length change). Every statement after it is reused as the very same
 * object; only `starts` shifts.
 */
import { type ParseOptions, StatementParser, hasUnclosedBraces, parseCommandFile } from './parse';
import { statementIndexAt } from './positions';
import type { Statement, SyntaxTree } from './tree';

/** A replacement of old-text range [start, end) by `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Initial size of the parse window past the edit (tests lower it to exercise widening). */
export const incrementalTuning = { window: 4096 };

function clamp(v: number, min: number, max: number): number {
  if (!(v >= min)) return min;
  return v > max ? max : Math.floor(v);
}

/**
 * The tree of `old.text` with `edit` applied (edit offsets are in the old
 * text). Equal to `parseCommandFile(newText, options)`, sharing every
 * statement object the edit cannot affect. The re-parsed statements are
 * built completely; the rest of the arrays is copied (a few hundred KB at
 * 1 MiB, well inside a keystroke's budget).
 *
 * `newText`: the new text when the caller already holds it (the editor's
 * document after the same edit). The tree then shares that string instead
 * of building its own: whoever first reads a string built from pieces makes
 * V8 copy it whole (flatten it), which for a 1 MiB file costs milliseconds
 * on a keystroke, and the document's copy is flat already. Ignored unless
 * its length and the inserted piece agree with the edit.
 */
export function reparseCommandFile(old: SyntaxTree, edit: TextEdit, options: ParseOptions, newText?: string): SyntaxTree {
  const oldText = old.text;
  const oldLen = oldText.length;
  const start = clamp(edit.start, 0, oldLen);
  const end = clamp(edit.end, start, oldLen);
  const inserted = typeof edit.text === 'string' ? edit.text : '';
  if (start === end && inserted.length === 0) return old;
  const text =
    newText !== undefined && newText.length === oldLen - (end - start) + inserted.length && newText.startsWith(inserted, start)
      ? newText
      : oldText.slice(0, start) + inserted + oldText.slice(end);
  const n = old.statements.length;
  if (n === 0) return parseCommandFile(text, options);

  let first = statementIndexAt(old, start);
  if (first > 0 && start === old.starts[first]) first--;
  if (first > 0 && hasUnclosedBraces(old.statements[first - 1])) first--;

  const delta = inserted.length - (end - start);
  // Parse over a window of the new text built from the old text's pieces, so
  // the parser never touches (and never flattens) the whole new string.
  // Window offset 0 is new offset `base` (= old offset, the edit is after it).
  const base = old.starts[first];
  const editEndWin = start + inserted.length - base;
  const head = oldText.slice(base, start) + inserted;
  let span = incrementalTuning.window;
  let tailEnd = Math.min(oldLen, end + span);
  let window = head + oldText.slice(end, tailEnd);
  let complete = tailEnd === oldLen;
  let parser = new StatementParser(window, options);
  const mid: Statement[] = [];
  const midStarts: number[] = [];
  let pos = 0;
  let j = first;
  let reuseFrom = n;
  while (pos < window.length) {
    const st = parser.next(pos);
    if (!complete && (parser.end >= window.length - 1 || parser.probe >= window.length - 1)) {
      // The statement may run past the window (or its look-ahead did): widen and redo it.
      span *= 4;
      tailEnd = Math.min(oldLen, end + span);
      window = head + oldText.slice(end, tailEnd);
      complete = tailEnd === oldLen;
      parser = new StatementParser(window, options);
      continue;
    }
    midStarts.push(base + pos);
    mid.push(st);
    pos = parser.end;
    if (pos >= editEndWin) {
      const oldPos = base + pos - delta;
      let s = old.starts[j];
      while (j < n && s < oldPos) s = old.starts[++j];
      if (j < n && s === oldPos) {
        reuseFrom = j;
        break;
      }
    }
  }

  // The new version's arrays: the old statements before and after the edit
  // (the same objects), the new ones between; later starts move by delta.
  // Built at once: the language server reads every version's arrays (the
  // index and the file checks walk them), so building them on first read
  // saved nothing end to end (bench/typing.ts; docs/notes/syntax.md).
  const statements = first === 0 && reuseFrom === n ? mid : old.statements.slice(0, first).concat(mid, old.statements.slice(reuseFrom));
  const count = statements.length;
  const starts = new Int32Array(count + 1);
  starts.set(old.starts.subarray(0, first));
  for (let k = 0; k < mid.length; k++) starts[first + k] = midStarts[k];
  const oldStarts = old.starts;
  for (let k = first + mid.length, j = reuseFrom; k <= count; k++, j++) starts[k] = oldStarts[j] + delta;
  return { text, statements, starts };
}

/**
 * Applies several edits in order; each edit's offsets refer to the text left
 * by the previous ones (the order of LSP content changes).
 */
export function applyEdits(tree: SyntaxTree, edits: readonly TextEdit[], options: ParseOptions): SyntaxTree {
  let t = tree;
  for (const e of edits) t = reparseCommandFile(t, e, options);
  return t;
}
