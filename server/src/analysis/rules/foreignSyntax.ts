/**
 * Punctuation other languages need and the engine prints: a `;` ending a
 * line after a call (`ZsetServerVar{prefix;?};`) and a `/* ... *\/` block
 * comment. Outside a call's braces the engine's parser treats both as text
 * (parser.rs parse_template; only `//` is a comment, and only `;` between
 * a call's braces separates arguments), so each lands in the reply.
 */
import { type ContentNode, NodeKind, type TopLevelNode } from '../../syntax/tree';
import type { StatementContext } from './context';

/** `nodes`: the statement's top level (offsets RELATIVE to `ctx.base`); `end`: where the statement ends. */
export function checkForeignSyntax(nodes: readonly (TopLevelNode | ContentNode)[], end: number, ctx: StatementContext): void {
  for (const n of nodes) {
    if (n.kind !== NodeKind.Call || n.close < 0) continue;
    const after = n.close + 1;
    if (ctx.text.charCodeAt(ctx.base + after) !== 59 /* ; */) continue;
    // Only at the end of its line: a ";" inside a sentence is the author's own text.
    let p = after + 1;
    while (p < end && (ctx.text.charCodeAt(ctx.base + p) === 32 || ctx.text.charCodeAt(ctx.base + p) === 9 || ctx.text.charCodeAt(ctx.base + p) === 13)) p++;
    if (p < end && ctx.text.charCodeAt(ctx.base + p) !== 10) continue;
    ctx.diagnostics.push({
      code: 'foreign-syntax',
      severity: 'warning',
      start: after,
      end: after + 1,
      message: 'Outside the braces of a call a ";" is text: the bot writes it into the reply. Lines need nothing at their end: remove it.',
      fixes: [{ title: 'Remove the ";"', edits: [{ start: after, end: after + 1, newText: '' }], preferred: true }],
    });
  }
  const raw = ctx.rel(0, end);
  if (raw.includes('[')) checkBracketCalls(raw, nodes, ctx);
  const lead = raw.length - raw.trimStart().length;
  if (raw.startsWith('/*', lead)) {
    const close = raw.indexOf('*/', lead + 2);
    const stop = close < 0 ? raw.trimEnd().length : close + 2;
    ctx.diagnostics.push({
      code: 'foreign-syntax',
      severity: 'warning',
      start: lead,
      end: stop,
      message: 'The engine knows no /* */ comments: this is text, and the bot writes it into the reply. Start each comment line with // instead.',
    });
  }
}

/** `Zmessage[1]`, `$title[Welcome]`: a function name, then its arguments in square brackets (other bot languages' calls). */
const BRACKET_CALL = /(?<![\\\w$])(\$|Z)([A-Za-z][A-Za-z0-9]*)\[([^[\]{}\n]*)\]/g;

/**
 * The engine reads a call's arguments between braces only (parser.rs): after
 * `Zmessage` a `[` ends the name, so a function that needs no argument runs
 * bare (`Zmessage[1]` writes the whole message, then "[1]") and any other is
 * text; `$title[...]` is text altogether ("$" calls nothing). Not after a
 * top-level `//`, which the engine drops.
 */
function checkBracketCalls(raw: string, nodes: readonly (TopLevelNode | ContentNode)[], ctx: StatementContext): void {
  const comment = nodes.find((n) => n.kind === NodeKind.Comment);
  for (const m of raw.matchAll(BRACKET_CALL)) {
    const at = m.index;
    if (comment && at >= comment.start) break;
    const [written, sign, word, inside] = m;
    const name = `Z${word}`;
    const profile = ctx.profiles.get(name);
    if (!profile.fn && !profile.engine) continue;
    const runs = ctx.catalog.isBareCallable(name);
    // `$username[...]`: word-runs-function reports the "$" (the engine runs Zusername there).
    if (sign === '$' && runs) continue;
    const call = `${name}{${inside}}`;
    ctx.diagnostics.push({
      code: 'foreign-syntax',
      severity: 'warning',
      start: at,
      end: at + written.length,
      message: `The engine reads a function's arguments between braces, not square brackets: ${
        sign === 'Z' && runs
          ? `it runs ${name} with none (${name === 'Zmessage' ? 'the whole message' : 'its result without arguments'}) and writes "[${inside}]" after it as text`
          : `it writes "${written}" into the reply as text`
      }. Write ${call}.`,
      fixes: [{ title: `Write ${call}`, edits: [{ start: at, end: at + written.length, newText: call }], preferred: true }],
    });
  }
}
