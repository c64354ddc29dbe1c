/**
 * What the engine does with a body statement's text that the language's
 * grammar does not show: letters outside ASCII that crash its loader, plain
 * words it runs as functions, escapes that do not work between a call's
 * braces, and text it skips after a call (see engine/statementReader.ts).
 */
import type { StatementSummary } from '../facts';
import type { Catalog } from '../../catalog/catalog';
import { engineFacts, type EngineFunction, evaluatesArgument } from '../../catalog/engine';
import { isAlnum } from '../../syntax/parse';
import { isComponentIdParameter, isInteractionIdParameter } from '../../language/componentIds';
import { CONDITION_FUNCTIONS } from '../../language/conditions';
import { HTTP_REQUESTS, isLinkButton } from './callFacts';
import { variableFunction } from '../../language/variableFunctions';
import { type ContentNode, NodeKind, type TopLevelNode } from '../../syntax/tree';
import type { AnalysisDiagnostic, AnalysisFix } from '../diagnostic';
import { type EscapeInCall, mayReadDifferently, readStatement, type StatementReading, type WordCall } from '../engine/statementReader';

/** Reads text[base, base + end) as the engine does and reports what it does differently (RELATIVE offsets). */
export function checkEngineReading(
  text: string,
  base: number,
  end: number,
  catalog: Catalog,
  out: AnalysisDiagnostic[],
  summary: StatementSummary,
  nodes: readonly (TopLevelNode | ContentNode)[],
): readonly WordCall[] {
  // Most statements are ASCII text and calls whose reading cannot differ: skip the simulation.
  if (!mayReadDifferently(text, base, base + end, engineFacts)) return NO_WORD_CALLS;
  const reading = readStatement(text, base, base + end, engineFacts);
  if (reading.panic) reportPanic(reading, text, base, end, out);
  for (const w of reading.wordCalls) {
    if (w.withZ) continue;
    // In a lazy form's surplus argument nothing runs (ignored-arguments says so).
    if (inIgnoredArgument(nodes, w.start - base, text, base)) continue;
    const nameOf = nameArgumentOf(nodes, w.start - base, w.end - base, text, base, catalog);
    if (STABLE_WORDS.has(w.fn.key) && ((nameOf?.role === 'variable' && nameOf.fn === 'Zvar') || nameOf?.role === 'block')) continue;
    if (w.fn.key === 'time' && nameOf?.role === 'variable') {
      // `afk_time` in a saved variable's name: Ztime gives the run's time zone, "Asia/Tokyo" until the command
      // chooses one (executor.rs), so every command makes the same name, unless this one chose another before.
      const found: AnalysisDiagnostic[] = [];
      reportWordCall(w, text, base, catalog, found, nameOf, undefined, nodes);
      for (const d of found) {
        d.message +=
          ' This command chooses a time zone with Ztime{...}, so the name changes with that zone: a command that does not choose one makes "Asia/Tokyo" of it, and reads another variable.';
        (summary.reportIf ??= []).push({ when: 'zone-chosen-before', diagnostic: d });
      }
      continue;
    }
    reportWordCall(w, text, base, catalog, out, nameOf, nameOf ? undefined : wholeArgumentOf(nodes, w.start - base, w.end - base, text, base), nodes);
    // The word "timestamp" sets embed 1's timestamp as Ztimestamp does: an embed with nothing else makes the engine replace the reply (embed-without-body).
    if (w.fn.key === 'timestamp')
      (summary.embedContent ??= []).push({ index: '1', sendable: false, name: 'Ztimestamp', start: w.start - base, end: w.end - base });
  }
  for (const e of reading.escapesInCalls) out.push(escapeInCall(e, text, base));
  for (const s of reading.skipped) {
    const shown = s.text.replace(/\n/g, '\\n');
    // The advice that works wherever the call is (in a condition, or a call over several lines): its text made ASCII.
    const wide = /[^\x00-\x7f]/u.exec(text.slice(s.callStart, s.start))?.[0];
    out.push({
      code: 'text-skipped-after-call',
      severity: 'warning',
      start: s.start - base,
      end: s.end - base,
      message: `The engine skips "${shown}" right after the call before it: that call contains characters outside ASCII, and the engine counts their bytes as characters when it moves past a call.${wide ? ` Set them in a variable on a line of their own (Zvar{icon;${wide}}) and write Zvar{icon} in the call instead.` : ''}`,
    });
  }
  return reading.wordCalls;
}

