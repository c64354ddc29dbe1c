/**
 * The workspace index: for every command file (open or not), the variables it
 * reads and writes, its `#option` names, the custom IDs of the components it
 * builds and its trigger. Definition, references, rename, completion of
 * variable and option names and workspace symbols read it.
 *
 * Files are indexed lazily (on the first query after a change) and each
 * statement's findings are cached by statement identity, so re-indexing a
 * file after a one-line edit only looks at the statement that changed.
 */
import { ARITHMETIC_FUNCTIONS } from '../language/arithmetic';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArgumentRecord } from '../catalog/types';
import type { Catalog } from '../catalog';
import { VARIABLE_FUNCTIONS, type VariableAccess, type VariableScope, variableFunction } from '../language/variableFunctions';
import { interactionIdArgument, isInteractionIdParameter } from '../language/componentIds';
import { handledCustomId, headerInfo } from './headerInfo';
import { CONDITION_FUNCTIONS } from '../language/conditions';
import { inValueSet, valueSetFor } from '../language/valueSets';
import { isEngineSpace } from '../syntax/commentLines';
import { type CallNode, type ContentNode, NodeKind, type Statement, StatementKind, type SyntaxTree, type TopLevelNode } from '../syntax/tree';
import { ShardedMap } from '../base/shardedMap';

export interface Occurrence {
  readonly name: string;
  /** Absolute offsets of the name's text. */
  readonly start: number;
  readonly end: number;
}

/** A custom ID; `sends`: that of a component made here whose clicks (or submission) reach the engine as an interaction. */
export interface CustomIdOccurrence extends Occurrence {
  readonly sends?: true;
  /**
   * A component that sends, made where it surely is on the command's message with those made the same way:
   * a button at a statement's top level (not in a Zif branch), `true` when it starts a new row (its newRow).
   */
  readonly rowButton?: boolean;
  /**
   * A component that sends: how many of the file's `initialSets` come before
   * it (the variables that hold a value whenever it can be used).
   */
  readonly setBefore?: number;
}

export interface VariableOccurrence extends Occurrence {
  readonly scope: VariableScope;
  /** What the call does with the variable (Zvar resolved: one argument reads, two write). */
  readonly access: Exclude<VariableAccess, 'getOrSet'>;
  /** The function's name, e.g. `ZsetUserVar`. */
  readonly fn: string;
  /** A saved variable's set to the word true or false, or to nothing (what a flag is saved as). */
  readonly flag?: true;
}

export interface FileIndex {
  readonly variables: readonly VariableOccurrence[];
  /** `#option` names (declarations) and `Zoption{name}` uses. */
  readonly options: readonly Occurrence[];
  readonly optionUses: readonly Occurrence[];
  /** Literal custom IDs of buttons, menus and modals (what `onInteraction{id}` can handle). */
  readonly customIds: readonly CustomIdOccurrence[];
  /** Modal text inputs' field IDs (ZaddTextInput{fieldID;...}) and their reads (ZinputValue{fieldID}). */
  readonly fieldIds: readonly Occurrence[];
  readonly fieldUses: readonly Occurrence[];
  /** `#trigger onInteraction{customID}`: the custom ID handled (its text inside the braces). */
  readonly handles?: Occurrence;
  /**
   * ZeditButton and ZremoveComponent calls without a message ID, which edit
   * the message whose component started the command (`name`: the function;
   * the range: its name). Only on the files that have them.
   */
  readonly componentEdits?: readonly Occurrence[];
  /** The file adds reactions (ZaddReactions, ZaddMessageReactions, ZaddCmdReactions): the bot's own reactions reach the reaction events. */
  readonly addsReactions?: true;
  /** An onReactionAdd event that never asks whether the user is a bot (ZisBot, ZbotID): its trigger. */
  readonly reactionEventUnguarded?: Occurrence;
  readonly trigger?: Occurrence;
  readonly name?: string;
  readonly type: string;
  /** Scopes in which a setter's variable name is computed by a call (it may write any name there). */
  readonly computedSetScopes?: readonly VariableScope[];
  /** The file runs Zeval: code made at run time may set any variable or build any modal. */
  readonly evaluates?: true;
  /** The modals the file builds, in order, each with its text inputs' field IDs (null: one of them is computed). */
  readonly modals?: readonly ModalInputs[];
  /** A ZnewModal whose ID is computed (its inputs belong to a modal no literal ID names). */
  readonly computedModal?: true;
  /**
   * The server, global and user variables (`scope name`) the file surely
   * sets, in order: at top level, with a written value, for its own server
   * (and its own user).
   */
  readonly initialSets?: readonly string[];
  /** Saved variables (`scope name`) the file may empty: reset, or set to empty text. */
  readonly clears?: readonly string[];
  /** Conditions that compare a saved variable with True, FALSE or another spelling of true or false than the engine's. */
  readonly flagCompares?: readonly FlagCompare[];
}

