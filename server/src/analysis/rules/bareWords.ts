/**
 * A `Zname` of a catalog function with required parameters, written without
 * braces, is plain text to the engine (the parser leaves it as text): warn.
 */
import { variableFunction } from '../../language/variableFunctions';
import { isComponentIdParameter } from '../../language/componentIds';
import { commentLineAt } from '../../syntax/commentLines';
import type { Catalog } from '../../catalog/catalog';
import { engineFacts } from '../../catalog/engine';
import { type ContentNode, NodeKind, type TopLevelNode } from '../../syntax/tree';
import type { AnalysisDiagnostic } from '../diagnostic';
import { closest, type FunctionSuggester, oneEditApart } from '../suggest';
import { joinedNameSplit } from '../../language/joinedNames';

/**
 * Shortest word checked for a misspelt function name (`Z` included): shorter
 * words one letter from a function are ordinary words too often (Zip and Zif,
 * Zing and Zping, Zeal and Zeval).
 */
const MISSPELT_MIN_LENGTH = 6;

/**
 * `content`: the statement's text (offsets RELATIVE to its start, like the
 * nodes'). With `suggester`, a word that is no function but one letter from
 * one (or differs from one in case only), written without braces, is reported
 * too: the engine prints it as text, so `Zusernme` shows as written.
 */
/**
 * Other languages' control words written as calls (`Zreturn`), and what the
 * engine offers instead (the message's end). Not `Zend`: a Dutch word ("Zend
 * je vraag") and a software brand, printed as meant.
 */
const STOP_ADVICE = ', and the command goes on. To end the command here, write Zstop (it sends nothing) or Zerror{message} (it sends the message).';
const ELSE_ADVICE = ': Zif has no separate else or end. Write the else as its third argument, Zif{condition;then;else}.';
const KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['return', STOP_ADVICE],
  ['exit', STOP_ADVICE],
  ['break', STOP_ADVICE],
  ['else', ELSE_ADVICE],
  ['elseif', ELSE_ADVICE],
  ['elif', ELSE_ADVICE],
  ['endif', ELSE_ADVICE],
  ['then', ELSE_ADVICE],
]);