const NO_WORD_CALLS: readonly WordCall[] = [];

/**
 * Words whose function only gives a value, the same all through a run: in a
 * variable's name, the set and the read make the same name. Not `stop`,
 * `reply`, `timestamp` or the like, which do something, nor `uuid`,
 * `uptime` or `second`, whose value changes. `ping` is the connection's
 * latency the run was given (the context's shard_latency, bot/ping.rs).
 */
const STABLE_WORDS: ReadonlySet<string> = new Set([
  'time',
  'username',
  'displayName',
  'userID',
  'channelID',
  'channelName',
  'guildID',
  'serverName',
  'messageID',
  'customID',
  'roleID',
  'botID',
  'date',
  'day',
  'month',
  'year',
  'hour',
  'minute',
  'message',
  'ping',
]);

/** A name the word is part of: a variable's or option's (the call's first argument), or a component's ID. */
interface NamedBy {
  fn: string;
  role: 'variable' | 'option' | 'id' | 'key' | 'value' | 'condition' | 'block' | 'request';
  /** For an ID: whether `#trigger onInteraction{id}` handles it (a text input's is read with ZinputValue instead). */
  interaction?: boolean;
  /** For a name or an ID: the argument as written (`music_stop`, `last_date`), RELATIVE. */
  start?: number;
  end?: number;
}

/** What the JSON functions of LAST_IS_VALUE do with their last argument, where it is not stored. */
const VALUE_USE: Readonly<Record<string, string>> = {
  ZjsonArrayIndex: 'searches the list for',
  ZjsonJoinArray: 'joins the items with',
  ZjsonMerge: 'merges in',
};

/** The JSON functions whose last argument (of two or more) is a value, a separator or JSON, and the others keys. */
const LAST_IS_VALUE: ReadonlySet<string> = new Set(['ZjsonSet', 'ZjsonArrayAppend', 'ZjsonArrayUnshift', 'ZjsonArrayIndex', 'ZjsonJoinArray', 'ZjsonMerge']);

/**
 * The call whose name argument holds [start, end) (RELATIVE), without calls
 * of its own, or undefined: the first argument of a variable function or
 * Zoption, or a component ID (a custom, menu, modal or field ID). There the
 * word's result makes the name. In a temporary variable's name
 * (`Zvar{time;...}`, `Zvar{time}`) a run-stable word's result is the same for
 * the set and the read within one run (the current time zone, the author's
 * name), so the variable works as written.
 */
function nameArgumentOf(
  nodes: readonly (TopLevelNode | ContentNode)[],
  start: number,
  end: number,
  text: string,
  base: number,
  catalog: Catalog,
): NamedBy | undefined {
  for (const n of nodes) {
    if (n.kind === NodeKind.Group) {
      if (n.start <= start && end <= n.end) {
        const found = nameArgumentOf(n.nodes, start, end, text, base, catalog);
        if (found) return found;
      }
      continue;
    }
    if (n.kind !== NodeKind.Call || start < n.start || end > n.end) continue;
    const at = n.args.findIndex((a) => a.start <= start && end <= a.end);
    if (at < 0) continue;
    const arg = n.args[at];
    // A request's address or body (escaped braces of JSON included): sent, not written in the reply.
    const requestFn = text.slice(base + n.start, base + n.nameEnd);
    if (HTTP_REQUESTS.has(requestFn) && !arg.nodes.some((c) => c.kind === NodeKind.Call && c.start <= start && end <= c.end))
      return { fn: requestFn, role: 'request' };
    if (arg.nodes.length === 0) {
      const fn = text.slice(base + n.start, base + n.nameEnd);
      if (at === 0 && fn === 'Zoption') return { fn, role: 'option', start: arg.start, end: arg.end };
      if (at === 0 && variableFunction(fn)) return { fn, role: 'variable', start: arg.start, end: arg.end };
      // A Zasync block's name, looked up again by Zawait: only a key, never written.
      if (at === 0 && (fn === 'Zasync' || fn === 'Zawait')) return { fn, role: 'block', start: arg.start, end: arg.end };
      const parameter = catalog.getFunction(fn)?.arguments[at]?.name;
      // A link button's second argument is its web address, not an ID (bot.rs builds it as a URL button).
      const link = isLinkButton(n, fn, { rel: (a, b) => text.slice(base + a, base + b) });
      if (parameter !== undefined && isComponentIdParameter(parameter) && !link)
        return { fn, role: 'id', interaction: isInteractionIdParameter(parameter), start: arg.start, end: arg.end };
      // A key of the JSON object or of the HTTP answer: looked up, not printed. Not the value that
      // ZjsonSet{key;...;value} and its kind store, their last argument (json/jsonSet.rs: args.last()).
      if (LAST_IS_VALUE.has(fn) && n.args.length >= 2 && at === n.args.length - 1) return { fn, role: 'value' };
      if (fn === 'ZhttpResult' || (fn.startsWith('Zjson') && fn !== 'ZjsonParse' && fn !== 'ZjsonStringify')) return { fn, role: 'key' };
    }
    const inner = nameArgumentOf(arg.nodes, start, end, text, base, catalog);
    if (inner) return inner;
    const fn = text.slice(base + n.start, base + n.nameEnd);
    return at === 0 && CONDITION_FUNCTIONS.has(fn) ? { fn, role: 'condition' } : undefined;
  }
  return undefined;
}

