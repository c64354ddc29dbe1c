/**
 * `Zif{ZisAdmin==false;Admins only!}` followed by `Zban{...}`: a Zif only
 * chooses what the bot writes (runtime.rs evaluate_if returns the branch's
 * text); the statements after it run all the same, so the ban runs for
 * everyone. Only ZonlyIf, the Zonly guards, Zerror and Zstop end a run
 * (control/onlyIf.rs, errors/error.rs). The statement records such a Zif
 * here; the file walk reports it when a lasting action follows with no
 * guard in between (if-does-not-stop).
 */
import type { CallNode } from '../../syntax/tree';
import type { AnalysisDiagnostic } from '../diagnostic';
import { type IfGuard, rareFacts } from '../facts';
import type { ReadArgument, StatementContext } from './context';

/** A condition that asks who the author is: an admin, a moderator, a role, a permission, or one user's ID. */
const ACCESS_TEST = /Z(?:isAdmin|isModerator|hasRole|checkUserPerms|userPerms)\b|ZuserID\s*(?:==|!=)\s*\d{17,20}\b|\b\d{17,20}\s*(?:==|!=)\s*ZuserID\b/;
/** A condition about someone else (a mentioned member, a typed word, a stored ID): not the author's access. */
const ABOUT_OTHERS = /Z(?:mentioned|message|option|var|get[A-Za-z]*Var|randomUserID)\b/;
/** What a refusal says: the branch turns someone away, not a note for some (a VIP greeting, a thank-you). */
const REFUSAL =
  /\b(?:only|need|needs|permissions?|not allowed|aren't allowed|can't|cannot|can not|don't have|do not have|no access|denied|forbidden|must be|must have|not an? (?:admin|mod|moderator|owner|staff|member))\b/i;
/** Calls in a branch that stop the command or act themselves: then the Zif is more than a message. */
const STOPS_OR_ACTS =
  /Z(?:stop|error|onlyIf|only[A-Z]\w*|ban|unban|kick|timeout|untimeOut|mute|deafen|roleGrant|setUserRoles|clear|delete\w*|create\w*|modifyRole|if|sendMessage|sendEmbed|dm|eval|alias|tryRun|var|set\w*Var|reset\w*Var)\b/;

/** Records `node` (a Zif at the statement's top level) when it tests access and its branches only write. */
export function recordIfGuard(node: CallNode, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length < 2 || args.length > 3 || node.close < 0) return;
  const condition = ctx.rel(args[0].arg.start, args[0].arg.end).trim();
  if (!ACCESS_TEST.test(condition) || ABOUT_OTHERS.test(condition)) return;
  const branches = args.slice(1).map((a) => ({ a, raw: ctx.rel(a.arg.start, a.arg.end) }));
  if (branches.some((b) => STOPS_OR_ACTS.test(b.raw))) return;
  // One branch that refuses: the other writes nothing, so the refusal is the Zif's whole point.
  const written = branches.filter((b) => b.raw.trim() !== '');
  if (written.length !== 1 || !REFUSAL.test(written[0].raw)) return;
  const { a, raw } = written[0];
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  const guard: IfGuard = {
    start: node.start,
    end: node.nameEnd,
    condition,
    refusal: { start: a.arg.start + lead, end: a.arg.start + lead + text.length, text },
  };
  (rareFacts(ctx.summary).ifGuards ??= []).push(guard);
}

/** The finding for `guard` (ABSOLUTE offsets), before the lasting `action` a later line runs. */
export function ifDoesNotStop(guard: IfGuard, action: string): AnalysisDiagnostic {
  const fix = guard.refusal;
  return {
    code: 'if-does-not-stop',
    severity: 'warning',
    start: guard.start,
    end: guard.end,
    message: `This Zif only chooses what the bot writes: it does not stop the command, so the ${action} after it runs for everyone, whatever "${guard.condition}" says. To turn the others away, make the refusal stop the command: Zerror{${fix.text}} writes it and ends the run, or check with ZonlyIf{condition;message} before the ${action}.`,
    fixes: [
      {
        title: `Stop the command with Zerror{${fix.text}}`,
        edits: [
          { start: fix.start, end: fix.start, newText: 'Zerror{' },
          { start: fix.end, end: fix.end, newText: '}' },
        ],
        preferred: true,
      },
    ],
  };
}
