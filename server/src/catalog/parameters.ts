/**
 * A function's parameters as the binding rule needs them. The record shape has
 * no per-argument "repeats" flag, so the repeating parameter is read from the
 * record's `syntax` (`ZblackListIDs{userID;...;errorMessage?}`: the parameter
 * written just before `...` repeats).
 */
import type { ArgumentRecord, FunctionRecord } from './types';

export interface Parameter extends ArgumentRecord {
  readonly index: number;
  readonly variadic: boolean;
}

export interface Signature {
  readonly fn: FunctionRecord;
  readonly params: readonly Parameter[];
  /** Index of the repeating parameter, or -1. */
  readonly variadicIndex: number;
}

const cache = new WeakMap<FunctionRecord, Signature>();

export function signatureOf(fn: FunctionRecord): Signature {
  let sig = cache.get(fn);
  if (!sig) {
    const variadicIndex = fn.variadic ? findVariadicIndex(fn) : -1;
    const params = fn.arguments.map((arg, index) => ({ ...arg, index, variadic: index === variadicIndex }));
    sig = { fn, params, variadicIndex };
    cache.set(fn, sig);
  }
  return sig;
}

function findVariadicIndex(fn: FunctionRecord): number {
  const open = fn.syntax.indexOf('{');
  const close = fn.syntax.lastIndexOf('}');
  if (open >= 0 && close > open) {
    const parts = fn.syntax
      .slice(open + 1, close)
      .split(';')
      .map((p) => p.trim());
    let paramIndex = -1;
    for (const part of parts) {
      if (part === '...') return Math.max(0, paramIndex);
      if (part.endsWith('...')) return paramIndex + 1; // tolerate `name...` spelling
      paramIndex++;
    }
  }
  // A catalog that says variadic without marking which: the last parameter repeats.
  return fn.arguments.length - 1;
}