/**
 * The call one of whose arguments is the word [start, end) (RELATIVE) and
 * nothing else, spaces aside, and that argument's index: there the word's
 * result is the whole argument the call gets.
 */
function wholeArgumentOf(
  nodes: readonly (TopLevelNode | ContentNode)[],
  start: number,
  end: number,
  text: string,
  base: number,
): { fn: string; at: number } | undefined {
  for (const n of nodes) {
    if (n.kind === NodeKind.Group) {
      if (n.start <= start && end <= n.end) return wholeArgumentOf(n.nodes, start, end, text, base);
      continue;
    }
    if (n.kind !== NodeKind.Call || start < n.start || end > n.end) continue;
    const at = n.args.findIndex((a) => a.start <= start && end <= a.end);
    if (at < 0) return undefined;
    const arg = n.args[at];
    if (arg.nodes.length > 0) return wholeArgumentOf(arg.nodes, start, end, text, base);
    return text.slice(base + arg.start, base + arg.end).trim() === text.slice(base + start, base + end)
      ? { fn: text.slice(base + n.start, base + n.nameEnd), at }
      : undefined;
  }
  return undefined;
}

/** The calls whose arguments hold `at` (RELATIVE), outermost first: each call's name and which argument. */
function callsAround(nodes: readonly (TopLevelNode | ContentNode)[], at: number, text: string, base: number): { name: string; arg: number }[] {
  const frames: { name: string; arg: number }[] = [];
  let level = nodes;
  descend: for (;;) {
    for (const n of level) {
      if (n.kind === NodeKind.Group && n.start <= at && at < n.end) {
        level = n.nodes;
        continue descend;
      }
      if (n.kind !== NodeKind.Call || at < n.start || at >= n.end) continue;
      const arg = n.args.findIndex((a) => a.start <= at && at < a.end);
      if (arg < 0) return frames;
      frames.push({ name: text.slice(base + n.start, base + n.nameEnd), arg });
      level = n.args[arg].nodes;
      continue descend;
    }
    return frames;
  }
}

/**
 * Whether `at` (RELATIVE) lies in an argument the engine never evaluates: one
 * past the maximum of a lazy form (Zif's fourth, ZtryRun's third...), which
 * runtime.rs leaves unread (not Zeval's: it runs them all).
 */
function inIgnoredArgument(nodes: readonly (TopLevelNode | ContentNode)[], at: number, text: string, base: number): boolean {
  return callsAround(nodes, at, text, base).some((f) => !evaluatesArgument(engineFacts.forCall(f.name), f.arg));
}