/**
 * `ZgetUserVar{afk}==True` in a condition: the engine compares text exactly
 * (control/helpers.rs), so where every set writes `true` or `false` the
 * comparison never holds. The range is the comparison's.
 */
export interface FlagCompare extends Occurrence {
  readonly scope: VariableScope;
  /** The comparison as written, e.g. `ZgetUserVar{afk}==True`. */
  readonly written: string;
  readonly op: '==' | '!=';
  readonly word: string;
  readonly wordStart: number;
  /** The temporary variable compared, which holds a copy of the saved one (`Zvar{afk;ZgetUserVar{afk}}` on an earlier line). */
  readonly via?: string;
}

export interface ModalInputs {
  readonly id: string;
  readonly inputs: readonly string[] | null;
}

interface RelOcc {
  /** The `computed…` kinds and `eval` have no name ('' and an empty range): they only say that the call is there. */
  kind:
    | 'var'
    | 'optionUse'
    | 'customId'
    | 'fieldId'
    | 'fieldUse'
    | 'computedSet'
    | 'computedModal'
    | 'computedField'
    | 'eval'
    | 'componentEdit'
    | 'reacts'
    | 'flagCompare';
  name: string;
  start: number;
  end: number;
  scope?: VariableScope;
  access?: Exclude<VariableAccess, 'getOrSet'>;
  fn?: string;
  /** customId: the component sends an interaction (CustomIdOccurrence.sends). */
  sends?: true;
  /** customId: CustomIdOccurrence.rowButton. */
  rowButton?: boolean;
  /** customId: a modal's (shown only in answer to a component: an interaction command). */
  modal?: true;
  /** var: a set at top level, with a written value, of a server (the command's own) or global variable: it surely has a value afterwards. */
  initial?: true;
  /** var: a reset, or a set to empty text: the variable may be empty afterwards. */
  clears?: true;
  /** var: a saved variable's set to the written word true or false. */
  flag?: true;
  /** var: a temporary variable's set to a copy of a saved one (`Zvar{afk;ZgetUserVar{afk}}`): its scope and name. */
  copyScope?: VariableScope;
  copyName?: string;
  /** flagCompare: the comparison as written, the operator, the word and where it starts. */
  written?: string;
  op?: '==' | '!=';
  word?: string;
  wordStart?: number;
}

/** Shared by every file without field IDs (most of them). */
const NO_OCCURRENCES: Occurrence[] = [];

/** Shared by every statement without findings (most of them). */
const NONE: RelOcc[] = [];

export interface IndexedFile {
  readonly uri: string;
  readonly doc: TextDocument;
  /** Present for open documents (indexed on the first query); workspace files are indexed when set (setIndexed). */
  readonly tree?: SyntaxTree;
}

export class WorkspaceIndex {
  private readonly files = new ShardedMap<{ file: IndexedFile; index?: FileIndex }>();
  private statementCache = new WeakMap<Statement, RelOcc[]>();

  constructor(private catalog: Catalog) {}

  setCatalog(catalog: Catalog): void {
    this.catalog = catalog;
    this.callsOfInterest = undefined;
    this.statementCache = new WeakMap();
    for (const entry of this.files.values()) entry.index = undefined;
  }

  /** Adds or replaces a file (the service calls this after every change; indexing waits for a query). */
  set(file: IndexedFile): void {
    this.files.set(file.uri, { file });
  }

  /** Adds or replaces a file already indexed (a workspace file whose tree is not kept). */
  setIndexed(file: IndexedFile, index: FileIndex): void {
    this.files.set(file.uri, { file, index });
  }

