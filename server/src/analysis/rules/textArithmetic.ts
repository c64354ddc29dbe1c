/**
 * Arithmetic written as text around calls (`Zvar{a}/2`, `ZgetUserVar{coins}+10`):
 * the engine computes nothing in an argument, it joins the calls' text and
 * the characters between them. Where a function then reads a number (the
 * arithmetic, which halts on "4/2"), that is an error; where a setter stores
 * it, the variable holds the text "5+10" (a warning).
 */
import { ARITHMETIC_FUNCTIONS } from '../../language/arithmetic';
import { type Argument, type CallNode, NodeKind } from '../../syntax/tree';
import { type StatementContext, trimmedRange } from './context';
import { getterOf, readAsZeroWhileUnset, setterScope } from '../../language/variableFunctions';
import { WHOLE_NUMBER_ARGUMENTS } from './callFacts';

/** The function that computes each operator, for the fix of a setter's value (first operand, second). */
const OPERATOR_FUNCTIONS: Readonly<Record<string, string>> = { '+': 'Zsum', '-': 'Zsub', '*': 'Zmulti', '/': 'Zdiv', '%': 'Zmodulo' };

const NUMBER = /^\d+(?:\.\d+)?$/;

/** An argument read as `operand op operand ...`, the operands calls or numbers, at least one a call; undefined otherwise. */
interface Expression {
  operands: { text: string; call?: CallNode }[];
  operators: string[];
}

/** The text the engine would pass, with each call's result taken to be `value`. */
function sample(expression: Expression, value: string): string {
  let out = '';
  for (let i = 0; i < expression.operands.length; i++) {
    if (i > 0) out += expression.operators[i - 1];
    const o = expression.operands[i];
    out += o.call ? value : o.text;
  }
  return out;
}

function readExpression(arg: Argument, ctx: StatementContext): Expression | undefined {
  const operands: Expression['operands'] = [];
  const operators: string[] = [];
  let calls = 0;
  let at = arg.start;
  // Text between calls: numbers and operators only.
  const readText = (to: number): boolean => {
    for (const token of ctx
      .rel(at, to)
      .trim()
      .split(/\s*([+\-*/%])\s*/)) {
      if (token === '') continue;
      const wantsOperand = operands.length === operators.length;
      if ('+-*/%'.includes(token)) {
        if (wantsOperand) return false;
        operators.push(token);
      } else if (NUMBER.test(token) && wantsOperand) operands.push({ text: token });
      else return false;
    }
    return true;
  };
  for (const n of arg.nodes) {
    if (n.kind !== NodeKind.Call) continue;
    if (!readText(n.start) || operands.length !== operators.length) return undefined;
    operands.push({ text: ctx.rel(n.start, n.end), call: n });
    calls++;
    at = n.end;
  }
  if (!readText(arg.end) || calls === 0 || operators.length === 0 || operands.length !== operators.length + 1) return undefined;
  return { operands, operators };
}

/**
 * Calls whose answer is a number (a word the user typed by its position, an
 * amount, a random or computed number): `ZgetUserVar{bank}+Zmessage{1}` is an
 * addition as surely as `+10`; so is `+Zvar{amount}` or `+Zoption{amount}`. Not
 * after `-`, nor a name (`ZgetUserVar{log}-Zvar{entry}` may join a list).
 */
function isNumberCall(call: CallNode, op: string, ctx: StatementContext): boolean {
  const name = ctx.rel(call.start, call.nameEnd);
  if (name === 'Zvar' || name === 'Zoption') return op !== '-' && call.args.length === 1;
  if (name === 'Zmessage') return call.args.length === 1 && /^\s*\d+\s*$/.test(ctx.rel(call.args[0].start, call.args[0].end));
  return NUMBER_CALLS.has(name);
}

const NUMBER_CALLS: ReadonlySet<string> = new Set(['Zrandom', ...ARITHMETIC_FUNCTIONS, 'ZloopIndex', 'Zround', 'Zfloor', 'Zceil']);

/**
 * `name`: the call; `numeric`: how many of its leading arguments are numbers
 * it halts on (-1: all), undefined when none.
 */
export function checkTextArithmetic(node: CallNode, name: string, numeric: number | undefined, ctx: StatementContext): void {
  if (numeric !== undefined) {
    const n = numeric < 0 ? node.args.length : Math.min(numeric, node.args.length);
    for (let i = 0; i < n; i++) {
      const arg = node.args[i];
      const expression = readExpression(arg, ctx);
      if (!expression) continue;
      const { start, end, text: written } = trimmedRange(arg, ctx);
      // Zcalculate computes it; not where a saved variable is an operand (empty, it would halt Zcalculate: saved-variable-unset).
      const saved = expression.operands.some((o) => o.call && ctx.profiles.get(ctx.rel(o.call.start, o.call.nameEnd)).facts?.savedVar?.use === 'get');
      // A function of whole numbers halts on a quotient such as "2.5" too: no fix there, the advice says so.
      const whole = WHOLE_NUMBER_ARGUMENTS.has(name) && expression.operators.includes('/');
      ctx.diagnostics.push({
        code: 'arithmetic-as-text',
        severity: 'error',
        start,
        end,
        message: `The engine does no arithmetic inside an argument: ${written} reaches ${name} as text (such as "${sample(expression, '4')}"), which is no number, so ${name} halts the command. Compute it: Zcalculate{${written}}${whole ? `, and make sure it is a whole number: ${name} halts on "2.5" too` : ''}.`,
        fixes:
          saved || whole
            ? undefined
            : [
                {
                  title: 'Compute it with Zcalculate',
                  edits: [{ start, end, newText: `Zcalculate{${written}}` }],
                  preferred: true,
                },
              ],
      });
    }
  }
  const scope = setterScope(name);
  const getter = scope === undefined ? undefined : getterOf(scope);
  const value = node.args[1];
  if (!getter || !value || node.args[0].nodes.length > 0) return;
  const expression = readExpression(value, ctx);
  // The variable's own value with a number added: meant as a count, stored as text that grows.
  if (expression?.operands.length !== 2) return;
  const [first, second] = expression.operands;
  const variable = ctx.rel(node.args[0].start, node.args[0].end).trim();
  const own =
    first.call &&
    ctx.rel(first.call.start, first.call.nameEnd) === getter &&
    ctx.rel(first.call.args[0]?.start ?? 0, first.call.args[0]?.end ?? 0).trim() === variable;
  const op = expression.operators[0];
  if (!own || (second.call && !isNumberCall(second.call, op, ctx)) || variable === '') return;
  const { start, end, text: written } = trimmedRange(value, ctx);
  // A saved variable is empty until set: the fix reads it as 0 then, as the computation would otherwise halt on it.
  const read = getter === 'Zvar' ? first.text : readAsZeroWhileUnset(first.text);
  const computed = `${OPERATOR_FUNCTIONS[op]}{${read};${second.text}}`;
  ctx.diagnostics.push({
    code: 'arithmetic-as-text',
    severity: 'warning',
    start,
    end,
    message: `The engine does no arithmetic inside an argument: ${name} stores the text ${written} as it reads (such as "${sample(expression, '5')}"), not the result, and the text grows each time. Compute it: ${computed}.`,
    // A temporary variable's fix would read it as a number where it may be empty (variable-read-before-set): shown, not applied.
    fixes:
      getter === 'Zvar'
        ? undefined
        : [
            {
              title: `Compute it with ${OPERATOR_FUNCTIONS[op]}`,
              edits: [{ start, end, newText: computed }],
              preferred: true,
            },
          ],
  });
}