export function checkBareWords(
  nodes: readonly (TopLevelNode | ContentNode)[],
  content: string,
  catalog: Catalog,
  out: AnalysisDiagnostic[],
  suggester?: FunctionSuggester,
): void {
  if (content.indexOf('Z') < 0 || catalog.functions.length === 0) return;
  // The node starts and the comment/escape ranges are gathered only when a
  // word passes the cheap tests (most statements have no candidate at all).
  let nodeStarts: Set<number> | undefined;
  let skip: [number, number][] | undefined;
  /** The ranges of calls' arguments, and whether each is a name (nameArgument). */
  let argumentRanges: [number, number][] | undefined;
  let nameArguments: boolean[] | undefined;
  // The words /Z[A-Za-z]+/g would match, scanned by hand: the name string is made only for
  // words that pass the character tests (most are calls, followed by "{").
  const length = content.length;
  for (let at = content.indexOf('Z'); at >= 0 && at < length; ) {
    const start = at;
    let end = start + 1;
    while (end < length && isAsciiLetter(content.charCodeAt(end))) end++;
    if (end === start + 1) {
      at = content.indexOf('Z', start + 1);
      continue;
    }
    at = content.indexOf('Z', end);
    if (start > 0 && isWordOrBackslash(content.charCodeAt(start - 1))) continue;
    if (end < length && isWordOrOpenBrace(content.charCodeAt(end))) continue;
    const word = content.slice(start, end);
    const fn = catalog.getFunction(word);
    const engine = engineFacts.forWord(word);
    let misspelt: string | undefined;
    /** No function, and built as the functions' names are (builtLikeAName). */
    let builtLike = false;
    /** `ZthumbnailZuserAvatar`: a function that needs arguments, run together with the next name (where the rest starts). */
    let joinedAt = -1;
    // The split first (almost never found), the address test (a scan back to the last space) only then.
    if (!fn && !engine) joinedAt = joinedCallAt(word, catalog);
    if (joinedAt > 0 && inAddress(content, start)) joinedAt = -1;
    if (!fn && !engine && joinedAt < 0) {
      const keyword = KEYWORDS.get(word.slice(1).toLowerCase());
      if (keyword !== undefined && !inAddress(content, start)) {
        out.push({ code: 'keyword-not-function', severity: 'warning', start, end, message: `${word} is no function: the engine prints it as text${keyword}` });
        continue;
      }
      // `Zpingms`: a function that runs bare, and letters right after it: one unknown name, printed as text.
      const glued = gluedBareCallAt(word, catalog);
      if (glued > 0 && !endingRuns(word) && !inAddress(content, start)) {
        const first = word.slice(0, glued);
        const rest = word.slice(glued);
        out.push({
          code: 'bare-call-needs-braces',
          severity: 'warning',
          start,
          end,
          message: `${word} is no function: the engine reads the letters after Z up to the first other character as one name, so ${first} and the "${rest}" written right after it are printed as text, "${word}". End the call with braces: ${first}{}${rest}.`,
          fixes: [{ title: `Write ${first}{}${rest}`, edits: [{ start: start + glued, end: start + glued, newText: '{}' }], preferred: true }],
        });
        continue;
      }
      if (!suggester || word.length < 4) continue;
      const caseOnly = catalog.getFunctionIgnoringCase(word)?.name;
      misspelt = caseOnly ?? (word.length >= MISSPELT_MIN_LENGTH ? (suggester.suggest(word) ?? engineOnlyNear(word, catalog)) : undefined);
      if (misspelt === undefined || (caseOnly === undefined && !oneEditApart(word, misspelt))) {
        misspelt = undefined;
        // Reported below, once the word is known to be printed (not in a comment, an escape or Zalias's name).
        builtLike = builtLikeAName(word, catalog) && !endingRuns(word) && !inAddress(content, start);
        if (!builtLike) continue;
      }
      // An ending the engine runs (`Zexecutiontime`: time) is word-runs-function's; a word in an address is the address's.
      if (endingRuns(word) || inAddress(content, start)) continue;
    }
    // A function that needs no argument runs bare (nothing to report) unless written escaped, below.
    const bare = misspelt === undefined && catalog.isBareCallable(word);
    // Only an escaped call's text (a backslash right after the name) can concern a name that runs bare.
    const escaped = content.charCodeAt(end) === 0x5c;
    if (bare && !escaped) continue;
    if (!nodeStarts || !skip || !argumentRanges || !nameArguments) {
      nodeStarts = new Set<number>();
      skip = [];
      argumentRanges = [];
      nameArguments = [];
      const stack: (readonly (TopLevelNode | ContentNode)[])[] = [nodes];
      while (stack.length) {
        for (const n of stack.pop()!) {
          nodeStarts.add(n.start);
          if (n.kind === NodeKind.Comment || n.kind === NodeKind.Escape) skip.push([n.start, n.end]);
          else if (n.kind === NodeKind.Call) {
            // Zalias's expression names a function: the engine makes a call of a bare `Zname` there;
            // its second argument is the name it defines (`Zfooter` there defines Zfooter), not printed.
            // Zeval's argument is code it reads again once unescaped: `Ztitle\{News\}` is a call there.
            const called = content.slice(n.start, n.nameEnd);
            if (called === 'Zalias') for (const a of n.args.slice(0, 2)) skip.push([a.start, a.end]);
            if (called === 'Zeval') for (const a of n.args) skip.push([a.start, a.end]);
            n.args.forEach((a, k) => {
              argumentRanges!.push([a.start, a.end]);
              nameArguments!.push(nameArgument(called, k, catalog));
              stack.push(a.nodes);
            });
          } else if (n.kind === NodeKind.Group) stack.push(n.nodes);
        }
      }
    }
    if (!escaped && nodeStarts.has(start)) continue;
    if (skip.some(([a, b]) => start >= a && start < b)) continue;
    // A `//` line inside a call spanning lines, which the engine skips.
    if (commentLineAt(content, 0, content.length, start)) continue;
    // `Zvar\{name\;value\}`: the call's text, escaped to be shown. At the top level the engine prints
    // it so. Each call the text is an argument of halves the backslashes (its argument splitter reads
    // `\\` as `\` and `\{` as `{`), and the text is then read again: inside d calls the call runs
    // unless at least 2^d backslashes stand before the brace.
    let slashes = 0;
    while (content.charCodeAt(end + slashes) === 0x5c) slashes++;
    if (slashes > 0 && content.charCodeAt(end + slashes) === 0x7b) {
      if (misspelt !== undefined || builtLike) continue;
      let depth = 0;
      for (const [a, b] of argumentRanges) if (start >= a && start < b) depth++;
      const needed = 2 ** Math.min(depth, 8);
      if (depth > 0 && slashes < needed)
        out.push({
          code: 'escape-in-call',
          severity: 'warning',
          start,
          end: end + slashes + 1,
          message: `In a call's argument the engine removes one level of backslashes (\\{ becomes {) and then reads the text again, so ${word}{...} runs here instead of being shown. To show it ${depth === 1 ? "in a call's argument" : `${depth} calls deep`}, write ${needed} backslashes before each brace and semicolon of it (${word}${'\\'.repeat(needed)}{...${'\\'.repeat(needed)}}).`,
        });
      continue;
    }
    if (bare || nodeStarts.has(start)) continue;
    if (joinedAt > 0) {
      const first = word.slice(0, joinedAt);
      const rest = word.slice(joinedAt);
      out.push({
        code: 'bare-call-needs-braces',
        severity: 'warning',
        start,
        end,
        message: `${first} and ${rest} are written together without braces: the engine prints ${first} as plain text (it needs its arguments in braces) and runs ${rest} after it. Did you mean ${first}{${rest}}?`,
        // Only where one argument is enough: ZaddField{Zusername} would halt (missing-argument).
        fixes:
          (engineFacts.forCall(first)?.min ?? catalog.getFunction(first)?.arguments.filter((a) => a.required).length ?? 1) <= 1
            ? [{ title: `Change to ${first}{${rest}}`, edits: [{ start, end, newText: `${first}{${rest}}` }], preferred: true }]
            : undefined,
      });
      continue;
    }
    if (builtLike) {
      // Where the word is text (printed, compared, stored): not a variable's name, an ID or a key, an
      // emoji's name (`<:ZserverBoost:1>`), a handle, a file or a path, code in backticks.
      if (inName(start, argumentRanges, nameArguments) || !inProse(content, start, end)) continue;
      const meant = withoutGet(word, catalog);
      if (meant) {
        const runsBare = catalog.isBareCallable(meant);
        out.push({
          code: 'misspelt-function',
          severity: 'warning',
          start,
          end,
          message: `${word} is no function of the engine: it takes the word as plain text. Did you mean ${meant}${runsBare ? '' : ` (with its arguments in braces: ${catalog.getFunction(meant)?.syntax ?? `${meant}{...}`})`}?`,
          fixes: runsBare ? [{ title: `Change to ${meant}`, edits: [{ start, end, newText: meant }], preferred: true }] : undefined,
        });
        continue;
      }
      const alike = namesStartingAlike(word, catalog);
      out.push({
        code: 'misspelt-function',
        severity: 'warning',
        start,
        end,
        message: `${word} is no function of the engine: it takes the word as plain text.${alike.length ? ` Functions whose names start the same: ${alike.join(', ')}.` : ''} (A name Zalias defines runs only with braces: ${word}{}.)`,
      });
      continue;
    }
    if (misspelt !== undefined) {
      const runsBare = catalog.isBareCallable(misspelt);
      out.push({
        code: 'misspelt-function',
        severity: 'warning',
        start,
        end,
        message: `${word} is no function${misspelt.toLowerCase() === word.toLowerCase() ? ' (the engine tells capitals from small letters)' : ''}: the engine prints it as plain text. Did you mean ${misspelt}${runsBare ? '' : ` (with its arguments in braces: ${catalog.getFunction(misspelt)?.syntax ?? `${misspelt}{...}`})`}?`,
        // Only a name that runs without braces: another would still be printed as text (bare-call-needs-braces).
        fixes: runsBare ? [{ title: `Change to ${misspelt}`, edits: [{ start, end, newText: misspelt }], preferred: true }] : undefined,
      });
      continue;
    }
    // `Ztitle {Hello}`: the braces are there, a space keeps them apart from the name.
    let brace = end;
    while (brace < length && (content.charCodeAt(brace) === 32 || content.charCodeAt(brace) === 9)) brace++;
    if (brace > end && brace < length && content.charCodeAt(brace) === 0x7b && nodeStarts.has(brace)) {
      out.push({
        code: 'bare-call-needs-braces',
        severity: 'warning',
        start,
        end: brace + 1,
        message: `A space stands between ${word} and its "{": the engine reads ${word} without braces and prints it as plain text. Remove the space.`,
        fixes: [{ title: 'Remove the space before "{"', edits: [{ start: end, end: brace, newText: '' }], preferred: true }],
      });
      continue;
    }
    // `Zrandom[1;6]`: arguments in square brackets, which foreign-syntax reports (with the call written in braces).
    if (content.charCodeAt(end) === 0x5b) continue;
    out.push({
      code: 'bare-call-needs-braces',
      severity: 'warning',
      start,
      end,
      // No "add braces" fix: empty braces leave the function without the arguments it needs,
      // which halts the command (missing-argument); the message shows how to write the call.
      message: `${word} needs ${engine ? `at least ${engine.min} argument${engine.min === 1 ? '' : 's'}` : 'arguments'}, so without braces the engine prints it as plain text.${fn ? ` Write it as ${writtenWithArguments(fn, engine?.min ?? 0)}.` : ''}`,
    });
  }
}