  delete(uri: string): void {
    this.files.delete(uri);
  }

  has(uri: string): boolean {
    return this.files.has(uri);
  }

  file(uri: string): IndexedFile | undefined {
    return this.files.get(uri)?.file;
  }

  uris(): IterableIterator<string> {
    return this.files.keys();
  }

  get(uri: string): FileIndex | undefined {
    const entry = this.files.get(uri);
    if (!entry) return undefined;
    if (!entry.index) {
      if (!entry.file.tree) return undefined;
      entry.index = this.indexTree(entry.file.tree);
    }
    return entry.index;
  }

  /** Every file with its index. */
  *entries(): IterableIterator<[IndexedFile, FileIndex]> {
    for (const uri of this.files.keys()) {
      const index = this.get(uri);
      if (index) yield [this.files.get(uri)!.file, index];
    }
  }

  /** Distinct variable names of a scope; temporary variables only from `uri` (they live for one execution). */
  variableNames(scope: VariableScope, uri: string): Map<string, number> {
    const names = new Map<string, number>();
    const add = (index: FileIndex) => {
      for (const v of index.variables) if (v.scope === scope) names.set(v.name, (names.get(v.name) ?? 0) + 1);
    };
    if (scope === 'temporary') {
      const index = this.get(uri);
      if (index) add(index);
    } else {
      for (const [, index] of this.entries()) add(index);
    }
    return names;
  }

