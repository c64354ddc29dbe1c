/**
 * Checks on request parameters as they arrive: clients (and fuzzers) send
 * garbage, and a handler must answer empty instead of failing on it.
 */
import type { Position, Range } from 'vscode-languageserver-types';

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document URI of a request's params, or undefined for garbage. */
export function uriOf(params: unknown): string | undefined {
  const td = isObject(params) ? params.textDocument : undefined;
  const uri = isObject(td) ? td.uri : undefined;
  return typeof uri === 'string' ? uri : undefined;
}

export function isPosition(value: unknown): value is Position {
  return (
    isObject(value) && typeof value.line === 'number' && typeof value.character === 'number' && Number.isFinite(value.line) && Number.isFinite(value.character)
  );
}

export function isRange(value: unknown): value is Range {
  return isObject(value) && isPosition(value.start) && isPosition(value.end);
}