/**
 * How to write the call: its syntax, or where the engine wants more
 * arguments than the catalog requires (`ZgetCooldown{type?}` needs one:
 * `ZgetCooldown{}` would halt), the catalog's example, which gives them.
 */
function writtenWithArguments(fn: { syntax: string; example: string; arguments: readonly { required: boolean }[] }, engineMin: number): string {
  return engineMin > fn.arguments.filter((a) => a.required).length
    ? `${fn.example} (the engine wants ${engineMin === 1 ? 'an argument' : `${engineMin} arguments`}, even for ${fn.syntax})`
    : fn.syntax;
}

/** Engine-only function names, by catalog (the catalog's own are the suggester's). */
const engineOnlyNames = new WeakMap<Catalog, string[]>();

/** The engine-only function one edit from `word`, if any (`ZpollCreat`: ZpollCreate). */
function engineOnlyNear(word: string, catalog: Catalog): string | undefined {
  let names = engineOnlyNames.get(catalog);
  if (!names) engineOnlyNames.set(catalog, (names = catalog.engineOnlyFunctions.map((f) => f.name)));
  const near = closest(word, names);
  return near !== undefined && oneEditApart(word, near) ? near : undefined;
}

/**
 * Where the second name starts in a word of two function names run together
 * (`ZthumbnailZuserAvatar`), the first needing arguments and the second none
 * (the engine runs it); -1 otherwise.
 */