  /** All occurrences of a variable (by name and scope): same file only for temporary variables. */
  variableOccurrences(name: string, scope: VariableScope, uri: string): { uri: string; doc: TextDocument; occurrence: VariableOccurrence }[] {
    const result: { uri: string; doc: TextDocument; occurrence: VariableOccurrence }[] = [];
    for (const [file, index] of this.entries()) {
      if (scope === 'temporary' && file.uri !== uri) continue;
      for (const v of index.variables) if (v.scope === scope && v.name === name) result.push({ uri: file.uri, doc: file.doc, occurrence: v });
    }
    // The current file first, then the others in a stable order.
    result.sort(
      (a, b) => (a.uri === uri ? 0 : 1) - (b.uri === uri ? 0 : 1) || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0) || a.occurrence.start - b.occurrence.start,
    );
    return result;
  }

  private readonly names = new Map<string, string>();

  private intern(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    // A flat copy: the map must not keep a slice of some file's text.
    const copy = ` ${name}`.slice(1);
    if (this.names.size < 200_000) this.names.set(copy, copy);
    return copy;
  }

  /** The variable occurrence at an absolute offset of a file. */
  variableAt(uri: string, offset: number): VariableOccurrence | undefined {
    const index = this.get(uri);
    if (!index) return undefined;
    return findCovering(index.variables, offset);
  }

  /**
   * The names of every function whose calls the index records (variable
   * functions, Zoption, functions with a custom ID parameter). A statement
   * whose text contains none of them has nothing to index, and its nodes
   * (built lazily by the parser) are never built: most statements of a
   * workspace are like that, so indexing a file costs little more than its scan.
   */
  private callsOfInterest: RegExp | undefined;

  private interestingCalls(): RegExp {
    if (this.callsOfInterest) return this.callsOfInterest;
    const names = new Set([...Object.keys(VARIABLE_FUNCTIONS), 'Zoption', 'ZinputValue', 'ZaddTextInput', 'Zeval', 'Zalias', ...REACTION_ADDERS]);
    for (const fn of this.catalog.functions) if (fn.arguments.some((param) => isInteractionIdParameter(param.name))) names.add(fn.name);
    // Only where the first match starts matters, which the order of the alternatives does not change.
    const escaped = [...names].map((n) => n.replace(/[^A-Za-z0-9_]/g, '\\$&'));
    return (this.callsOfInterest = new RegExp(escaped.join('|'), 'g'));
  }

  /**
   * The index of a tree. `cacheStatements`: keep each statement's findings
   * by statement (worth it for open documents, re-indexed after every edit;
   * not for workspace files, whose trees are dropped after indexing).
   */
  indexTree(tree: SyntaxTree, cacheStatements = true): FileIndex {
    const variables: VariableOccurrence[] = [];
    const optionUses: Occurrence[] = [];
    const customIds: CustomIdOccurrence[] = [];
    let fieldIds: Occurrence[] = NO_OCCURRENCES;
    let fieldUses: Occurrence[] = NO_OCCURRENCES;
    let computedSetScopes: VariableScope[] | undefined;
    let evaluates: true | undefined;
    let modals: { id: string; inputs: string[] | null }[] | undefined;
    let computedModal: true | undefined;
    let componentEdits: Occurrence[] | undefined;
    let addsReactions: true | undefined;
    /** FileIndex.initialSets so far (each name once), and those names. */
    let initialSets: string[] | undefined;
    let repliesInOwnChannel: boolean | undefined;
    let initialKnown: Set<string> | undefined;
    let clears: string[] | undefined;
    let clearKnown: Set<string> | undefined;
    let flagCompares: FlagCompare[] | undefined;
    /** Temporary variables holding a copy of a saved variable, while they do (for flagCompares through them). */
    let copies: Map<string, { scope: VariableScope; name: string }> | undefined;
    /** The modal the text inputs that follow belong to (undefined: none, or one with a computed ID). */
    let modal: { id: string; inputs: string[] | null } | undefined;
    const { trigger, name, type, options } = headerInfo(tree);
    const { statements, starts, text } = tree;
    const calls = this.interestingCalls();
    /** Where the next call of interest is at or after the current statement (-1: none left; stale when below `base`). */
    let nextCall = -2;
    for (let i = 0; i < statements.length; i++) {
      const st = statements[i];
      const base = starts[i];
      if (st.kind !== StatementKind.Body) continue;
      if (nextCall !== -1 && nextCall < base) {
        calls.lastIndex = base;
        nextCall = calls.exec(text)?.index ?? -1;
      }
      if (nextCall === -1 || nextCall >= (i + 1 < starts.length ? starts[i + 1] : text.length)) continue;
      let rel = cacheStatements ? this.statementCache.get(st) : undefined;
      if (!rel) {
        rel = st.nodes.length === 0 ? NONE : this.indexStatement(text.slice(base, starts[i + 1]), st.nodes);
        if (cacheStatements) this.statementCache.set(st, rel);
      }
      for (const o of rel) {
        if (o.kind === 'computedSet' && o.scope === 'temporary') copies?.clear();
        if (o.kind === 'computedSet') {
          if (!computedSetScopes?.includes(o.scope!)) (computedSetScopes ??= []).push(o.scope!);
          continue;
        }
        if (o.kind === 'eval') {
          evaluates = true;
          continue;
        }
        if (o.kind === 'computedModal') {
          computedModal = true;
          modal = undefined;
          continue;
        }
        if (o.kind === 'computedField') {
          if (modal) modal.inputs = null;
          continue;
        }
        if (o.kind === 'reacts') {
          addsReactions = true;
          continue;
        }
        if (o.kind === 'componentEdit') {
          (componentEdits ??= []).push({ name: o.name, start: base + o.start, end: base + o.end });
          continue;
        }
        if (o.kind === 'flagCompare') {
          // Through a temporary variable: the saved variable it holds a copy of, if it does.
          const copied = o.scope === 'temporary' ? copies?.get(o.name) : undefined;
          if (o.scope === 'temporary' && !copied) continue;
          (flagCompares ??= []).push({
            ...(copied ? { via: o.name } : {}),
            name: this.intern(copied ? copied.name : o.name),
            start: base + o.start,
            end: base + o.end,
            scope: copied ? copied.scope : o.scope!,
            written: o.written!,
            op: o.op!,
            word: o.word!,
            wordStart: base + o.wordStart!,
          });
          continue;
        }
        // Names repeat across a workspace: one string each (a slice of a file's text would keep the text alive twice over).
        const name = this.intern(o.name);
        const start = base + o.start;
        const end = base + o.end;
        if (o.kind === 'var') {
          if (o.scope === 'temporary' && o.access === 'set') {
            if (o.copyScope) (copies ??= new Map()).set(name, { scope: o.copyScope, name: o.copyName! });
            else copies?.delete(name);
          }
          variables.push(
            o.flag
              ? { name, start, end, scope: o.scope!, access: o.access!, fn: this.intern(o.fn!), flag: true }
              : { name, start, end, scope: o.scope!, access: o.access!, fn: this.intern(o.fn!) },
          );
          // Each name once (a file may set one thousands of times), one string per name across the workspace.
          if (o.clears) {
            const key = this.intern(`${o.scope} ${name}`);
            if (!clearKnown?.has(key)) {
              (clearKnown ??= new Set()).add(key);
              (clears ??= []).push(key);
            }
          }
          // A channel's own variable counts where the command answers in its own channel (repliesHere, read once per file).
          if (o.initial && (o.scope !== 'channel' || (repliesInOwnChannel ??= repliesHere(text)))) {
            const key = this.intern(`${o.scope} ${name}`);
            if (!initialKnown?.has(key)) {
              (initialKnown ??= new Set()).add(key);
              (initialSets ??= []).push(key);
            }
          }
        } else if (o.kind === 'optionUse') optionUses.push({ name, start, end });
        else if (o.kind === 'fieldUse') (fieldUses === NO_OCCURRENCES ? (fieldUses = []) : fieldUses).push({ name, start, end });
        else if (o.kind === 'fieldId') {
          (fieldIds === NO_OCCURRENCES ? (fieldIds = []) : fieldIds).push({ name, start, end });
          modal?.inputs?.push(name);
        }
        // A modal made outside an interaction command is never shown: it sends nothing either.
        else {
          if (o.sends && (!o.modal || type === 'interaction')) {
            const made: { -readonly [K in keyof CustomIdOccurrence]: CustomIdOccurrence[K] } = { name, start, end, sends: true };
            if (initialSets) made.setBefore = initialSets.length;
            if (o.rowButton !== undefined) made.rowButton = o.rowButton;
            customIds.push(made);
          } else customIds.push({ name, start, end });
          if (o.modal) (modals ??= []).push((modal = { id: name, inputs: [] }));
        }
      }
    }
    let handles: Occurrence | undefined;
    if (trigger) {
      const handled = handledCustomId(trigger.name);
      if (handled) handles = { name: handled.id, start: trigger.start + handled.at, end: trigger.start + handled.at + handled.id.length };
    }
    const index: { -readonly [K in keyof FileIndex]: FileIndex[K] } = {
      variables,
      options,
      optionUses,
      customIds,
      fieldIds,
      fieldUses,
      handles,
      trigger,
      name,
      type,
    };
    // Only on the files that have them: most have none, and a workspace keeps thousands of entries.
    if (computedSetScopes) index.computedSetScopes = computedSetScopes;
    if (evaluates) index.evaluates = evaluates;
    if (modals) index.modals = modals;
    if (computedModal) index.computedModal = computedModal;
    if (componentEdits) index.componentEdits = componentEdits;
    if (addsReactions) index.addsReactions = addsReactions;
    // Discord sends the reaction events for the bot's own reactions too (bot.rs runs them for any user).
    // A command that compares ZuserID picks its users (a game's player): the bot is not among them.
    if (
      type === 'event' &&
      trigger &&
      REACTION_EVENTS.has(trigger.name.trim()) &&
      !text.includes('ZisBot') &&
      !text.includes('ZbotID') &&
      !/ZuserID\s*[!=]=|[!=]=\s*ZuserID\b/.test(text)
    )
      index.reactionEventUnguarded = trigger;
    if (clears) index.clears = clears;
    if (flagCompares) index.flagCompares = flagCompares;
    // Only what some component comes after matters (CustomIdOccurrence.setBefore).
    if (initialSets && customIds.some((id) => id.setBefore)) index.initialSets = initialSets;
    return index;
  }

  private indexStatement(text: string, nodes: readonly (TopLevelNode | ContentNode)[]): RelOcc[] {
    const out: RelOcc[] = [];
    // Iterative pre-order walk (calls may nest thousands deep in a broken file).
    const stack: (TopLevelNode | ContentNode)[] = [];
    for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]);
    while (stack.length) {
      const node = stack.pop()!;
      if (node.kind === NodeKind.Call) {
        this.indexCall(text, node, out, nodes);
        for (let a = node.args.length - 1; a >= 0; a--) {
          const list = node.args[a].nodes;
          for (let i = list.length - 1; i >= 0; i--) stack.push(list[i]);
        }
      } else if (node.kind === NodeKind.Group) {
        for (let i = node.nodes.length - 1; i >= 0; i--) stack.push(node.nodes[i]);
      }
    }
    return out.length ? out : NONE;
  }

  /** `statementNodes`: the statement's own nodes (a call among them runs whenever the statement does). */
  private indexCall(text: string, call: CallNode, out: RelOcc[], statementNodes: readonly (TopLevelNode | ContentNode)[]): void {
    const fnName = text.slice(call.start, call.nameEnd);
    const first = literalArgument(text, call, 0);
    const vf = variableFunction(fnName);
    if (vf) {
      const nonEmptyArgs = call.args.length;
      const access = vf.access === 'getOrSet' ? (nonEmptyArgs >= 2 ? 'set' : 'get') : vf.access;
      if (first) {
        const occ: RelOcc = { kind: 'var', name: first.text, start: first.start, end: first.end, scope: vf.scope, access, fn: fnName };
        // What a saved variable's set says to the other files (botNames.ts): temporary ones, the most common, say nothing.
        if (vf.scope !== 'temporary') {
          const value = access === 'set' ? call.args[1] : undefined;
          const written =
            value !== undefined &&
            ((value.nodes.length === 0 && !isBlankRange(text, value.start, value.end)) || neverEmptyValue(text, value.nodes, value.start, value.end));
          // A value written out (a computed one may be empty, and an empty value is no value), at the top of a line, for
          // the command's own server: ZsetServerVar{name;value;guildID} sets another server's variable when it names one.
          // A user's own variable too (no third argument naming another user): it counts for a modal only, which
          // reaches the engine from the user it was shown to (botNames.ts setBeforeComponent).
          // A channel's own variable too (kept where the components go out in that channel: see repliesHere).
          if (
            written &&
            (vf.scope === 'global' ||
              ((vf.scope === 'server' || vf.scope === 'user' || vf.scope === 'channel') &&
                (call.args.length < 3 || (call.args[2].nodes.length === 0 && literalArgument(text, call, 2) === undefined)))) &&
            statementNodes.includes(call)
          )
            occ.initial = true;
          if (access === 'reset' || (value !== undefined && !written && value.nodes.length === 0) || (access === 'set' && value === undefined))
            occ.clears = true;
          // Empty text (or no value) can no more equal True than true and false can.
          if (access === 'set' && (value === undefined || (value.nodes.length === 0 && FLAG_WORDS.has(text.slice(value.start, value.end).trim()))))
            occ.flag = true;
        }
        if (vf.scope === 'temporary' && access === 'set') copyOfSaved(text, call, occ);
        out.push(occ);
      } else if (access === 'set' && call.args[0]?.nodes.length) out.push({ kind: 'computedSet', name: '', start: 0, end: 0, scope: vf.scope });
      return;
    }
    // Zalias{ZsetUserVar;save} makes Zsave{name;value} a setter the index cannot follow: like Zeval, it may set anything.
    if (fnName === 'Zeval' || (fnName === 'Zalias' && call.args.length > 0 && /Z(?:re)?set/i.test(text.slice(call.args[0].start, call.args[0].end)))) {
      out.push({ kind: 'eval', name: '', start: 0, end: 0 });
      return;
    }
    if (CONDITION_FUNCTIONS.has(fnName) && call.args.length > 0) {
      flagComparesIn(text, call.args[0].start, call.args[0].end, out);
      return;
    }
    if (REACTION_ADDERS.has(fnName)) {
      out.push({ kind: 'reacts', name: '', start: 0, end: 0 });
      return;
    }
    if (fnName === 'Zoption' || fnName === 'ZinputValue') {
      if (first) out.push({ kind: fnName === 'Zoption' ? 'optionUse' : 'fieldUse', name: first.text, start: first.start, end: first.end });
      return;
    }
    // The message ID left out: the message of the component that was used (components/editButton.rs, removeComponent.rs).
    if ((fnName === 'ZeditButton' || fnName === 'ZremoveComponent') && call.close >= 0) {
      const messageId = call.args[fnName === 'ZeditButton' ? 5 : 1];
      if (!messageId || (messageId.nodes.length === 0 && isBlankRange(text, messageId.start, messageId.end)))
        // The name as a constant: a slice of the file's text would keep the whole text alive in the index.
        out.push({ kind: 'componentEdit', name: fnName === 'ZeditButton' ? 'ZeditButton' : 'ZremoveComponent', start: call.start, end: call.nameEnd });
    }
    const fn = this.catalog.getFunction(fnName);
    if (!fn) return;
    fn.arguments.forEach((param: ArgumentRecord, i: number) => {
      // A text input's field ID is read back with ZinputValue, not handled by onInteraction{}: kept apart.
      if ((!isInteractionIdParameter(param.name) && !(param.name === 'fieldID' && fnName === 'ZaddTextInput')) || i >= call.args.length) return;
      const lit = literalArgument(text, call, i);
      if (!lit) {
        if (fnName === 'ZnewModal' && i === 0 && call.args[0].nodes.length) out.push({ kind: 'computedModal', name: '', start: 0, end: 0 });
        else if (fnName === 'ZaddTextInput' && call.args[i].nodes.length) out.push({ kind: 'computedField', name: '', start: 0, end: 0 });
        return;
      }
      const occ: RelOcc = { kind: param.name === 'fieldID' ? 'fieldId' : 'customId', name: lit.text, start: lit.start, end: lit.end };
      if (interactionIdArgument(fnName) === i && sendsInteraction(text, call, fnName)) {
        occ.sends = true;
        if (fnName === 'ZaddButton' && statementNodes.includes(call)) occ.rowButton = literalArgument(text, call, 0)?.text === 'true';
      }
      if (fnName === 'ZnewModal') occ.modal = true;
      out.push(occ);
    });
  }
}

