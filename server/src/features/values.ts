/**
 * The closed value sets (button styles, units, modes, types, ...) as
 * completion and hover want them. The sets themselves live in one place,
 * catalog/valueSets.ts, which the diagnostics read too.
 */
import { valueSetFor } from '../catalog/valueSets';

export interface ClosedValue {
  readonly value: string;
  readonly description?: string;
}

const cache = new Map<string, readonly ClosedValue[]>();

/** The allowed words of a parameter, or [] when its values are open. */
export function closedValuesFor(fnName: string, paramName: string): readonly ClosedValue[] {
  const key = `${fnName}\u0000${paramName}`;
  let values = cache.get(key);
  if (!values) {
    const set = valueSetFor(fnName, paramName);
    values = set ? set.values.map((value) => ({ value, description: `One of: ${set.values.join(', ')}${set.caseInsensitive ? ' (any letter case)' : ''}.` })) : [];
    cache.set(key, values);
  }
  return values;
}
