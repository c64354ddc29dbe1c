/**
 * Polls: ZpollCreate and ZpollAddAnswer keep the question, the hours and the
 * answers (polls/pollCreate.rs, pollAddAnswer.rs), and ZpollSend sends them
 * (pollSend.rs), halting the command on Discord's refusal. So what Discord
 * refuses is decided where ZpollSend is: an error where one runs outside
 * ZtryRun, a warning where every one is inside (caught), nothing in a file
 * that sends no poll.
 */
import type { AnalysisFix } from '../diagnostic';
import { rareFacts } from '../facts';
import { type ReadArgument, reportIf, type StatementContext, trimmedRange } from './context';

/** Discord's longest poll, in hours (serenity's builder sends the hours as written, up to 65,535). */
const POLL_MAX_HOURS = 768;

/** A ZpollSend call, caught or not (fileChecks decides the refusals' severity from these). */
export function recordPollSend(ctx: StatementContext): void {
  if (ctx.caught > 0) rareFacts(ctx.summary).pollSendCaught = true;
  else rareFacts(ctx.summary).pollSendUncaught = true;
}

/**
 * What Discord refuses of a poll, at `start`-`end`: `refused` says what and
 * why, up to "so Discord refuses it" (the rest is ZpollSend's, by the file).
 */
export function reportPollRefusal(ctx: StatementContext, start: number, end: number, refused: string, fixes?: AnalysisFix[]): void {
  reportIf(ctx, 'poll-sent', { code: 'limit-exceeded', severity: 'error', start, end, message: `${refused}, and ZpollSend halts the command.`, fixes });
  reportIf(ctx, 'poll-sent-caught', {
    code: 'limit-exceeded',
    severity: 'warning',
    start,
    end,
    message: `${refused}, and ZpollSend fails (ZtryRun catches it): the poll is not sent.`,
    fixes,
  });
}

/**
 * ZpollCreate's duration: a whole number of hours (pollCreate.rs parses it as
 * an integer and halts on anything else), so `24h` or `1d` halts the command;
 * more than 32 days Discord refuses; a negative one pollSend.rs cannot read
 * back, and it halts ("requires pollCreate first").
 */
export function checkPollHours(duration: ReadArgument | undefined, ctx: StatementContext): void {
  if (!duration?.literal || duration.text === '') return;
  const { start, end } = trimmedRange(duration.arg, ctx);
  if (/^[+-]?\d+$/.test(duration.text)) {
    const hours = Number(duration.text);
    if (hours > POLL_MAX_HOURS)
      reportPollRefusal(ctx, start, end, `Discord keeps a poll open for at most ${POLL_MAX_HOURS} hours (32 days), so it refuses ${duration.text}`, [
        { title: `Write ${POLL_MAX_HOURS}`, edits: [{ start, end, newText: String(POLL_MAX_HOURS) }] },
      ]);
    else if (hours < 0)
      reportPollRefusal(ctx, start, end, `A poll's duration is a number of hours from 1: ${duration.text} cannot be read back ("requires pollCreate first")`);
    return;
  }
  const unit = /^(\d+)\s*(h|hours?|d|days?)$/i.exec(duration.text);
  const hours = unit ? Number(unit[1]) * (unit[2][0].toLowerCase() === 'd' ? 24 : 1) : undefined;
  ctx.diagnostics.push({
    code: 'invalid-integer',
    severity: 'error',
    start,
    end,
    message: `ZpollCreate takes the poll's duration as a whole number of hours${hours !== undefined ? ` (${hours})` : ''}, and halts the command on "${duration.text}".`,
    fixes: hours !== undefined ? [{ title: `Write ${hours}`, edits: [{ start, end, newText: String(hours) }], preferred: true }] : undefined,
  });
}