function joinedCallAt(word: string, catalog: Catalog): number {
  return joinedNameSplit(
    word,
    (first, rest) =>
      (catalog.getFunction(first) !== undefined || engineFacts.forWord(first) !== undefined) && !catalog.isBareCallable(first) && catalog.isBareCallable(rest),
  );
}

/**
 * Where a function that runs without braces ends in `word` (`Zping` in `Zpingms`), the longest such one
 * of at least four letters after the Z, with at least two letters after it (one is misspelt-function's:
 * `Zusernames`); 0 when there is none.
 */
function gluedBareCallAt(word: string, catalog: Catalog): number {
  for (let k = word.length - 2; k >= 5; k--) if (catalog.isBareCallable(word.slice(0, k))) return k;
  return 0;
}

/** Whether argument `k` of `called` is a name (a variable's or an option's, a component's custom ID, a JSON key), not text. */
function nameArgument(called: string, k: number, catalog: Catalog): boolean {
  if (k === 0 && (variableFunction(called) !== undefined || called === 'Zoption')) return true;
  const param = catalog.getAnyFunction(called)?.arguments[k]?.name;
  return param !== undefined && (isComponentIdParameter(param) || param === 'key');
}

/** Whether `at` is inside a name argument (nameArgument), the innermost argument deciding. */
function inName(at: number, ranges: readonly [number, number][] | undefined, names: readonly boolean[] | undefined): boolean {
  if (!ranges || !names) return false;
  let inner = -1;
  for (let k = 0; k < ranges.length; k++) {
    const [a, b] = ranges[k];
    if (at >= a && at < b && (inner < 0 || a >= ranges[inner][0])) inner = k;
  }
  return inner >= 0 && names[inner];
}

