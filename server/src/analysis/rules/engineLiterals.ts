/**
 * Written arguments the engine's functions refuse, for the functions whose
 * rules the catalog does not give (most are the engine's own functions, which
 * the catalog leaves out): one table, read from each function's source, and
 * one check. Each entry halts the command when the written value breaks it.
 */
import type { AnalysisFix } from '../diagnostic';
import type { DiagnosticCode } from '../codes';
import { type ReadArgument, type StatementContext, trimmedRange } from './context';
import { isInteger, isNumber, parseDuration, readEngineEscapes } from '../../language/literals';
import { reportPollRefusal } from './polls';

type LiteralRule =
  /** A number from 0 to 1 (a share, not a percentage). */
  | { kind: 'fraction'; what: string }
  /** A whole number above 0, in `unit` (a duration written with its unit is converted). */
  | { kind: 'count'; what: string; unit?: 'seconds' | 'days' }
  /** Exactly `true` or `false`. */
  | { kind: 'boolean' }
  /** One of `words`, in any case (the engine lower-cases it); `aliases` are the near misses people write. */
  | { kind: 'word'; what: string; words: readonly string[]; aliases?: Readonly<Record<string, string>> }
  /** A colour of six hex digits, with or without `#`. */
  | { kind: 'hex6' }
  /** A whole number of seconds (Zduration formats seconds; it reads no duration). */
  | { kind: 'seconds' }
  /** -1 for all, or a whole number from 1. */
  | { kind: 'amount'; what: string }
  /** A plain number (a percent sign or unit halts it), `what` in words. */
  | { kind: 'number'; what: string }
  /** `true` in any case turns it on; any other word turns it off, without an error (a warning). */
  | { kind: 'switch'; what: string }
  /** A whole number from `min` to `max` (either may be unbounded). */
  | { kind: 'range'; what: string; min: number; max: number }
  /** A plain number other than 0 (the engine divides by it). */
  | { kind: 'nonzero'; what: string }
  /** A poll's text Discord takes at most `max` characters of, refused when ZpollSend sends it. */
  | { kind: 'poll-length'; what: string; max: number };

/** By function: the argument's position (from 0; negative counts from the last) and its rule. */
const RULES: Readonly<Record<string, readonly { at: number; rule: LiteralRule }[]>> = {
  // moderation/capsDetect.rs: "threshold must be between 0.0 and 1.0".
  ZcapsDetect: [{ at: 1, rule: { kind: 'fraction', what: 'share of capital letters' } }],
  // moderation/spamDetect.rs: both parsed as integers above 0.
  ZspamDetect: [
    { at: 1, rule: { kind: 'count', what: 'number of messages' } },
    { at: 2, rule: { kind: 'count', what: 'window', unit: 'seconds' } },
  ],
  // moderation/newAccountDetect.rs: "minAgeDays" parsed as an integer above 0.
  ZnewAccountDetect: [{ at: 1, rule: { kind: 'count', what: 'minimum age', unit: 'days' } }],
  // polls/pollAllowMultiselect.rs: exactly "true" or "false".
  ZpollAllowMultiselect: [{ at: 0, rule: { kind: 'boolean' } }],
  // utility/hexToRgb.rs: six characters after the "#".
  ZhexToRgb: [{ at: 0, rule: { kind: 'hex6' } }],
  // string/extract.rs, math/listMath.rs, utility/validate.rs: the type word, lower-cased, from a fixed list.
  Zextract: [
    {
      at: 1,
      rule: {
        kind: 'word',
        what: 'kind of item',
        words: ['urls', 'emails', 'mentions', 'emojis', 'numbers'],
        aliases: { url: 'urls', links: 'urls', link: 'urls', email: 'emails', mention: 'mentions', emoji: 'emojis', number: 'numbers' },
      },
    },
  ],
  ZlistMath: [
    {
      at: 2,
      rule: {
        kind: 'word',
        what: 'operation',
        words: ['sum', 'avg', 'min', 'max', 'median', 'product'],
        aliases: { average: 'avg', mean: 'avg', total: 'sum', add: 'sum', minimum: 'min', maximum: 'max', multiply: 'product' },
      },
    },
  ],
  Zvalidate: [
    {
      at: 1,
      rule: {
        kind: 'word',
        what: 'kind of value',
        words: ['url', 'ip', 'email', 'hexColor', 'snowflake', 'json'],
        aliases: { link: 'url', mail: 'email', color: 'hexColor', colour: 'hexColor', hex: 'hexColor', id: 'snowflake' },
      },
    },
  ],
  // utility/duration.rs: the seconds as a whole number, formatted as "2d 5h".
  Zduration: [{ at: 0, rule: { kind: 'seconds' } }],
  // math/sort.rs: the return amount, second from the end, is -1 (all) or at least 1.
  Zsort: [{ at: -2, rule: { kind: 'amount', what: 'return amount' } }],
  // utility/hslToHex.rs: the three parsed as plain numbers (saturation and lightness out of 100).
  ZhslToHex: [
    { at: 0, rule: { kind: 'number', what: 'hue' } },
    { at: 1, rule: { kind: 'number', what: 'saturation (out of 100)' } },
    { at: 2, rule: { kind: 'number', what: 'lightness (out of 100)' } },
  ],
  // math/factorial.rs: n from 0 to 20 (21! does not fit in 64 bits).
  Zfactorial: [{ at: 0, rule: { kind: 'range', what: 'number', min: 0, max: 20 } }],
  // math/percent.rs: "Total cannot be zero".
  Zpercent: [{ at: 1, rule: { kind: 'nonzero', what: 'total' } }],
  // math/baseConvert.rs: "Bases must be between 2 and 36".
  ZbaseConvert: [
    { at: 1, rule: { kind: 'range', what: 'base to convert from', min: 2, max: 36 } },
    { at: 2, rule: { kind: 'range', what: 'base to convert to', min: 2, max: 36 } },
  ],
  // string/roman.rs: "number must be between 1 and 3999".
  Zroman: [{ at: 0, rule: { kind: 'range', what: 'number', min: 1, max: 3999 } }],
  // string/repeatText.rs: the count parsed as an unsigned whole number.
  ZrepeatText: [{ at: 1, rule: { kind: 'range', what: 'count', min: 0, max: Number.POSITIVE_INFINITY } }],
  // utility/rgbToHex.rs: each parsed as a byte.
  ZrgbToHex: [
    { at: 0, rule: { kind: 'range', what: 'red value', min: 0, max: 255 } },
    { at: 1, rule: { kind: 'range', what: 'green value', min: 0, max: 255 } },
    { at: 2, rule: { kind: 'range', what: 'blue value', min: 0, max: 255 } },
  ],
  // control/isEven.rs: a whole number; 4.0 halts it.
  ZisEven: [{ at: 0, rule: { kind: 'range', what: 'number', min: Number.NEGATIVE_INFINITY, max: Number.POSITIVE_INFINITY } }],
  // polls/pollSend.rs sends what pollCreate.rs and pollAddAnswer.rs kept, and halts on Discord's refusal.
  ZpollCreate: [{ at: 0, rule: { kind: 'poll-length', what: 'a poll question', max: 300 } }],
  ZpollAddAnswer: [{ at: 0, rule: { kind: 'poll-length', what: 'a poll answer', max: 55 } }],
  // message/suppressEmbeds.rs: "true" in any case suppresses; any other word shows the embeds again.
  ZsuppressEmbeds: [{ at: 1, rule: { kind: 'switch', what: 'suppresses the embeds' } }],
};

