/**
 * Why a call has fewer arguments than it looks: the engine splits a call's
 * arguments at a top-level `;` only (parser.rs split_args), so commas
 * (`Zrandom{1, 6}`), a full-width semicolon typed with an Asian keyboard
 * (`；`) or braces closed and opened again (`Zif{cond}{then}{else}`) leave
 * one argument where the author wrote several. A count error says what the
 * engine does; this says what the author did, and how to write it.
 */
import type { CallNode } from '../../syntax/tree';
import type { AnalysisFix } from '../diagnostic';
import { codePointLabel, matchingClose, type StatementContext } from './context';

/** Look-alikes of `;` no parser takes for one: full-width (U+FF1B), Greek question mark (U+037E). */
const SEMICOLON_LOOKALIKES = /[\uff1b\u037e]/;

export interface SeparatorHint {
  /** A sentence to add to the count error. */
  readonly hint: string;
  readonly fix?: AnalysisFix;
}

/**
 * The hint for `node`, which the engine reads with too few arguments (it
 * needs `min`, at most `max`), or undefined when nothing in it looks like a
 * separator.
 */
export function separatorHint(node: CallNode, name: string, min: number, max: number | null, ctx: StatementContext): SeparatorHint | undefined {
  if (node.close < 0) return undefined;
  const fits = (n: number) => n >= min && (max === null || n <= max);
  const count = node.close === node.open + 1 ? 0 : node.args.length;
  // Braces closed and opened again: Zif{cond}{then}{else}.
  let end = node.close;
  const joins: number[] = [];
  while (ctx.text.charCodeAt(ctx.base + end + 1) === 123 /* { */) {
    const close = matchingClose(ctx.text, ctx.base + end + 1, ctx.base + ctx.end);
    if (close < 0) break;
    joins.push(end);
    end = close - ctx.base;
  }
  if (joins.length > 0 && fits(count + joins.length)) {
    const written = `${name}{${[ctx.rel(node.open + 1, node.close), ...joins.map((j, k) => ctx.rel(j + 2, k + 1 < joins.length ? joins[k + 1] : end))].join(';')}}`;
    return {
      hint: ` ${name} takes all its arguments inside one pair of braces, separated by ";": "}{" ends the call and starts text. Write ${written}.`,
      fix: { title: 'Separate the arguments with ";"', edits: joins.map((j) => ({ start: j, end: j + 2, newText: ';' })), preferred: true },
    };
  }
  // Separators only the top level of the call's own text can hold (not inside a nested call).
  const commas: { start: number; end: number }[] = [];
  const lookalikes: number[] = [];
  let lineBreaks = 0;
  for (const a of node.args) {
    let depth = 0;
    for (let p = a.start; p < a.end; p++) {
      const c = ctx.text.charCodeAt(ctx.base + p);
      if (c === 92 /* \ */) p++;
      else if (c === 123) depth++;
      else if (c === 125) depth--;
      else if (depth === 0 && c === 44 /* , */) {
        let after = p + 1;
        while (after < a.end && ctx.text.charCodeAt(ctx.base + after) === 32) after++;
        commas.push({ start: p, end: after });
      } else if (depth === 0 && c === 10 /* \n */ && ctx.rel(a.start, p).trim() !== '' && ctx.rel(p, a.end).trim() !== '') lineBreaks++;
      else if (depth === 0 && SEMICOLON_LOOKALIKES.test(ctx.text[ctx.base + p])) lookalikes.push(p);
    }
  }
  if (lookalikes.length > 0 && fits(count + lookalikes.length)) {
    const mark = ctx.rel(lookalikes[0], lookalikes[0] + 1);
    return {
      hint: ` The "${mark}" (${codePointLabel(mark)}) only looks like ";": the engine separates arguments with the ASCII ";" alone.`,
      fix: { title: 'Write ";"', edits: lookalikes.map((p) => ({ start: p, end: p + 1, newText: ';' })), preferred: true },
    };
  }
  // Lines first: a line break between two texts is what separated them to the author (a comma then belongs to a text).
  if (lineBreaks > 0 && fits(count + lineBreaks))
    return { hint: ' A line break does not separate arguments: end each one with ";" (the line breaks may stay).' };
  // Commas between single words or numbers only: in a sentence a comma is the sentence's, and 1,000 is a number.
  const pieces = node.args.flatMap((a) => ctx.rel(a.start, a.end).split(','));
  const listLike = pieces.every((p) => p.trim() !== '' && !/\s/.test(p.trim())) && !node.args.some((a) => /\d,\d{3}\b/.test(ctx.rel(a.start, a.end)));
  if (commas.length > 0 && listLike && fits(count + commas.length))
    return {
      hint: ` Arguments are separated by ";", not ",": the engine reads "${ctx.rel(node.args[0].start, node.args[node.args.length - 1].end).trim()}" as ${count === 1 ? 'one argument' : `${count} arguments`}.`,
      fix: { title: 'Separate the arguments with ";"', edits: commas.map((c) => ({ ...c, newText: ';' })), preferred: true },
    };
  return undefined;
}
