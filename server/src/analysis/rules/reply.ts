/**
 * Whether a statement certainly leaves the command's answer empty: it writes
 * no text and builds no embed, component or modal, and it does not
 * acknowledge the interaction. The engine then answers a slash command or an
 * interaction with an empty message, which Discord refuses (no-reply in
 * fileChecks.ts). Only a certain silence counts: a call that may write
 * something (any function whose source has a text result, an unknown name, a
 * call whose arguments decide) makes the statement answer.
 */
import { type ContentNode, NodeKind, type TopLevelNode } from '../../syntax/tree';
import type { CallProfile } from './callProfile';

/**
 * Functions that write no text but still put something into the answer, or
 * end it: embed parts (the embed is sent), components and modals, Zdefer and
 * Zupdate (they answer an interaction themselves), Zerror (it halts with its
 * message). Zstop is not one: it ends the command with nothing to send.
 */
const ANSWER_PARTS = new Set([
  'Ztitle',
  'ZtitleURL',
  'Zdescription',
  'Zcolor',
  'Zfooter',
  'ZfooterIcon',
  'Zimage',
  'Zthumbnail',
  'Zauthor',
  'ZauthorIcon',
  'ZauthorURL',
  'Ztimestamp',
  'ZaddField',
  'ZeditEmbed',
  'ZaddButton',
  'ZnewSelectMenu',
  'ZaddSelectMenuOption',
  'ZaddUserSelect',
  'ZaddRoleSelect',
  'ZaddMentionableSelect',
  'ZeditButton',
  'ZeditSelectMenu',
  'ZeditSelectMenuOption',
  'ZremoveAllComponents',
  'ZremoveButtons',
  'ZremoveComponent',
  'ZnewModal',
  'ZaddTextInput',
  'Zdefer',
  'Zupdate',
  'Zerror',
]);

/** Senders that write the new message's ID only when their third argument is "true". */
const ID_ON_REQUEST = new Set(['ZsendMessage', 'ZsendEmbed']);

export interface ReplyReader {
  /** The statement's text between two relative offsets. */
  rel(start: number, end: number): string;
  profile(name: string): CallProfile;
}

/** True when nothing in `nodes` (a body statement's top level) can put anything into the answer. */
export function writesNothing(nodes: readonly TopLevelNode[], end: number, reader: ReplyReader): boolean {
  return silentRun(nodes, 0, end, reader, 0);
}

/** The nodes between `from` and `to` and the text around them: no text, and only silent calls. */
function silentRun(nodes: readonly (TopLevelNode | ContentNode)[], from: number, to: number, reader: ReplyReader, depth: number): boolean {
  if (depth > 20) return false;
  let at = from;
  for (const node of nodes) {
    if (node.kind === NodeKind.Comment) return reader.rel(at, node.start).trim() === '';
    if (reader.rel(at, node.start).trim() !== '') return false;
    if (node.kind === NodeKind.Call) {
      if (!silentCall(node, reader, depth)) return false;
    } else if (node.kind === NodeKind.BareCall) {
      const name = reader.rel(node.start, node.end);
      if (!silentName(name, reader)) return false;
    } else return false;
    at = node.end;
  }
  return reader.rel(at, to).trim() === '';
}

function silentName(name: string, reader: ReplyReader): boolean {
  return !ANSWER_PARTS.has(name) && reader.profile(name).engine?.writesNothing === true && name !== 'Zif' && name !== 'ZtryRun';
}

function silentCall(node: ContentNode & { kind: NodeKind.Call }, reader: ReplyReader, depth: number): boolean {
  if (node.close < 0) return false;
  const name = reader.rel(node.start, node.nameEnd);
  const args = node.args;
  // Zif writes the branch it runs; the condition's value is only compared.
  if (name === 'Zif') {
    for (let k = 1; k < args.length && k < 3; k++) if (!silentRun(args[k].nodes, args[k].start, args[k].end, reader, depth + 1)) return false;
    return args.length >= 2;
  }
  // Zvar{name;value} stores; Zvar{name} writes the value.
  if (name === 'Zvar') return args.length >= 2;
  if (ID_ON_REQUEST.has(name)) {
    if (args.length < 3) return true;
    const wanted = reader.rel(args[2].start, args[2].end).trim();
    return args[2].nodes.length === 0 && (wanted === 'false' || wanted === '');
  }
  return silentName(name, reader);
}