/** A duration written with its unit (`1h30m`) in seconds; undefined for anything else, a bare number included. */
function durationSeconds(text: string): number | undefined {
  return /[a-z]/.test(text) ? parseDuration(text) : undefined;
}

/** What is wrong with `text` under `rule`: the code, why in words, the value to write instead when there is one; `lenient`: it runs, differently. */
function judge(rule: LiteralRule, text: string): { code: DiagnosticCode; wants: string; instead?: string; lenient?: true; refusal?: string } | undefined {
  switch (rule.kind) {
    case 'poll-length': {
      // What Discord counts: characters, the engine's escapes read.
      const length = text.length <= rule.max ? text.length : [...readEngineEscapes(text)].length;
      if (length <= rule.max) return undefined;
      return {
        code: 'limit-exceeded',
        wants: '',
        refusal: `Discord takes at most ${rule.max} characters for ${rule.what}; this one has ${length}, so Discord refuses it`,
      };
    }
    case 'fraction': {
      if (isNumber(text) && Number(text) >= 0 && Number(text) <= 1) return undefined;
      const percent = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text);
      const share = percent && Number(percent[1]) > 1 && Number(percent[1]) <= 100 ? String(Number(percent[1]) / 100) : undefined;
      return { code: 'invalid-number', wants: `the ${rule.what} as a number from 0 to 1 (0.7 for 70%)`, instead: share };
    }
    case 'count': {
      if (isInteger(text) && Number(text) > 0) return undefined;
      const seconds = rule.unit ? durationSeconds(text) : undefined;
      const converted = seconds === undefined ? undefined : rule.unit === 'days' ? seconds / 86400 : seconds;
      return {
        code: 'invalid-integer',
        wants: `the ${rule.what} as a whole number above 0${rule.unit ? `, in ${rule.unit}` : ''}`,
        instead: converted !== undefined && Number.isInteger(converted) && converted > 0 ? String(converted) : undefined,
      };
    }
    case 'boolean': {
      if (text === 'true' || text === 'false') return undefined;
      const lower = text.toLowerCase();
      const instead = ['true', 'yes', 'on', '1', 'y', 'enabled'].includes(lower)
        ? 'true'
        : ['false', 'no', 'off', '0', 'n', 'disabled'].includes(lower)
          ? 'false'
          : undefined;
      return { code: 'invalid-boolean', wants: 'true or false, in lower case', instead };
    }
    case 'word': {
      const lower = text.toLowerCase();
      if (rule.words.some((w) => w.toLowerCase() === lower)) return undefined;
      return { code: 'invalid-value', wants: `one of ${rule.words.join(', ')} as the ${rule.what}`, instead: rule.aliases?.[lower] };
    }
    case 'hex6': {
      // hexToRgb.rs strips every leading "#".
      const hex = text.replace(/^#+/, '');
      if (/^[0-9a-fA-F]{6}$/.test(hex)) return undefined;
      const short = /^[0-9a-fA-F]{3}$/.test(hex) ? `#${[...hex].map((c) => c + c).join('')}` : undefined;
      return { code: 'invalid-color', wants: 'a colour of six hex digits (#FF8800)', instead: short };
    }
    case 'seconds': {
      if (isInteger(text)) return undefined;
      const seconds = durationSeconds(text);
      return {
        code: 'invalid-integer',
        wants: 'a number of seconds, which it writes as a duration (3600 gives 1h)',
        instead: seconds === undefined ? undefined : String(seconds),
      };
    }
    case 'number': {
      if (isNumber(text)) return undefined;
      const bare = /^([+-]?\d+(?:\.\d+)?)\s*(%|°|deg)$/.exec(text);
      return { code: 'invalid-number', wants: `the ${rule.what} as a plain number`, instead: bare?.[1] };
    }
    case 'switch': {
      if (text.toLowerCase() === 'true' || text.toLowerCase() === 'false') return undefined;
      const on = ['yes', 'on', '1', 'y', 'enable', 'enabled'].includes(text.toLowerCase());
      return { code: 'invalid-boolean', wants: `true where it ${rule.what} (any other word turns that off)`, instead: on ? 'true' : undefined, lenient: true };
    }
    case 'range': {
      const whole = /^[+-]?\d+\.0*$/.test(text) ? text.replace(/\.0*$/, '') : undefined;
      const bounds =
        rule.min === Number.NEGATIVE_INFINITY
          ? 'a whole number'
          : rule.max === Number.POSITIVE_INFINITY
            ? `a whole number from ${rule.min}`
            : `a whole number from ${rule.min} to ${rule.max}`;
      if (!isInteger(text)) return { code: 'invalid-integer', wants: `the ${rule.what} as ${bounds}`, instead: whole };
      const value = Number(text);
      if (value >= rule.min && value <= rule.max) return undefined;
      return { code: 'limit-exceeded', wants: `the ${rule.what} as ${bounds}` };
    }
    case 'nonzero': {
      if (isNumber(text) && Number(text) !== 0) return undefined;
      return { code: isNumber(text) ? 'limit-exceeded' : 'invalid-number', wants: `the ${rule.what} as a number other than 0 (it divides by it)` };
    }
    case 'amount': {
      // A word or a fraction is the catalog's integer check's to report (invalid-integer already).
      if (!isInteger(text) || Number(text) === -1 || Number(text) >= 1) return undefined;
      return { code: 'invalid-integer', wants: `the ${rule.what} as -1 for all of them or a whole number from 1`, instead: text === '0' ? '-1' : undefined };
    }
  }
}

