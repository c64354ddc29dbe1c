/**
 * Which functions read or write variables, and in which scope. Completion,
 * references, rename and the "read before set" check all use this table.
 */
export type VariableScope = 'temporary' | 'global' | 'server' | 'channel' | 'user';
/** `getOrSet` is Zvar: a read with one argument, a write with two. */
export type VariableAccess = 'get' | 'set' | 'getOrSet' | 'exists' | 'reset';

export interface VariableFunction {
  readonly scope: VariableScope;
  readonly access: VariableAccess;
}

/** In every one of these the variable name is the first argument. */
export const VARIABLE_FUNCTIONS: Readonly<Record<string, VariableFunction>> = {
  Zvar: { scope: 'temporary', access: 'getOrSet' },
  ZgetVar: { scope: 'global', access: 'get' },
  ZsetVar: { scope: 'global', access: 'set' },
  ZvarExists: { scope: 'global', access: 'exists' },
  ZvarExistError: { scope: 'global', access: 'exists' },
  ZgetServerVar: { scope: 'server', access: 'get' },
  ZsetServerVar: { scope: 'server', access: 'set' },
  ZresetServerVar: { scope: 'server', access: 'reset' },
  ZgetChannelVar: { scope: 'channel', access: 'get' },
  ZsetChannelVar: { scope: 'channel', access: 'set' },
  ZresetChannelVar: { scope: 'channel', access: 'reset' },
  ZgetUserVar: { scope: 'user', access: 'get' },
  ZsetUserVar: { scope: 'user', access: 'set' },
  ZresetUserVar: { scope: 'user', access: 'reset' },
};

export function variableFunction(name: string): VariableFunction | undefined {
  return Object.hasOwn(VARIABLE_FUNCTIONS, name) ? VARIABLE_FUNCTIONS[name] : undefined;
}

/** The scope of the variable a function sets (Zvar with a value counts), or undefined for any other function. */
export function setterScope(name: string): VariableScope | undefined {
  const fn = variableFunction(name);
  return fn && (fn.access === 'set' || fn.access === 'getOrSet') ? fn.scope : undefined;
}

/** The first function of the table that does `access` (or is Zvar) in `scope`. */
function functionOf(scope: VariableScope, access: 'get' | 'set'): string {
  for (const [name, fn] of Object.entries(VARIABLE_FUNCTIONS)) if (fn.scope === scope && (fn.access === access || fn.access === 'getOrSet')) return name;
  return 'Zvar';
}

// Once per scope: rules ask for them per call (a table search each time made an array per entry).
const SCOPES: readonly VariableScope[] = ['temporary', 'global', 'server', 'channel', 'user'];
const GETTERS = new Map(SCOPES.map((scope) => [scope, functionOf(scope, 'get')]));
const SETTERS = new Map(SCOPES.map((scope) => [scope, functionOf(scope, 'set')]));

/** The getter of a scope's variables (Zvar for temporary ones), for fixes that read back what a setter stores. */
export function getterOf(scope: VariableScope): string {
  return GETTERS.get(scope) ?? 'Zvar';
}

/** The setter of a scope's variables (Zvar for temporary ones), for messages that name it. */
export function setterOf(scope: VariableScope): string {
  return SETTERS.get(scope) ?? 'Zvar';
}

/**
 * A saved variable's read that gives 0 while the variable has no value: the
 * engine has no start values, and arithmetic halts on the empty text.
 * `Zif{ZgetUserVar{coins}==;0;ZgetUserVar{coins}}`.
 */
export function readAsZeroWhileUnset(getter: string): string {
  return `Zif{${getter}==;0;${getter}}`;
}