/** What the engine does with an escape between a call's braces, as a diagnostic (RELATIVE to `base`). */
function escapeInCall(e: EscapeInCall, text: string, base: number): AnalysisDiagnostic {
  if (e.kind === 'semicolon') return nestedSemicolon(e, base);
  const message =
    e.kind === 'close'
      ? "Between a call's braces the engine does not honour \\}: this } closes the call. To output a brace, build the text outside the call."
      : e.kind === 'open'
        ? "Between a call's braces the engine still counts \\{ as an opening brace, so the call does not end where it seems to."
        : `Between a call's braces the engine drops this backslash and runs ${text.slice(e.start + 1, e.end)} as a function.`;
  return { code: 'escape-in-call', severity: 'warning', start: e.start - base, end: e.end - base, message };
}

/**
 * What the engine does with the escape starting at absolute offset `at` of
 * the statement text[base, base + end), when it does not read it as the
 * escape it looks like (hover says this instead of what the escape means).
 */
export function escapeInCallAt(text: string, base: number, end: number, at: number): string | undefined {
  if (!mayReadDifferently(text, base, base + end, engineFacts)) return undefined;
  const e = readStatement(text, base, base + end, engineFacts).escapesInCalls.find((x) => x.start === at);
  return e ? escapeInCall(e, text, base).message : undefined;
}

/**
 * `\\;` in a call inside another call's argument: each enclosing call's reading
 * unescapes it once, so the inner call gets a bare `;` and splits there. As
 * many backslashes as survive those reads (3 for one enclosing call, 7 for
 * two) keep it in the text.
 */
function nestedSemicolon(e: EscapeInCall, base: number): AnalysisDiagnostic {
  const call = e.splits!;
  const written = `${'\\'.repeat(2 ** ((e.levels ?? 1) + 1) - 1)};`;
  const fixes: AnalysisFix[] = [{ title: `Write ${written}`, edits: [{ start: e.start - base, end: e.end - base, newText: written }], preferred: true }];
  const why = `The engine removes this backslash while it reads the call around ${call.name}, so ${call.name} gets a plain ";" and splits its arguments here`;
  const engine = engineFacts.forCall(call.name);
  if (engine && !engine.lazy && engine.max !== null && call.argCount > engine.max) {
    return {
      code: 'too-many-arguments',
      severity: 'error',
      start: e.start - base,
      end: e.end - base,
      message: `${why}: it then has ${call.argCount} arguments, more than the ${engine.max} the engine accepts, and the command halts with "Too many arguments". Write ${written} to keep the ";" in the text.`,
      fixes,
    };
  }
  return {
    code: 'escape-in-call',
    severity: 'warning',
    start: e.start - base,
    end: e.end - base,
    message: `${why}: the text after it becomes another argument. Write ${written} to keep the ";" in the text.`,
    fixes,
  };
}

function reportPanic(reading: StatementReading, text: string, base: number, end: number, out: AnalysisDiagnostic[]): void {
  const p = reading.panic!;
  const fix = asciiSpellingFix(text, base, end);
  out.push({
    code: 'non-ascii-letter',
    severity: 'error',
    start: p.offset - base,
    end: p.offset - base + p.length,
    message: /\p{Extended_Pictographic}/u.test(p.char)
      ? `The engine crashes while loading this file at the emoji "${p.char}": Unicode counts its character as a letter, and a letter outside ASCII in a command's text or arguments stops the engine's loader, so the bot does not start. Leave this emoji out, or use another one (most emoji are not letters).`
      : `The engine crashes while loading this file at "${p.char}": a letter outside ASCII in a command's text or arguments stops its loader, so the bot does not start. Spell it with ASCII letters (comments and header lines may keep it).`,
    fixes: fix ? [fix] : undefined,
  });
}

/** Replaces every letter of the statement that has an obvious ASCII spelling (é -> e, ß -> ss), when that covers them all. */
function asciiSpellingFix(text: string, base: number, end: number): AnalysisFix | undefined {
  const edits: AnalysisFix['edits'] = [];
  const segment = text.slice(base, base + end);
  for (const m of segment.matchAll(/[^\x00-\x7f]/gu)) {
    const ch = m[0];
    if (!/[\p{L}\p{N}]/u.test(ch)) continue;
    const ascii = asciiSpelling(ch);
    if (ascii === undefined) return undefined;
    edits.push({ start: m.index!, end: m.index! + ch.length, newText: ascii });
  }
  if (edits.length === 0) return undefined;
  return { title: edits.length === 1 ? `Write "${edits[0].newText}"` : 'Spell the letters of this statement with ASCII', edits, preferred: true };
}

