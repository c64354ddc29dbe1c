/**
 * Punctuation other languages need and the engine prints: a `;` ending a
 * line after a call (`ZsetServerVar{prefix;?};`) and a `/* ... *\/` block
 * comment. Outside a call's braces the engine's parser treats both as text
 * (parser.rs parse_template; only `//` is a comment, and only `;` between
 * a call's braces separates arguments), so each lands in the reply.
 */
import { type ContentNode, NodeKind, type TopLevelNode } from '../../syntax/tree';
import { matchingClose, type ReadArgument, type StatementContext, trimmedRange } from './context';
import { variableFunction } from '../../language/variableFunctions';

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
      // Preferred for Z's own name only: another language's arguments ($color[RED]) need not be this one's.
      fixes: [{ title: `Write ${call}`, edits: [{ start: at, end: at + written.length, newText: call }], preferred: sign === 'Z' || undefined }],
    });
  }
}

/** Arguments shown as text, by function: their positions (a name of a variable is VARIABLE_FUNCTIONS' first). */
const SHOWN_TEXT: Readonly<Record<string, readonly number[]>> = {
  Ztitle: [0],
  Zdescription: [0],
  Zfooter: [0],
  Zauthor: [0],
  ZaddField: [0, 1],
  ZsendMessage: [1],
  Zerror: [0],
};

/**
 * `Ztitle{{Hello}}`, `Zvar{{name}}`: braces doubled as template languages
 * write them. The engine takes everything between the call's own braces as
 * the argument (parser.rs extract_args), and braces with no Z before them
 * are text: the title shows "{Hello}", and the variable is named "{name}",
 * another one than name.
 */
export function checkDoubledBraces(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  const positions = variableFunction(name) ? [0] : SHOWN_TEXT[name];
  if (!positions) return;
  for (const i of positions) {
    const a = args[i];
    // One group around the whole text: its first `{` closes at the last character.
    if (!a?.literal || a.text.length < 3 || a.text[0] !== '{' || matchingClose(a.text, 0, a.text.length) !== a.text.length - 1) continue;
    const inner = a.text.slice(1, -1).trim();
    if (inner === '') continue;
    const { start, end } = trimmedRange(a.arg, ctx);
    const variable = i === 0 && variableFunction(name) !== undefined;
    ctx.diagnostics.push({
      code: 'foreign-syntax',
      severity: 'warning',
      start,
      end,
      message: variable
        ? `The engine takes everything between ${name}'s braces as the variable's name, so this variable is named "${a.text}", braces and all: another variable than ${inner}. Write ${name}{${inner}...}.`
        : `The engine takes everything between ${name}'s braces as the text, and braces are text to it: this shows "${a.text}" with its braces. Write ${name}{${inner}}.`,
      fixes: [{ title: `Remove the extra braces: ${inner}`, edits: [{ start, end, newText: inner }], preferred: true }],
    });
  }
}
