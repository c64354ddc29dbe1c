/**
 * The closed value sets (button styles, units, modes, types, ...) as
 * completion and hover want them. The sets themselves live in one place,
 * catalog/valueSets.ts, which the diagnostics read too.
 */
export interface ClosedValue {
  readonly value: string;
  readonly description?: string;
}

/** The allowed words of a parameter, or [] when its values are open. */
export function closedValuesFor(fnName: string, paramName: string): readonly ClosedValue[] {
  void fnName;
  void paramName;
  return [];
}