/** Whether `content[start, end)` stands in prose: not an emoji's or a handle's name, a file, a path or code in backticks. */
function inProse(content: string, start: number, end: number): boolean {
  const before = content.charCodeAt(start - 1);
  // : < @ / . # `
  if (before === 58 || before === 60 || before === 64 || before === 47 || before === 46 || before === 35 || before === 96) return false;
  const after = content.charCodeAt(end);
  if (after === 58 || (after === 46 && /[A-Za-z]/.test(content[end + 1] ?? ''))) return false;
  let lineStart = start;
  while (lineStart > 0 && content.charCodeAt(lineStart - 1) !== 10) lineStart--;
  let ticks = 0;
  for (let k = lineStart; k < start; k++) if (content.charCodeAt(k) === 96) ticks++;
  return ticks % 2 === 0;
}

/** `ZgetDate`: the function named without "get" (Zdate), when there is one. */
function withoutGet(word: string, catalog: Catalog): string | undefined {
  if (!/^Zget[A-Z]/.test(word)) return undefined;
  const name = `Z${word[4].toLowerCase()}${word.slice(5)}`;
  return catalog.getFunction(name)?.name;
}

/** The first parts of the functions' names (`user` of ZuserAvatar, `delete` of ZdeleteMessage) that begin two or more of them. */
let namesPrefixes: { catalog: Catalog; prefixes: Set<string> } | undefined;

/**
 * A word built as the functions' names are (`ZdeleteCommand`, `ZuserMention`, `ZserverMemberCount`): a
 * first part several names begin with, then capitalised parts. Such a word is a function the author
 * thinks exists (other bot makers have `$deleteCommand`-style names), where `Zelda` or `ZeroTwo` is prose.
 */
function builtLikeAName(word: string, catalog: Catalog): boolean {
  const m = /^Z([a-z]+)[A-Z][A-Za-z]*$/.exec(word);
  if (!m || word.length < MISSPELT_MIN_LENGTH) return false;
  return namesPrefixesFor(catalog).has(m[1]);
}

function namesPrefixesFor(catalog: Catalog): Set<string> {
  if (namesPrefixes?.catalog === catalog) return namesPrefixes.prefixes;
  const counts = new Map<string, number>();
  const count = (name: string) => {
    const m = /^Z([a-z]+)[A-Z]/.exec(name);
    if (m) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  };
  const seen = new Set<string>();
  for (const fn of catalog.functions) {
    seen.add(fn.name);
    count(fn.name);
  }
  for (const fn of engineFacts.functions) if (fn.registered && !seen.has(`Z${fn.key}`)) count(`Z${fn.key}`);
  const prefixes = new Set<string>();
  // Short first parts begin people's and brands' names too (ZbotHelper, ZaiLing, ZisLeo, ZnewWave): only
  // the three verbs of that length, which start the guesses beginners make (ZgetDate, ZsetStatus, ZaddRole).
  for (const [prefix, n] of counts) if (n >= 2 && (prefix.length >= 4 || prefix === 'get' || prefix === 'set' || prefix === 'add')) prefixes.add(prefix);
  namesPrefixes = { catalog, prefixes };
  return prefixes;
}

/**
 * Up to four catalog functions sharing the longest start with `word`, when that start goes three
 * letters past its first part (ZuserAvatarURL: ZuserAvatar); sharing only `Zuser` says nothing.
 */
function namesStartingAlike(word: string, catalog: Catalog): string[] {
  const firstPart = /^Z[a-z]+/.exec(word)?.[0].length ?? 1;
  let best = firstPart + 3;
  let found: string[] = [];
  for (const fn of catalog.functions) {
    const name = fn.name;
    let k = 1;
    while (k < word.length && k < name.length && word.charCodeAt(k) === name.charCodeAt(k)) k++;
    if (k < best) continue;
    if (k > best) {
      best = k;
      found = [];
    }
    found.push(name);
  }
  return found.slice(0, 4);
}

/** Whether the engine runs a function for an ending of `word` (it looks a name up at every letter). */
function endingRuns(word: string): boolean {
  for (let k = 1; k < word.length; k++) if (engineFacts.forWord(word.slice(k))?.min === 0) return true;
  return false;
}

/** Whether the text at `at` belongs to a web address (a "://" earlier in the same run of non-space characters). */
function inAddress(content: string, at: number): boolean {
  let k = at;
  while (k > 0 && !/\s/.test(content[k - 1])) k--;
  return content.slice(k, at).includes('://');
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** [A-Za-z0-9_\\] */
function isWordOrBackslash(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x5c;
}

/** [A-Za-z0-9_{] */
function isWordOrOpenBrace(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x7b;
}
