/**
 * What the engine accepts as a literal value of each parameter type
 * (docs/language.md): the binding rule, the literal checks, hover, colours and
 * links read these.
 */
import type { ArgumentType } from '../catalog/types';
import { resolvePermission, splitPermissionPrefix } from './permissions';

const DURATION_UNITS_SECONDS: Record<string, number> = { y: 31536000, w: 604800, d: 86400, h: 3600, m: 60, s: 1 };

/** Total seconds of a duration literal (`1h30m`), or undefined when it is not one. Zero is returned as 0. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  // Units are case-sensitive for the engine: 10M halts.
  if (!/^(\d+[ywdhms])+$/.test(trimmed)) return trimmed === '0' ? 0 : undefined;
  let total = 0;
  for (const match of trimmed.matchAll(/(\d+)([ywdhms])/g)) {
    total += Number(match[1]) * DURATION_UNITS_SECONDS[match[2]];
  }
  return total;
}

export const isInteger = (text: string): boolean => /^[+-]?\d+$/.test(text.trim());
export const isNumber = (text: string): boolean => /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text.trim());
export const isBoolean = (text: string): boolean => text === 'true' || text === 'false';
export const isSnowflake = (text: string): boolean => /^\d{17,20}$/.test(text.trim());
export const isHttpUrl = (text: string): boolean => {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return false;
  try {
    return new URL(trimmed).hostname.length > 0;
  } catch {
    return false;
  }
};
export const isHexColor = (text: string): boolean => /^#?[0-9a-fA-F]{6}$/.test(text.trim());

/**
 * Whether a literal argument text could be a value of `type`. Used where the
 * answer decides meaning (the binding rule), so it is permissive: a value that
 * the engine might accept counts.
 */
export function couldBeValueOf(type: ArgumentType, text: string): boolean {
  const value = text.trim();
  if (value === '') return false;
  switch (type) {
    case 'integer':
      return isInteger(value);
    case 'number':
      return isNumber(value);
    case 'boolean':
      return isBoolean(value);
    case 'snowflake':
      return isSnowflake(value);
    case 'url':
      return isHttpUrl(value);
    case 'duration':
      return parseDuration(value) !== undefined;
    case 'permission':
      return resolvePermission(splitPermissionPrefix(value).name) !== undefined;
    case 'emoji':
      // Unicode emoji or a custom emoji (`<:name:id>`, `<a:name:id>` or a bare id/name): no spaces.
      return !/\s/.test(value);
    case 'string':
      return true;
  }
}

/** The escapes the engine reads in a call's argument: `\{`, `\}`, `\;`, `\\` and `\Z` stand for the character. */
const ENGINE_ESCAPE = /\\([{};Z\\])/g;

/** Whether the text holds an escape the engine reads (how many it removes depends on how deep the call is). */
export function hasEngineEscape(text: string): boolean {
  return /\\[{};Z\\]/.test(text);
}

/** The text with the engine's escapes read once, as a call's argument at the top level gets it. */
export function readEngineEscapes(text: string): string {
  return text.replace(ENGINE_ESCAPE, '$1');
}
