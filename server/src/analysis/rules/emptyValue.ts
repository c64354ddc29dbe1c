/**
 * A call whose function writes nothing, used as a value: the engine's
 * functions that always answer with no text (`writesNothing` in
 * catalog/engine.json, read from their source) leave a variable set to
 * them, or an ID argument made of them, empty. Authors expect ZcreateChannel
 * and ZcreateRole to give the new ID back: a variable set to one of those,
 * or any such call as an ID argument, is reported.
 */
import type { Argument, CallNode } from '../../syntax/tree';
import type { AnalysisDiagnostic } from '../diagnostic';
import { type StatementContext, wholeCall } from './context';

/** The argument when it is one whole call to a function that writes nothing, and that function's name. */
export function silentWholeCall(arg: Argument | undefined, ctx: StatementContext): { call: CallNode; name: string } | undefined {
  const call = arg && wholeCall(arg, ctx);
  if (!call) return undefined;
  const name = ctx.rel(call.start, call.nameEnd);
  // Lazy functions (Zif, ZtryRun, Zrepeat...) write what their code writes: the table's flag is not about them.
  const engine = ctx.profiles.get(name).engine;
  return engine?.writesNothing && !engine.lazy ? { call, name } : undefined;
}

/** Where the new thing's ID can be found instead, by the function that made it. */
const FIND_INSTEAD: Readonly<Record<string, string>> = {
  ZcreateChannel: 'find it afterwards with ZchannelID{name}',
  ZcreateRole: 'find it afterwards with ZroleID{name}',
};

/**
 * `what`: what ends up empty ("the variable x", "channelID"). `creatorsOnly`:
 * report only functions that create something (ZcreateChannel, ZpollCreate):
 * a variable set to another silent call is the usual way to keep its text
 * out of the reply, and is never read. `temporary`: the name of the command's
 * own variable being set, reported only if a later line reads it (the file
 * walk decides): one never read is the same habit of keeping text out.
 */
export function checkEmptyValue(arg: Argument | undefined, what: string, ctx: StatementContext, creatorsOnly = false, temporary?: string): void {
  const silent = silentWholeCall(arg, ctx);
  if (!silent) return;
  const { call, name } = silent;
  if (creatorsOnly && !/^Zcreate|Create$/.test(name)) return;
  const instead = Object.hasOwn(FIND_INSTEAD, name) ? ` To use the new one's ID, ${FIND_INSTEAD[name]}.` : '';
  const diagnostic: AnalysisDiagnostic = {
    code: 'empty-value',
    severity: 'warning',
    start: call.start,
    end: call.nameEnd,
    message: `${name} writes nothing (the engine gives no ID or text back), so ${what} is empty.${instead}`,
  };
  if (temporary !== undefined) (ctx.summary.emptyVarSets ??= []).push({ name: temporary, diagnostic });
  else ctx.diagnostics.push(diagnostic);
}