/** `ZcapsDetect{Zmessage;70}`, `ZpollAllowMultiselect{yes}`, `Zextract{Zmessage;links}`...: written values these functions halt on. */
export function checkEngineLiterals(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  const rules = RULES[name];
  if (!rules) return;
  for (const { at, rule } of rules) {
    const arg = args[at < 0 ? args.length + at : at];
    // An empty one takes the function's default (or is the required-argument error's to report).
    if (!arg?.literal || arg.text === '') continue;
    const wrong = judge(rule, arg.text);
    if (!wrong) continue;
    const { start, end } = trimmedRange(arg.arg, ctx);
    if (wrong.refusal) {
      reportPollRefusal(ctx, start, end, wrong.refusal);
      continue;
    }
    const fixes: AnalysisFix[] | undefined =
      wrong.instead === undefined ? undefined : [{ title: `Write ${wrong.instead}`, edits: [{ start, end, newText: wrong.instead }], preferred: true }];
    // In ZtryRun a function's halt is caught: the command goes on without its result.
    const caught = !wrong.lenient && ctx.caught > 0;
    const message = `${name} takes ${wrong.wants}, and ${wrong.lenient ? `reads "${arg.text}" as false` : `the engine halts the command on "${arg.text}"`}.${wrong.instead === undefined ? '' : ` Write ${wrong.instead}.`}`;
    ctx.diagnostics.push({
      code: wrong.code,
      severity: wrong.lenient || caught ? 'warning' : 'error',
      start,
      end,
      message: caught ? `${message} Here ZtryRun catches the halt, and the command goes on without this call.` : message,
      fixes,
    });
  }
}