/** What a flag is saved as: the words the engine's conditions take for true and false (control/helpers.rs), or nothing. */
const FLAG_WORDS: ReadonlySet<string> = new Set(['true', 'false', '']);

/**
 * One comparison of a condition (between its start or " && "/" || " and the next): a saved variable's getter
 * with a literal name and no other argument, == or !=, and true or false spelt otherwise (True, FALSE).
 */
const FLAG_GETTER = String.raw`(Z(?:get(?:User|Server|Channel)?Var|var)\{([^{};\\]+)\})`;
const FLAG_SPELLING = '([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])';
const PART_START = String.raw`(?<=^|\s&&\s|\s\|\|\s)(\s*)`;
const PART_END = String.raw`\s*(?=$|\s&&\s|\s\|\|\s)`;
/** The getter first (groups: lead, getter, name, operator, word), and the word first (lead, word, operator, getter, name). */
const FLAG_COMPARE = new RegExp(`${PART_START}${FLAG_GETTER}\\s*(==|!=)\\s*${FLAG_SPELLING}${PART_END}`, 'g');
const FLAG_COMPARE_REVERSED = new RegExp(`${PART_START}${FLAG_SPELLING}\\s*(==|!=)\\s*${FLAG_GETTER}${PART_END}`, 'g');

/** The flag comparisons (FileIndex.flagCompares) of a condition at [start, end) of `text`. */
function flagComparesIn(text: string, start: number, end: number, out: RelOcc[]): void {
  const condition = text.slice(start, end);
  if (!/[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]/.test(condition)) return;
  for (const reversed of [false, true]) {
    const pattern = reversed ? FLAG_COMPARE_REVERSED : FLAG_COMPARE;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(condition); m; m = pattern.exec(condition)) {
      const [word, getter, name] = reversed ? [m[2], m[4], m[5].trim()] : [m[5], m[2], m[3].trim()];
      if (FLAG_WORDS.has(word)) continue;
      const vf = variableFunction(getter.slice(0, getter.indexOf('{')));
      // A temporary variable counts where it holds a copy of a saved one (indexTree resolves it).
      if (!vf || name === '') continue;
      const written = m[0].trim();
      const from = start + m.index + m[1].length;
      const to = from + written.length;
      out.push({
        kind: 'flagCompare',
        name,
        start: from,
        end: to,
        scope: vf.scope,
        written,
        op: m[reversed ? 3 : 4] as '==' | '!=',
        word,
        wordStart: reversed ? from : to - word.length,
      });
    }
  }
}

