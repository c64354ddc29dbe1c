/**
 * The one rule that maps a call's arguments to the function's parameters. The
 * diagnostics, signature help and inlay hints all use it, so they always agree.
 *
 * 1. Positional: argument i binds to parameter i. An empty argument still
 *    binds (and keeps the parameter's default). `Zname{}` (one empty argument)
 *    counts as no arguments.
 * 2. A repeating (variadic) parameter takes every argument from its position
 *    on, except those claimed by the parameters after it:
 *    - trailing parameters that are all required bind from the end
 *      (`Zsort{number...;direction;return_amount;separator}`: the last three
 *      arguments), leaving at least one argument for a required variadic;
 *    - trailing parameters that are optional (`ZblackListIDs{userID...;
 *      errorMessage?}`) bind the last argument only when it cannot be a value
 *      of the variadic parameter's type (it is empty, or a literal that is not,
 *      say, a snowflake). A nested call's value is unknown until run time, so it
 *      stays with the variadic parameter.
 *    - ZonlyForRoles, ZblackListRoles, ZonlyForUsers and ZblackListUsers bind
 *      their last argument to the message as the engine does: with two
 *      arguments or more, when it has a space, "!" or ".".
 * 3. Arguments past the last parameter of a non-variadic function are surplus.
 */
import type { FunctionRecord } from '../catalog/types';
import { type Parameter, signatureOf } from '../catalog/parameters';
import { couldBeValueOf } from '../language/literals';

export interface ArgumentInput {
  /** The argument's text, trimmed as the engine trims it. */
  readonly text: string;
  /** True when the argument contains no call: its value is known before run time. */
  readonly literal: boolean;
}

export interface BoundArgument {
  /** The parameter this argument binds to, or undefined when it is surplus. */
  readonly param: Parameter | undefined;
  /** True for the second and later arguments bound to a variadic parameter. */
  readonly repeat: boolean;
}

export interface Binding {
  /** One entry per argument, in order. Empty for `Zname{}`. */
  readonly args: readonly BoundArgument[];
  /** Required parameters with no argument at all (empty arguments are reported separately). */
  readonly missing: readonly Parameter[];
  /** Indexes of surplus arguments. */
  readonly surplus: readonly number[];
}

/** Name lists whose last argument the engine takes as the refusal message when it reads like a sentence. */
export const SENTENCE_MESSAGE_LISTS: ReadonlySet<string> = new Set(['ZonlyForRoles', 'ZblackListRoles', 'ZonlyForUsers', 'ZblackListUsers']);

export function effectiveArguments<T extends ArgumentInput>(args: readonly T[]): readonly T[] {
  // An empty slice keeps the array's shape (a literal [] has another one: see checkCall).
  return args.length === 1 && args[0].text === '' ? args.slice(0, 0) : args;
}

export function bindArguments(fn: FunctionRecord, rawArgs: readonly ArgumentInput[]): Binding {
  const { params, variadicIndex } = signatureOf(fn);
  const args = effectiveArguments(rawArgs);
  const n = args.length;
  const bound: BoundArgument[] = new Array(n);

  if (fn.name === 'ZargsCheck' && n === 2 && params.length === 3) {
    // The engine reads two arguments as min;error (no maximum).
    bound[0] = { param: params[0], repeat: false };
    bound[1] = { param: params[2], repeat: false };
    return { args: bound, missing: [], surplus: [] };
  }
  if (variadicIndex < 0) {
    const surplus: number[] = [];
    for (let i = 0; i < n; i++) {
      bound[i] = { param: params[i], repeat: false };
      if (i >= params.length) surplus.push(i);
    }
    const missing = params.slice(n).filter((p) => p.required);
    return { args: bound, missing, surplus };
  }

  const variadic = params[variadicIndex];
  const trailing = params.slice(variadicIndex + 1);
  // Arguments before the variadic parameter bind positionally.
  for (let i = 0; i < Math.min(n, variadicIndex); i++) bound[i] = { param: params[i], repeat: false };
  const rest = Math.max(0, n - variadicIndex);
  const minVariadic = variadic.required ? 1 : 0;

  let trailingCount: number;
  if (SENTENCE_MESSAGE_LISTS.has(fn.name) && trailing.length === 1) {
    // The engine's own rule for these lists of names: with two arguments or more, the last is the
    // message when it has a space, "!" or "." (a role or user name may be any text).
    const last = args[n - 1];
    trailingCount = rest > minVariadic && last.literal && /[ !.]/.test(last.text) ? 1 : 0;
  } else if (trailing.every((p) => !p.required)) {
    // Optional trailing parameters claim arguments from the end only while each
    // claimed argument cannot be a value of the variadic type.
    trailingCount = 0;
    while (trailingCount < trailing.length && rest - trailingCount > minVariadic) {
      const arg = args[n - 1 - trailingCount];
      if (arg.literal && couldBeValueOf(variadic.type, arg.text)) break;
      if (!arg.literal) break;
      trailingCount++;
    }
  } else {
    trailingCount = Math.min(trailing.length, Math.max(0, rest - minVariadic));
  }
  const variadicCount = rest - trailingCount;
  for (let k = 0; k < variadicCount; k++) bound[variadicIndex + k] = { param: variadic, repeat: k > 0 };

  // Claimed arguments fill the trailing parameters in order (when too few are
  // given, the later trailing parameters are the missing ones: people type left to right).
  for (let k = 0; k < trailingCount; k++) {
    bound[variadicIndex + variadicCount + k] = { param: trailing[k], repeat: false };
  }

  const missing: Parameter[] = [];
  for (let i = n; i < variadicIndex; i++) if (params[i].required) missing.push(params[i]);
  if (variadicCount === 0 && variadic.required) missing.push(variadic);
  const boundTrailing = new Set(bound.slice(variadicIndex).map((b) => b.param));
  for (const p of trailing) if (p.required && !boundTrailing.has(p)) missing.push(p);
  return { args: bound, missing, surplus: [] };
}
