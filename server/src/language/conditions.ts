/** Functions whose first argument is a condition (docs/language.md, "Conditions"). */
export const CONDITION_FUNCTIONS: ReadonlySet<string> = new Set(['Zif', 'ZonlyIf', 'ZcheckCondition']);