/** `Zvar{afk;ZgetUserVar{afk}}`: the value is one saved getter with a written name and nothing else (RelOcc.copyScope). */
function copyOfSaved(text: string, call: CallNode, occ: RelOcc): void {
  const value = call.args[1];
  if (call.args.length !== 2 || value.nodes.length !== 1 || text.slice(value.start, value.end).trim() !== text.slice(value.nodes[0].start, value.nodes[0].end))
    return;
  const getter = value.nodes[0];
  if (getter.kind !== NodeKind.Call || getter.args.length !== 1) return;
  const vf = variableFunction(text.slice(getter.start, getter.nameEnd));
  const name = literalArgument(text, getter, 0);
  if (!vf || vf.scope === 'temporary' || vf.access !== 'get' || !name) return;
  occ.copyScope = vf.scope;
  occ.copyName = name.text;
}

/** The functions that add reactions (to the reply, to a message, to the command's own message). */
const REACTION_ADDERS: ReadonlySet<string> = new Set(['ZaddReactions', 'ZaddMessageReactions', 'ZaddCmdReactions']);

/** The event the bot's own reactions start (its removal event runs only when someone takes one of them away). */
const REACTION_EVENTS: ReadonlySet<string> = new Set(['onReactionAdd']);

/**
 * Whether the component `call` makes sends the engine an interaction: not a
 * link button (its clicks open the address) nor a disabled one, as far as the
 * text shows (a style or state computed by a call: not known, so no).
 */
