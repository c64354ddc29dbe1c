/**
 * The closed value sets (button styles, units, modes, types, ...) as
 * completion and hover want them. The sets themselves live in one place,
 * language/valueSets.ts, which the diagnostics read too.
 */
import { engineFacts } from '../catalog/engine';
import { valueSetFor } from '../language/valueSets';

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
    // A word the engine would run as a function is offered in the spelling that reaches the function as text.
    values = set
      ? set.values.map((word) => {
          const value = engineFacts.textSpelling(word);
          const note = value !== word ? ` Written ${value}: the engine would run the plain word "${word}" as a function.` : '';
          return { value, description: `One of: ${set.values.join(', ')}${set.caseInsensitive ? ' (any letter case)' : ''}.${note}` };
        })
      : [];
    cache.set(key, values);
  }
  return values;
}
