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
 * end it, beyond the embed parts and the components the call facts know
 * (callFacts.ts): the editors of embeds and components, Zerror (it halts
 * with its message). Zstop is not one: it ends the command with nothing to
 * send (and throws away the text written before it). Embed parts are the
 * reply's unless ZsendEmbed sends the embed elsewhere: they are noted
 * (`embeds`) and the file walk decides.
 */
const ANSWER_PARTS = new Set([
  'ZeditEmbed',
  'ZeditButton',
  'ZeditSelectMenu',
  'ZeditSelectMenuOption',
  'ZremoveAllComponents',
  'ZremoveButtons',
  'ZremoveComponent',
  'Zerror',
]);

/**
 * What answers an interaction without a message, beyond a modal and its
 * inputs: Zdefer acknowledges a button or menu, Zupdate edits the message
 * clicked. A slash command's answer reads none of them.
 */
const INTERACTION_ANSWERS = new Set(['Zdefer', 'Zupdate']);

/** Senders that write the new message's ID only when their third argument is "true". */
const ID_ON_REQUEST = new Set(['ZsendMessage', 'ZsendEmbed']);

export interface ReplyReader {
  /** The file's text and the statement's start in it (node offsets are relative to it). */
  readonly text: string;
  readonly base: number;
  profile(name: string): CallProfile;
  /** Set when a silent statement answers an interaction all the same (INTERACTION_ANSWERS). */
  answersInteraction?: boolean;
  /** Set when a silent statement gives an embed parts (its answer, unless ZsendEmbed sends the embed away). */
  embeds?: boolean;
  /** Read buttons and select menus as writing nothing (componentsOnly asks whether a line writes anything else). */
  componentsSilent?: boolean;
}

/**
 * Whether nothing in `nodes` (a body statement's top level) puts anything
 * into the answer: 'always', 'slash' (silent for a slash command only: a
 * Zdefer or modal answers an interaction), or false.
 */
export function writesNothing(nodes: readonly TopLevelNode[], end: number, reader: ReplyReader): 'always' | 'slash' | false {
  reader.answersInteraction = false;
  reader.embeds = false;
  if (!silentRun(nodes, 0, end, reader, 0)) return false;
  return reader.answersInteraction ? 'slash' : 'always';
}

/** Whether the statement puts nothing but buttons, select menus and embed parts into the answer (it is not silent). */
export function writesOnlyComponents(nodes: readonly TopLevelNode[], end: number, reader: ReplyReader): boolean {
  reader.componentsSilent = true;
  try {
    return writesNothing(nodes, end, reader) !== false;
  } finally {
    reader.componentsSilent = false;
  }
}

/** Where a Zstop at the statement's top level starts (relative), or -1: the command always ends there, throwing its text away. */
export function unconditionalStop(nodes: readonly TopLevelNode[], reader: ReplyReader): number {
  for (const node of nodes) {
    const end = node.kind === NodeKind.Call ? node.nameEnd : node.kind === NodeKind.BareCall ? node.end : -1;
    if (end >= 0 && nameOf(reader, node.start, end) === 'Zstop') return node.start;
  }
  return -1;
}

/** Only white space in the statement's text between two relative offsets (no text is written there). */
function blank(reader: ReplyReader, from: number, to: number): boolean {
  const { text, base } = reader;
  for (let p = base + from; p < base + to; p++) {
    const c = text.charCodeAt(p);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return true;
}

function nameOf(reader: ReplyReader, start: number, end: number): string {
  return reader.text.slice(reader.base + start, reader.base + end);
}

/** The nodes between `from` and `to` and the text around them: no text, and only silent calls. */
function silentRun(nodes: readonly (TopLevelNode | ContentNode)[], from: number, to: number, reader: ReplyReader, depth: number): boolean {
  if (depth > 20) return false;
  let at = from;
  for (const node of nodes) {
    if (!blank(reader, at, node.start)) return false;
    if (node.kind === NodeKind.Comment) return true;
    if (node.kind === NodeKind.Call) {
      if (!silentCall(node, reader, depth)) return false;
    } else if (node.kind === NodeKind.BareCall) {
      if (!silentName(nameOf(reader, node.start, node.end), reader)) return false;
    } else return false;
    at = node.end;
  }
  return blank(reader, at, to);
}

function silentName(name: string, reader: ReplyReader): boolean {
  const profile = reader.profile(name);
  const facts = profile.facts;
  if (INTERACTION_ANSWERS.has(name) || facts?.component === 'modal' || facts?.component === 'input') {
    reader.answersInteraction = true;
    return true;
  }
  if (facts?.embedPart) {
    reader.embeds = true;
    return true;
  }
  // Buttons, select menus and their options go into the reply.
  if (facts?.row || facts?.component === 'option') return reader.componentsSilent === true;
  return !ANSWER_PARTS.has(name) && profile.engine?.writesNothing === true && name !== 'Zif' && name !== 'ZtryRun';
}

function silentCall(node: ContentNode & { kind: NodeKind.Call }, reader: ReplyReader, depth: number): boolean {
  if (node.close < 0) return false;
  const name = nameOf(reader, node.start, node.nameEnd);
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
    const wanted = nameOf(reader, args[2].start, args[2].end).trim();
    return args[2].nodes.length === 0 && (wanted === 'false' || wanted === '');
  }
  return silentName(name, reader);
}
