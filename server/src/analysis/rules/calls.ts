/**
 * A call `Zname{...}`: the function exists (else a "did you mean"), its
 * arguments bind to its parameters (missing, extra, empty required ones),
 * then each literal argument, the condition and the limits are checked, and
 * the call's facts are recorded for the file-level checks.
 */
import type { CallNode } from '../../syntax/tree';
import { bindArguments } from '../binding';
import { recordCallFacts } from './callFacts';
import { checkConditionArgument } from './conditions';
import { hasCall, ReadArgument, StatementContext } from './context';
import { checkLimits, checkLiteral } from './literals';
import { isLoopValue, reportLoopValueOutsideLoop } from './loops';

/**
 * Text parameters that must not be empty: the IDs that tie components, modals
 * and their handlers together. Any other text parameter may legitimately be
 * empty (ZreplaceText{text;old;} deletes, Zif{cond;;else} outputs nothing).
 */
const NONEMPTY_TEXT_PARAMS = new Set(['customID', 'menuID', 'modalID', 'fieldID']);

/** `inCall`: inside another call's argument; `inLoop`: inside the code of a loop function. */
export function checkCall(node: CallNode, ctx: StatementContext, inCall: boolean, inLoop: boolean): void {
  const name = ctx.rel(node.start, node.nameEnd);
  if (name === 'Z') return; // missing-name is a syntax error already
  recordCallFacts(node, name, ctx, inCall, inLoop);
  if (!inLoop && isLoopValue(name)) reportLoopValueOutsideLoop(name, node.start, node.nameEnd, ctx);
  const fn = ctx.catalog.getFunction(name);
  if (!fn) {
    if (ctx.suggester.names.length === 0) return; // no catalog loaded: nothing to compare with
    const suggestion = ctx.suggester.suggest(name);
    ctx.diagnostics.push({
      code: 'unknown-function',
      severity: 'error',
      start: node.start,
      end: node.nameEnd,
      message: `There is no function named ${name}.${suggestion ? ` Did you mean ${suggestion}?` : ''}`,
      fixes: suggestion ? [{ title: `Change to ${suggestion}`, edits: [{ start: node.start, end: node.nameEnd, newText: suggestion }], preferred: true }] : undefined,
    });
    return;
  }
  const args: ReadArgument[] = node.args.map((a) => ({ arg: a, text: ctx.rel(a.start, a.end).trim(), literal: !hasCall(a) }));
  const binding = bindArguments(fn, args);
  const close = node.close >= 0 ? node.close : node.end;
  for (const p of binding.missing) {
    ctx.diagnostics.push({ code: 'missing-argument', severity: 'error', start: node.start, end: node.nameEnd, message: `${name} needs a value for "${p.name}" (${fn.syntax}).` });
  }
  for (const i of binding.surplus) {
    const sep = node.separators[i - 1];
    const a = node.args[i];
    ctx.diagnostics.push({
      code: 'too-many-arguments',
      severity: 'error',
      start: sep,
      end: a.end,
      message: `${name} takes at most ${fn.arguments.length} argument${fn.arguments.length === 1 ? '' : 's'}; this one is extra (${fn.syntax}).`,
      fixes: [{ title: 'Remove the extra argument', edits: [{ start: sep, end: binding.surplus[0] === i ? close : a.end, newText: '' }] }],
    });
  }
  for (let i = 0; i < binding.args.length; i++) {
    const param = binding.args[i].param;
    if (!param) continue;
    const { arg, text, literal } = args[i];
    if (text === '') {
      if (param.required && param.default === undefined && !binding.args[i].repeat && (param.type !== 'string' || NONEMPTY_TEXT_PARAMS.has(param.name))) {
        ctx.diagnostics.push({ code: 'empty-required-argument', severity: 'warning', start: arg.start, end: arg.end, message: `"${param.name}" is required by ${name} but this argument is empty.` });
      }
      continue;
    }
    if (!literal) continue;
    if (name === 'Zoption' && i === 0) (ctx.summary.optionReads ??= []).push({ name: text, start: arg.start, end: arg.end });
    checkLiteral(fn, param.name, param.type, text, arg, ctx);
  }
  checkConditionArgument(name, args, ctx);
  checkLimits(name, args, ctx);
}