const SPECIAL_SPELLINGS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  ð: 'd',
  '²': '2',
  '³': '3',
  '¹': '1',
};

function asciiSpelling(ch: string): string | undefined {
  const special = SPECIAL_SPELLINGS[ch];
  if (special) return special;
  const stripped = ch.normalize('NFD').replace(/\p{M}/gu, '');
  return /^[A-Za-z0-9]+$/.test(stripped) ? stripped : undefined;
}

/** Words for the clock and the calendar, which prose puts after a "$" too ("$time is money"). */
const CLOCK_WORDS: ReadonlySet<string> = new Set(['time', 'date', 'day', 'hour', 'minute', 'second', 'month', 'year', 'timestamp']);

function reportWordCall(
  w: WordCall,
  text: string,
  base: number,
  catalog: Catalog,
  out: AnalysisDiagnostic[],
  nameOf: NamedBy | undefined,
  wholeArgument: { fn: string; at: number } | undefined,
  nodes: readonly (TopLevelNode | ContentNode)[],
): void {
  // The whole word the match ends, for the message.
  const { start: a, end: b } = wholeWordOf(w, text);
  const word = text.slice(a, b);
  const fnName = `Z${w.fn.key}`;
  const does = whatItDoes(w.fn, catalog);
  const where = a === w.start ? `the word "${word}"` : `"${w.name}" at the end of "${word}"`;
  const before = text.slice(a, w.start);
  // A name or an ID is one however it is spelt (`btn_time`, `last_date`): the word's result replaces part of the whole argument.
  const id = nameOf?.start !== undefined ? text.slice(base + nameOf.start, base + nameOf.end!).trim() : '';
  const idBefore = id ? text.slice(base + nameOf!.start!, w.start).trimStart() : '';
  const idAfter = id ? text.slice(w.end, base + nameOf!.end!).trimEnd() : '';
  // A word whose function halts the command stops everything after it: an error, like any halt.
  const halts = /\b(halts|stops)\b/.test(does);
  // In a name (`ZgetServerVar{second}`, `Zoption{timestamp}`, `ZaddButton{false;btn_time}`) the result makes another name, rather than being printed.
  const named = nameOf?.role;
  // A cooldown's placeholder (%time%, %time-m%...: cooldown/helpers.rs replaces them in its message) is run before the cooldown reads it.
  const placeholder = w.fn.key === 'time' && a === w.start && text.charCodeAt(a - 1) === 37 /* % */ && /[Cc]ooldown\{/.test(text.slice(base, a));
  // The word alone as a call's argument: the call gets the result (or, for Zreply's signal, is not run: runtime.rs returns it at once).
  const parameter = wholeArgument && catalog.getFunction(wholeArgument.fn)?.arguments[wholeArgument.at]?.name;
  // A lazy function (Zif's branches) runs the argument it chooses: the signal then passes through it, nothing is skipped.
  const skipped = nameOf?.fn ?? (wholeArgument && !engineFacts.forCall(wholeArgument.fn)?.lazy ? wholeArgument.fn : undefined);
  const outcome = halts
    ? ''
    : w.fn.key === 'reply' && (nameOf ? id === word : wholeArgument)
      ? skipped
        ? ` A call one of whose arguments is Zreply does not run at all (the engine passes the reply's signal on instead), so ${skipped} is skipped here (and in a prefix command the answer becomes a reply).`
        : ' The word is left out of the text (and in a prefix command the answer becomes a reply).'
      : wholeArgument && !nameOf && !before
        ? ` ${wholeArgument.fn} then gets that result as its ${parameter ?? `argument ${wholeArgument.at + 1}`}, not the word "${word}".`
        : placeholder
          ? " So the cooldown's placeholder never reaches the cooldown, which would put the time left in its place: the message shows the time zone's name."
          : named === 'key'
            ? ` ${nameOf!.fn} then ${nameOf!.fn === 'ZhttpResult' || nameOf!.fn === 'ZjsonGet' || nameOf!.fn === 'ZjsonExists' ? 'looks up' : 'uses'} the key ${before ? `"${before}" followed by that result` : 'named by that result'}, not "${word}".${
                // http/httpResult.rs leaves out empty keys and, with none left, gives the raw body.
                nameOf!.fn === 'ZhttpResult' && w.fn.key === 'message' && text.charCodeAt(a - 1) === 123 /* { */ && text.charCodeAt(b) === 125 /* } */
                  ? " Where Zmessage is empty (nothing typed after a prefix command's trigger; a slash or an event command), ZhttpResult gets no key and gives the whole response, the raw JSON."
                  : ''
              }`
            : named === 'value'
              ? ` ${nameOf!.fn} then ${VALUE_USE[nameOf!.fn] ?? 'stores'} ${before ? `"${before}" followed by that result` : 'that result'}, not "${word}".`
              : named === 'condition'
                ? ` The condition then reads ${before ? `"${before}" followed by that result` : 'that result'} where "${word}" is written.`
                : named === 'request'
                  ? ` ${nameOf!.fn} then sends ${before ? `"${before}" followed by that result` : 'that result'} where "${word}" is written (in the address or the body), not the word.`
                  : named === 'id'
                    ? ` The ID is then ${idBefore ? `"${idBefore}" followed by that result` : 'that result'}${idAfter ? ` and "${idAfter}"` : ''}, not "${id}"${nameOf!.interaction ? `, so a command triggered by onInteraction{${id}} never gets this component's interactions` : ''}.`
                    : named
                      ? ` ${nameOf!.fn} then uses the ${named} named ${idBefore ? `"${idBefore}" followed by that result` : 'by that result'}${idAfter ? ` and "${idAfter}"` : ''}, not "${id}".`
                      : before
                        ? ` The bot writes "${before}" followed by its result.`
                        : w.fn.writesNothing
                          ? ' The word is left out of the text.'
                          : ' The bot writes its result instead of the word.';
  // `$username` (another bot language's sigil) or `zusername`: the function was meant, and only the sigil is wrong.
  // Not a clock's word after "$" ("$time is money" is prose): the other bot languages' $ names are the user's and the server's.
  // In a condition or a stored value too (Zif{$username == Bob;...}): there the word kept would never be what was meant either.
  const sigilAllowed = !halts && (!named || named === 'condition' || named === 'value');
  const sigil = !sigilAllowed ? undefined : a === w.start && text[a - 1] === '$' && !CLOCK_WORDS.has(w.fn.key) ? a - 1 : before === 'z' ? a : undefined;
  if (sigil !== undefined) {
    const written = text[sigil];
    const reads = named === 'condition' ? 'the condition reads' : named === 'value' ? `${nameOf!.fn} ${VALUE_USE[nameOf!.fn] ?? 'stores'}` : 'the bot writes';
    out.push({
      code: 'word-runs-function',
      severity: 'warning',
      start: sigil - base,
      end: w.end - base,
      message: `The engine runs "${w.name}" as ${fnName} here, but ${written === '$' ? '"$" is another bot language\'s way to call a function: to the engine it is text' : 'a call starts with a capital Z: the small "z" is text'}, so ${reads} "${written}" followed by the result. Write ${fnName}.`,
      fixes: [{ title: `Write ${fnName}`, edits: [{ start: sigil - base, end: sigil - base + 1, newText: 'Z' }], preferred: true }],
      reading: `runs "${w.name}" as the function ${fnName}, after the text "${written}"`,
    });
    return;
  }
  const fix = keptWordFix(w, before, base);
  const advice = !fix
    ? ''
    : named === 'key'
      ? ` To use the word itself as the key, write ${fix.edits[0].newText}.`
      : named === 'value'
        ? ` To give ${nameOf!.fn} the word itself, write ${fix.edits[0].newText}.`
        : named === 'condition'
          ? ` To keep the word in the condition, write ${fix.edits[0].newText}.`
          : named === 'request'
            ? ` To send the word itself, write ${fix.edits[0].newText}.`
            : named === 'id'
              ? ` Choose an ID without the word, or write ${fix.edits[0].newText} to keep it in the ID.`
              : named
                ? ` Rename the ${named}, or write ${fix.edits[0].newText} to keep the name.`
                : placeholder
                  ? ` Write %${fix.edits[0].newText}${text.slice(b, text.indexOf('%', b) + 1 || b)} instead.`
                  : wholeArgument && !before
                    ? ` To give ${wholeArgument.fn} the word itself, write ${fix.edits[0].newText}.`
                    : ` To print the word, write ${fix.edits[0].newText}.`;
  // A halt in Zdelay's or Zasync's code stops that code alone; in ZtryRun's code it is caught (Zstop too: an empty
  // user error, errors/stop.rs): a warning, said as what happens there.
  const around = halts ? haltContext(nodes, w.start - base, text, base) : undefined;
  const happens =
    around === undefined
      ? does
      : around === 'caught'
        ? `${w.fn.key === 'stop' ? 'ends the code with an empty error' : 'fails'} here, and ZtryRun catches that: its fallback runs instead of the rest of its code`
        : `stops ${around === 'delayed' ? 'the delayed code' : "Zasync's code"} here: what it was to do after this never happens (the command itself has answered already)`;
  out.push({
    code: 'word-runs-function',
    severity: halts && around === undefined ? 'error' : 'warning',
    start: w.start - base,
    end: w.end - base,
    message: `The engine runs ${where} as the function ${fnName}, which ${happens}.${outcome}${advice}`,
    fixes: fix ? [fix] : undefined,
    reading: `runs ${where} as the function ${fnName}`,
  });
}

/**
 * Where a halt at `at` (RELATIVE) ends up: in Zdelay's or Zasync's code (their task's result is discarded,
 * runtime.rs), in ZtryRun's code (caught), or undefined (it halts the command). The innermost of these
 * decides: a delay inside ZtryRun's code is the delay's, a ZtryRun inside a delay's code catches it.
 */
function haltContext(nodes: readonly (TopLevelNode | ContentNode)[], at: number, text: string, base: number): 'delayed' | 'async' | 'caught' | undefined {
  const frames = callsAround(nodes, at, text, base);
  for (let k = frames.length - 1; k >= 0; k--) {
    const { name, arg } = frames[k];
    if (name === 'Zdelay' && arg >= 1) return 'delayed';
    if (name === 'Zasync' && arg >= 1) return 'async';
    if (name === 'ZtryRun' && arg === 0) return 'caught';
  }
  return undefined;
}

/** The whole run of letters and digits whose end (or all of it) the word call `w` is. */
export function wholeWordOf(w: WordCall, text: string): { start: number; end: number } {
  let start = w.start;
  while (start > 0 && isAlnum(text.charCodeAt(start - 1))) start--;
  let end = w.end;
  while (end < text.length && isAlnum(text.charCodeAt(end))) end++;
  return { start, end };
}

/**
 * The fix that keeps the word `w` (keepWordFix), `before`: the part of its run before it. In a run that
 * starts with Z (`Zexecutiontime`), the engine would read the run and the inserted Zlowercase as one
 * name: no fix there.
 */
export function keptWordFix(w: WordCall, before: string, base: number): AnalysisFix | undefined {
  return before.startsWith('Z') ? undefined : keepWordFix(w, base);
}

/**
 * A spelling the engine prints as the word: the same letters in upper case
 * inside Zlowercase{...}. Upper-case runs name no function (registry names
 * start in lower case), and the call's own name is read as a call, not a word.
 */
function keepWordFix(w: WordCall, base: number): AnalysisFix | undefined {
  if (!/^[a-z]+$/.test(w.name)) return undefined;
  const replacement = `Zlowercase{${w.name.toUpperCase()}}`;
  const check = readStatement(replacement, 0, replacement.length, engineFacts);
  if (check.wordCalls.length !== 0 || check.calls.length !== 1) return undefined;
  return { title: `Keep the word: write ${replacement}`, edits: [{ start: w.start - base, end: w.end - base, newText: replacement }], preferred: true };
}

function whatItDoes(fn: EngineFunction, catalog: Catalog): string {
  if (fn.bare) return fn.bare;
  // The catalog says "with no output"; the engine drops all the command's text but still sends the embeds and components built before.
  if (fn.key === 'stop')
    return "halts the command: nothing after it runs, and none of the command's text is sent (embeds and buttons built before it still are)";
  const documented = catalog.getFunction(`Z${fn.key}`);
  if (documented) return `does this: ${documented.description.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase())}`;
  if (fn.summary) return `does this: ${fn.summary.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase())}`;
  return `is a function of the engine the catalog does not document${fn.writesNothing ? ', and writes nothing' : ''}`;
}
