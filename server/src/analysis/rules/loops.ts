/** ZloopIndex/ZloopValue only have a value inside the code of a loop function. */
import type { StatementContext } from './context';

export const LOOP_FUNCTIONS = new Set(['Zrepeat', 'ZforSplit', 'ZforJson']);

export function isLoopValue(name: string): boolean {
  return name === 'ZloopIndex' || name === 'ZloopValue';
}

export function reportLoopValueOutsideLoop(name: string, start: number, end: number, ctx: StatementContext): void {
  ctx.diagnostics.push({
    code: 'loop-value-outside-loop',
    severity: 'warning',
    start,
    end,
    // The engine never clears the loop variables: after a loop they keep its last value.
    message: `${name} belongs inside the code of Zrepeat, ZforSplit or ZforJson; here it is empty, or still holds the last value of a loop that ran before.`,
  });
}