function sendsInteraction(text: string, call: CallNode, fnName: string): boolean {
  if (fnName !== 'ZaddButton') return true;
  const given = (index: number): string | undefined => {
    const arg = call.args[index];
    if (!arg) return '';
    if (arg.nodes.length > 0) return undefined;
    return literalArgument(text, call, index)?.text ?? '';
  };
  // Left out: secondary. Another word than the styles halts the command, so nothing is sent either.
  const style = given(3)?.toLowerCase();
  const styles = valueSetFor('ZaddButton', 'style');
  const clickable = style === '' || (style !== undefined && style !== 'link' && styles !== undefined && inValueSet(styles, style));
  const disabled = given(4);
  return clickable && disabled !== undefined && disabled !== 'true';
}

/** A non-empty argument with no nested node: its text trimmed as the engine trims arguments (isEngineSpace), and relative range. */
export function literalArgument(text: string, call: CallNode, index: number): { text: string; start: number; end: number } | undefined {
  const arg = call.args[index];
  if (!arg || arg.nodes.length > 0) return undefined;
  let start = arg.start;
  let end = arg.end;
  while (start < end && isEngineSpace(text.charCodeAt(start))) start++;
  while (end > start && isEngineSpace(text.charCodeAt(end - 1))) end--;
  if (start === end) return undefined;
  return { text: text.slice(start, end), start, end };
}

