/**
 * A Unix time in milliseconds or nanoseconds where seconds are read.
 * ZfromTimestamp (time/fromTimestamp.rs) and ZrelativeTime
 * (time/relativeTime.rs) parse a whole number of seconds, and so does
 * Discord's <t:...> markup. A time in milliseconds (13 digits, or
 * ZgetTimestamp{ms}: time/getTimestamp.rs) is then a date some 50,000 years
 * ahead; one in nanoseconds is past the last date ZfromTimestamp can write
 * (chrono's, in the year 262143), and it halts with "invalid unix timestamp".
 * ZrelativeTime says "in the future" for either. ZtimeFormat
 * (time/timeFormat.rs) writes the far date's clock for milliseconds (not
 * now's hour and minute), and unwraps chrono's answer for nanoseconds: it
 * panics, so the command dies without an answer, which ZtryRun does not catch.
 */
import type { AnalysisFix } from '../diagnostic';
import { type CallNode, NodeKind } from '../../syntax/tree';
import { calledName, type ReadArgument, type StatementContext, trimmedRange, wholeCallOrBare } from './context';

type Unit = 'milliseconds' | 'nanoseconds';

/** The unit of a time of this century written with this many digits (seconds have 10). */
const UNIT_BY_DIGITS: Readonly<Record<number, Unit>> = { 13: 'milliseconds', 19: 'nanoseconds' };

/** ZgetTimestamp's unit words. */
const UNIT_BY_WORD: Readonly<Record<string, Unit>> = { ms: 'milliseconds', ns: 'nanoseconds' };

/** `ZgetTimestamp{ms}` or `{ns}`, closed, as its unit; undefined for seconds or anything else. */
function getTimestampUnit(call: CallNode, ctx: StatementContext): { unit: Unit; word: string } | undefined {
  if (call.args.length !== 1 || call.close < 0) return undefined;
  const word = ctx.rel(call.args[0].start, call.args[0].end).trim();
  const unit = Object.hasOwn(UNIT_BY_WORD, word) ? UNIT_BY_WORD[word] : undefined;
  return unit && { unit, word };
}

const SECONDS_FIX = (call: CallNode): AnalysisFix => ({
  title: 'Use seconds: ZgetTimestamp',
  edits: [{ start: call.start, end: call.end, newText: 'ZgetTimestamp' }],
  preferred: true,
});

/** `ZfromTimestamp{1700000000000}`, `ZrelativeTime{ZgetTimestamp{ms}}`: `name`'s time, its first argument. */
export function checkTimestampUnit(name: 'ZfromTimestamp' | 'ZrelativeTime' | 'ZtimeFormat', arg: ReadArgument | undefined, ctx: StatementContext): void {
  if (!arg || arg.text === '') return;
  let unit: Unit | undefined;
  let written: string;
  let fix: AnalysisFix;
  const { start, end } = trimmedRange(arg.arg, ctx);
  if (arg.literal) {
    // Leading zeros add digits, not a unit (0001700000000 is read as 1700000000 seconds).
    if (!/^[1-9]\d*$/.test(arg.text)) return;
    unit = UNIT_BY_DIGITS[arg.text.length];
    if (!unit) return;
    // Past the largest 64-bit number the engine's reading fails first: an error of its own, no time in any unit.
    if (arg.text.length === 19 && arg.text > '9223372036854775807') return;
    written = arg.text;
    const seconds = arg.text.slice(0, 10);
    fix = { title: `Write ${seconds} (seconds)`, edits: [{ start, end, newText: seconds }], preferred: true };
  } else {
    const call = wholeCallOrBare(arg.arg, ctx);
    if (!call || call.kind !== NodeKind.Call || calledName(call, ctx) !== 'ZgetTimestamp') return;
    const given = getTimestampUnit(call, ctx);
    if (!given) return;
    unit = given.unit;
    written = `ZgetTimestamp{${given.word}}`;
    fix = SECONDS_FIX(call);
  }
  const halts = name === 'ZfromTimestamp' && unit === 'nanoseconds';
  const panics = name === 'ZtimeFormat' && unit === 'nanoseconds';
  const effect =
    name === 'ZrelativeTime'
      ? 'far in the future, so ZrelativeTime always writes "in the future"'
      : halts
        ? 'past the last date ZfromTimestamp can write, and the engine halts the command ("invalid unix timestamp")'
        : panics
          ? ctx.background > 0
            ? `past the last date the engine can read, and ZtimeFormat crashes the ${ctx.delayed > 0 ? 'delayed' : 'background'} code there (a panic: the rest of it never runs, and ZtryRun does not catch it)`
            : 'past the last date the engine can read, and ZtimeFormat crashes the command there (a panic: nothing is sent, and ZtryRun does not catch it)'
          : name === 'ZtimeFormat'
            ? "a date some 50,000 years ahead, so the hour, minute and date written are that date's, not now's"
            : 'a date some 50,000 years ahead, which ZfromTimestamp writes as it is (and its relative format counts the days to it)';
  ctx.diagnostics.push({
    code: 'timestamp-unit',
    severity: panics || (halts && ctx.caught === 0) ? 'error' : 'warning',
    start,
    end,
    message: `${name} reads a Unix time in seconds, and ${written} is in ${unit}: read as seconds, it is ${effect}. ${arg.literal ? 'The same time in seconds is its first 10 digits.' : 'ZgetTimestamp alone gives seconds.'}`,
    fixes: [fix],
  });
}

/** `<t:ZgetTimestamp{ms}:R>`: Discord's markup reads seconds too. `call`: the ZgetTimestamp right after `<t:`. */
export function checkMarkupTimestampUnit(call: CallNode, ctx: StatementContext): void {
  const given = getTimestampUnit(call, ctx);
  if (!given) return;
  ctx.diagnostics.push({
    code: 'timestamp-unit',
    severity: 'warning',
    start: call.start,
    end: call.end,
    message: `ZgetTimestamp{${given.word}} gives ${given.unit}, but Discord's <t:...> markup reads seconds: the date shown is far in the future. Write ZgetTimestamp (seconds).`,
    fixes: [SECONDS_FIX(call)],
  });
}
