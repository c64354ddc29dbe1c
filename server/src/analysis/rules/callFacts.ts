/**
 * The facts a call contributes to the file-level order and component checks
 * (facts.ts): embed parts, HTTP requests and reads, split text, Zvar sets and
 * reads, context-dependent functions, select-menu options and text inputs,
 * component custom IDs. Nothing here reports; fileChecks.ts does, in file order.
 */
import { CONTEXT_DEPENDENT_FUNCTIONS } from '../../language/eventContext';
import type { BareCallNode, CallNode } from '../../syntax/tree';
import { createdComponentIdArgument } from '../../language/componentIds';
import { hasCall, type StatementContext } from './context';

const HTTP_REQUESTS = new Set(['ZhttpGet', 'ZhttpPost', 'ZhttpPut', 'ZhttpPatch', 'ZhttpDelete']);
/** Functions that read or edit the elements stored by ZtextSplit (catalog: "split-text element", "from ZtextSplit"). */
const SPLIT_READERS = new Set([
  'ZsplitText',
  'ZforSplit',
  'ZeditSplitText',
  'ZremoveSplitTextElement',
  'ZgetTextSplitIndex',
  'ZgetTextSplitLength',
  'ZjoinSplitText',
]);
/**
 * The embed parts, one table: which argument holds the embed index, whether the part alone lets
 * the embed be sent, and for the parts that need another one first (`ZauthorIcon` after
 * `Zauthor`) that base; a base names itself.
 */
const EMBED_PARTS: Record<string, { index: number; sendable: boolean; base?: string }> = {
  Ztitle: { index: 1, sendable: true, base: 'Ztitle' },
  Zdescription: { index: 1, sendable: true },
  Zauthor: { index: 1, sendable: true, base: 'Zauthor' },
  ZaddField: { index: 3, sendable: true },
  Zcolor: { index: 1, sendable: false },
  Zfooter: { index: 1, sendable: false, base: 'Zfooter' },
  ZfooterIcon: { index: 1, sendable: false, base: 'Zfooter' },
  Zimage: { index: 1, sendable: false },
  Zthumbnail: { index: 1, sendable: false },
  Ztimestamp: { index: 0, sendable: false },
  ZauthorIcon: { index: 1, sendable: false, base: 'Zauthor' },
  ZauthorURL: { index: 1, sendable: false, base: 'Zauthor' },
  ZtitleURL: { index: 1, sendable: false, base: 'Ztitle' },
};
const COMPONENT_EVENTS: Record<string, 'menu' | 'option' | 'modal' | 'input'> = {
  ZnewSelectMenu: 'menu',
  ZaddSelectMenuOption: 'option',
  ZnewModal: 'modal',
  ZaddTextInput: 'input',
};

/**
 * Records the facts of a call `name{...}`. `inCall`: the call is inside
 * another call's argument (its component ID is then not a top-level one);
 * `inLoop`: inside the code of a loop (a Zvar read there may follow a set
 * made by an earlier iteration, so it is left out).
 */
export function recordCallFacts(node: CallNode, name: string, ctx: StatementContext, inCall: boolean, inLoop: boolean): void {
  (ctx.summary.calls ??= new Set()).add(name);
  const embedBase = EMBED_PARTS[name]?.base;
  if (embedBase) {
    const idx = node.args[EMBED_PARTS[name].index];
    if (!idx || !hasCall(idx)) {
      const index = idx ? ctx.rel(idx.start, idx.end).trim() : '';
      (ctx.summary.embedEvents ??= []).push({
        base: embedBase,
        dependent: embedBase !== name,
        name,
        index: index === '' ? '1' : index,
        start: node.start,
        end: node.nameEnd,
      });
    }
  }
  const orderKind =
    name === 'ZinputValue'
      ? 'input'
      : HTTP_REQUESTS.has(name)
        ? 'request'
        : name === 'ZhttpStatus' || name === 'ZhttpResult'
          ? 'result'
          : name === 'ZtextSplit'
            ? 'split'
            : SPLIT_READERS.has(name)
              ? 'split-read'
              : undefined;
  if (orderKind) (ctx.summary.orderEvents ??= []).push({ kind: orderKind, name, start: node.start, end: node.nameEnd });
  if (name === 'Zvar' && !hasCall(node.args[0])) {
    const varName = ctx.rel(node.args[0].start, node.args[0].end).trim();
    const set = node.args.length >= 2;
    if (varName !== '' && (set || !inLoop)) (ctx.summary.varEvents ??= []).push({ name: varName, set, start: node.args[0].start, end: node.args[0].end });
  }
  if (CONTEXT_DEPENDENT_FUNCTIONS[name] && node.args.every((a) => a.start === a.end || ctx.rel(a.start, a.end).trim() === '')) {
    (ctx.summary.contextUses ??= []).push({ name, start: node.start, end: node.nameEnd });
  }
  const component = COMPONENT_EVENTS[name];
  if (component) (ctx.summary.componentEvents ??= []).push({ kind: component, name, start: node.start, end: node.nameEnd });
  const part = EMBED_PARTS[name];
  if (part) {
    const idx = node.args[part.index];
    if (!idx || !hasCall(idx)) {
      const index = idx ? ctx.rel(idx.start, idx.end).trim() : '';
      (ctx.summary.embedContent ??= []).push({ index: index === '' ? '1' : index, sendable: part.sendable, name, start: node.start, end: node.nameEnd });
    }
  }
  const idIndex = createdComponentIdArgument(name);
  if (!inCall && idIndex !== undefined) {
    const a = node.args[idIndex];
    if (a && !hasCall(a)) {
      const id = ctx.rel(a.start, a.end).trim();
      if (id !== '') (ctx.summary.componentIds ??= []).push({ id, start: a.start, end: a.end });
    }
  }
}

/** Records the facts of a bare call (`Zname` without braces). */
export function recordBareCallFacts(node: BareCallNode, name: string, ctx: StatementContext): void {
  if (name === 'Ztimestamp') (ctx.summary.embedContent ??= []).push({ index: '1', sendable: false, name, start: node.start, end: node.end });
  if (CONTEXT_DEPENDENT_FUNCTIONS[name]) (ctx.summary.contextUses ??= []).push({ name, start: node.start, end: node.end });
  if (name === 'ZtextSplit' || SPLIT_READERS.has(name))
    (ctx.summary.orderEvents ??= []).push({ kind: name === 'ZtextSplit' ? 'split' : 'split-read', name, start: node.start, end: node.end });
}
