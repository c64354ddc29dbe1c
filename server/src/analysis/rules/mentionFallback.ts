/**
 * A user's saved variable set for the user mentioned, where nothing checks
 * that someone was: without a mention Zmentioned{1} is empty
 * (message/mentioned.rs), and ZsetUserVar takes an empty user ID for the
 * author's (variables/setUserVar.rs), so `!warn spam` warns the moderator
 * and `!addcoins 100` pays the admin. Reported in prefix commands whose file
 * tests no mention (fileChecks decides).
 */
import type { CallNode } from '../../syntax/tree';
import { rareFacts } from '../facts';
import { reportIf, type StatementContext, wholeCall } from './context';

/** The user setters and where their user ID is. */
const USER_ARGUMENT: Readonly<Record<string, number>> = { ZsetUserVar: 2 };

/** Zmentioned (or ZisMentioned) in a condition (the caller knows it is in one): the file checks for a mention. */
export function recordMentionTest(name: string, ctx: StatementContext): void {
  if (name === 'Zmentioned' || name === 'ZisMentioned') rareFacts(ctx.summary).mentionTested = true;
}

export function checkMentionFallback(node: CallNode, name: string, ctx: StatementContext): void {
  const at = USER_ARGUMENT[name];
  if (at === undefined || node.close < 0 || ctx.guarded > 0) return;
  const arg = node.args[at];
  const call = arg && wholeCall(arg, ctx);
  if (!call || ctx.rel(call.start, call.nameEnd) !== 'Zmentioned' || call.args.length > 1) return;
  const mention = ctx.rel(call.start, call.end);
  reportIf(ctx, 'mention-untested', {
    code: 'mention-falls-back',
    severity: 'warning',
    start: call.start,
    end: call.end,
    message: `Without a mention ${mention} is empty, and ${name} then sets the variable of the user who ran the command (an empty user ID means the author's): "!warn spam" would warn the moderator. Check for the mention first: ZonlyIf{${mention}!=;Mention a user.}`,
    fixes: [{ title: `Stop without a mention (ZonlyIf{${mention}!=;...})`, edits: [{ start: 0, end: 0, newText: `ZonlyIf{${mention}!=;Mention a user.}\n` }] }],
  });
}
