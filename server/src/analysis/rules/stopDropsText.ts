/**
 * `Zif{Zmessage==;Usage: !say <text>Zstop}`: text written right before a
 * Zstop, in the same branch, to be shown as the command ends. The engine
 * evaluates the whole command as one text: Zstop ends it with an empty
 * "user error", which throws away everything written so far (runtime.rs:
 * Concat returns the error, Runtime::run keeps no output for it), so the
 * usage line is never sent. Zerror{text} ends the command showing the text.
 */
import { type Argument, type ContentNode, NodeKind, type TopLevelNode } from '../../syntax/tree';
import type { StatementContext } from './context';

/** Calls whose arguments from this one on are code run as part of the command's text: Zif's branches, ZtryRun's fallback (its code's end is an error it catches). */
const RUNS_AS_TEXT: Readonly<Record<string, number>> = { Zif: 1, ZtryRun: 1 };

/** Reports the text before each Zstop of the statement's branches (offsets RELATIVE to the statement). */
export function checkStopDropsText(nodes: readonly TopLevelNode[], ctx: StatementContext): void {
  visitList(nodes, 0, ctx, 0, false);
}

/** `ephemeral`: a Zephemeral came before in the statement's code that leads here (the answer is meant to be private). */
function visitList(nodes: readonly (TopLevelNode | ContentNode)[], from: number, ctx: StatementContext, depth: number, ephemeral: boolean): void {
  if (depth > 50) return;
  let written = -1;
  let cursor = from;
  for (const node of nodes) {
    if (written < 0 && hasText(ctx.rel(cursor, node.start))) written = cursor + firstNonSpace(ctx.rel(cursor, node.start));
    cursor = node.end;
    if (node.kind !== NodeKind.Call && node.kind !== NodeKind.BareCall) continue;
    const nameEnd = node.kind === NodeKind.Call ? node.nameEnd : node.end;
    const name = ctx.rel(node.start, nameEnd);
    if (name === 'Zephemeral') ephemeral = true;
    if (name === 'Zstop') {
      if (written >= 0) report(written, node.start, node.end, ctx, ephemeral);
      return;
    }
    if (node.kind !== NodeKind.Call) continue;
    const firstCode = RUNS_AS_TEXT[name];
    if (firstCode !== undefined) {
      for (let i = firstCode; i < node.args.length; i++) visitArgument(node.args[i], ctx, depth + 1, ephemeral);
    }
  }
}

function visitArgument(arg: Argument, ctx: StatementContext, depth: number, ephemeral: boolean): void {
  visitList(arg.nodes, arg.start, ctx, depth, ephemeral);
}

function hasText(s: string): boolean {
  return /\S/.test(s);
}

function firstNonSpace(s: string): number {
  return s.search(/\S/);
}

function report(textStart: number, stopStart: number, stopEnd: number, ctx: StatementContext, ephemeral: boolean): void {
  const written = ctx.rel(textStart, stopStart).trimEnd();
  const shown = written.length > 40 ? `${written.slice(0, 39)}…` : written;
  // Zerror shows its text (calls in it run as before) and ends the command. Escapes would be read one call deeper: no fix.
  // A ";" (possible in a line's own text) would split Zerror's argument.
  // After Zephemeral the notice is meant to be private, and Zerror's message is sent to everyone (runtime.rs).
  const fixable = !ephemeral && !written.includes('\\') && !written.includes(';');
  ctx.diagnostics.push({
    code: 'stop-drops-text',
    severity: 'warning',
    start: textStart,
    end: stopEnd,
    message: ephemeral
      ? `Zstop throws away all the text the command has written, "${shown}" included: the engine ends the command with nothing to send. To show it only to the user, drop Zstop and put the rest of the command in the Zif's other branch (Zerror{...} would end it, but its message is sent to everyone).`
      : `Zstop throws away all the text the command has written, "${shown}" included: the engine ends the command with nothing to send (embeds built before it still go). To show this text and end the command, write Zerror{${shown}} instead (it sends no embed).`,
    fixes: fixable
      ? [{ title: `Change to Zerror{${shown}}`, edits: [{ start: textStart, end: stopEnd, newText: `Zerror{${written}}` }], preferred: true }]
      : undefined,
  });
}