function findCovering<T extends Occurrence>(list: readonly T[], offset: number): T | undefined {
  // Occurrences are in text order: binary search for the last one starting at or before offset.
  let lo = 0;
  let hi = list.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].start <= offset) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let i = best; i >= 0 && i > best - 4; i--) if (list[i].start <= offset && offset <= list[i].end) return list[i];
  return undefined;
}

/** Whether text[start, end) holds nothing but the white space the engine trims. */
function isBlankRange(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isEngineSpace(text.charCodeAt(i))) return false;
  return true;
}

/** Whether a command's components surely go out in the channel it runs in: nothing sends its answer elsewhere. */
function repliesHere(text: string): boolean {
  return !text.includes('ZuseChannel') && !text.includes('ZsendMessage') && !text.includes('ZsendEmbed');
}

/** Calls whose value is never empty text: a number, or the command halts there (before any component is made). */
const NEVER_EMPTY_CALLS: ReadonlySet<string> = new Set([...ARITHMETIC_FUNCTIONS, 'ZgetTimestamp', 'Zrandom', 'Zround', 'Zabs']);

/** A value that is one such call and nothing else (`Zsum{ZgetTimestamp{ms};3000}`). */
function neverEmptyValue(text: string, nodes: readonly ContentNode[], start: number, end: number): boolean {
  if (nodes.length !== 1 || nodes[0].kind !== NodeKind.Call) return false;
  const call = nodes[0];
  return NEVER_EMPTY_CALLS.has(text.slice(call.start, call.nameEnd)) && isBlankRange(text, start, call.start) && isBlankRange(text, call.end, end);
}
