/** ZloopIndex/ZloopValue only have a value inside the code of a loop function. */
import type { StatementContext } from './context';

export const LOOP_FUNCTIONS = new Set(['Zrepeat', 'ZforSplit', 'ZforJson']);

export function isLoopValue(name: string): boolean {
  return name === 'ZloopIndex' || name === 'ZloopValue';
}

/**
 * ZloopIndex and ZloopValue outside any loop's code, and ZloopValue in
 * Zrepeat's (outside every ZforSplit and ZforJson): Zrepeat sets only the
 * index, so the value is empty there, or the last one of a loop before.
 */
export function checkLoopValue(name: string, start: number, end: number, inLoop: boolean, ctx: StatementContext): void {
  if (inLoop && ctx.delayInLoop > 0) {
    // runtime.rs: the loop keeps its values in the command's variables, which the delayed code reads when it runs.
    ctx.diagnostics.push({
      code: 'loop-value-in-delay',
      severity: 'warning',
      start,
      end,
      message: `Zdelay runs this code after the loop has finished, and ${name} then holds the loop's last ${name === 'ZloopIndex' ? 'pass number' : 'value'}: every delayed run reads the same one. Send what each pass needs now, or put the whole loop inside one Zdelay.`,
    });
    return;
  }
  if (inLoop && (name !== 'ZloopValue' || ctx.valueLoops > 0)) return;
  if (inLoop) {
    ctx.diagnostics.push({
      code: 'loop-value-outside-loop',
      severity: 'warning',
      start,
      end,
      message:
        'Zrepeat sets only ZloopIndex (the pass number, from 1): ZloopValue is empty here, or still holds the last value of a ZforSplit or ZforJson that ran before. Use ZloopIndex.',
    });
    return;
  }
  ctx.diagnostics.push({
    code: 'loop-value-outside-loop',
    severity: 'warning',
    start,
    end,
    // The engine never clears the loop variables: after a loop they keep its last value.
    message: `${name} belongs inside the code of Zrepeat, ZforSplit or ZforJson; here it is empty, or still holds the last value of a loop that ran before.`,
  });
}
