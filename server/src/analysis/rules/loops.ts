/** ZloopIndex/ZloopValue only have a value inside the code of a loop function. */
import { type CallNode, type ContentNode, NodeKind } from '../../syntax/tree';
import { hasCall, type StatementContext } from './context';

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

/**
 * The Zvar names a loop's code sets (`Zvar{name;value}`, a written name),
 * leaving out the code of the Zdelay and Zasync calls in it, which runs
 * apart; with the names of the loops around it. Undefined where none.
 */
export function loopSetVariables(loop: CallNode, ctx: StatementContext, around: Set<string> | undefined): Set<string> | undefined {
  let names: Set<string> | undefined;
  const visit = (nodes: readonly ContentNode[], depth: number): void => {
    if (depth > 200) return;
    for (const node of nodes) {
      if (node.kind === NodeKind.Group) visit(node.nodes, depth + 1);
      if (node.kind !== NodeKind.Call) continue;
      const name = ctx.rel(node.start, node.nameEnd);
      // A value written as text is the same on every pass (Zvar{label;Round}): reading the last one is no surprise.
      if (name === 'Zvar' && node.args.length >= 2 && !hasCall(node.args[0]) && hasCall(node.args[1])) {
        const v = ctx.rel(node.args[0].start, node.args[0].end).trim();
        if (v !== '') (names ??= new Set(around)).add(v);
      }
      const apart = name === 'Zdelay' || name === 'Zasync' ? 1 : node.args.length;
      for (let j = 0; j < node.args.length && j < apart; j++) visit(node.args[j].nodes, depth + 1);
    }
  };
  for (const arg of loop.args) visit(arg.nodes, 0);
  return names ?? around;
}

/**
 * `ZforSplit{Zvar{u;ZloopValue}Zdelay{5s;...Zvar{u}...}}`: the copy is the
 * command's variable like the loop value itself (var.rs and the loops keep
 * both in the same temp variables, which the delayed code shares), so every
 * delayed run reads the last pass's. A set of the name inside the delayed
 * code itself, before the read, is that run's own value.
 */
export function checkLoopVariableInDelay(node: CallNode, ctx: StatementContext): void {
  const first = node.args[0];
  if (!first || hasCall(first)) return;
  const v = ctx.rel(first.start, first.end).trim();
  if (node.args.length >= 2) {
    if (ctx.loopSets?.has(v)) {
      ctx.loopSets = new Set(ctx.loopSets);
      ctx.loopSets.delete(v);
    }
    return;
  }
  if (!ctx.loopSets?.has(v)) return;
  ctx.diagnostics.push({
    code: 'loop-value-in-delay',
    severity: 'warning',
    start: node.start,
    end: node.end,
    message: `Zdelay runs this code after the loop has finished, and the variable "${v}", which the loop sets on every pass, then holds what the last pass set: every delayed run reads the same value. Send what each pass needs now, or put the whole loop inside one Zdelay.`,
  });
}
