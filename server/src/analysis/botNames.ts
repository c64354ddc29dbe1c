/**
 * Names that one command file of a bot writes and another reads: the saved
 * variables its setters write (ZsetUserVar{coins;...} in !work, read by
 * ZgetUserVar{coins} in !balance), and the text inputs of the modals it
 * builds (read by ZinputValue{age} in the modal's onInteraction command).
 * The engine matches both by exact name, capitals included (db.rs binds the
 * name into an SQL comparison without a collation; inputValue.rs looks the
 * field ID up in a map), and a name nothing writes reads as empty text with
 * no error. So a read under a name no command of the bot writes, while a
 * command writes one that differs only a little (or writes that name in
 * another scope), is almost surely a slip.
 *
 * Each file's index entry is kept as it is; what a folder writes is made
 * from its files' entries when a check first asks after a change, and an
 * edit that leaves what its file writes alone (most keystrokes) changes
 * nothing. Only a folder whose every command file is known may be judged
 * (the caller checks it).
 */
import type { VariableScope } from '../language/variableFunctions';
import { getterOf, setterOf } from '../language/variableFunctions';
import type { AnalysisDiagnostic } from './diagnostic';
import { oneEditApart } from './suggest';
import type { FileIndex, FlagCompare, Occurrence, VariableOccurrence } from './workspaceIndex';
import { ShardedMap } from '../base/shardedMap';

/** What one file writes for the others, and its own reads the checks look at. */
interface FileWrites {
  /** `scope name` of the saved variables it sets with a literal name. */
  readonly saved: readonly string[];
  readonly computedScopes: readonly VariableScope[];
  readonly evaluates: boolean;
  readonly modals: readonly { id: string; inputs: readonly string[] | null }[];
  readonly computedModal: boolean;
  /** Saved variables (`scope name`) it may empty (FileIndex.clears). */
  readonly clears: readonly string[];
  /** FileIndex.initialSets. */
  readonly initialSets: readonly string[];
  /** The components it makes that send interactions, each with how many of initialSets come before it. */
  readonly creates: readonly { id: string; setBefore: number }[];
  /** Whether those are buttons of one row, made whatever the command's conditions (FolderWrites.madeWith). */
  readonly oneRow: boolean;
  /** FileIndex.addsReactions. */
  readonly addsReactions: boolean;
  /** Saved variables (`scope name`) it sets to something other than the word true or false, or nothing (VariableOccurrence.flag). */
  readonly notFlags: readonly string[];
}

/** The files of a folder that save one variable: how many, and the first two (for messages). */
interface Writers {
  readonly first: string[];
  count: number;
}

interface FolderWrites {
  /** `scope name` → the files that set it (with how many setters each). */
  readonly saved: Map<string, Writers>;
  readonly computedScopes: Map<VariableScope, number>;
  evaluates: number;
  /** Modal ID → the inputs of each file's modals of that ID (null: an input's ID is computed). */
  readonly modals: Map<string, Map<string, (readonly string[] | null)[]>>;
  computedModals: number;
  /** Saved variables some file may empty. */
  readonly clears: Set<string>;
  /**
   * Custom ID → what each component made with it is made after setting: a
   * prefix of its file's initialSets, as pairs (the list, how many) in one
   * flat array (a workspace has thousands of components).
   */
  readonly creators: Map<string, (readonly string[] | number)[]>;
  /**
   * Custom ID → the other buttons every file that makes one with that ID makes with it, in one row whatever the
   * command's conditions (so surely on the same message); null where some file makes it otherwise, or alone.
   */
  readonly madeWith: Map<string, Set<string> | null>;
  /** A file that adds reactions (the first one met), for the reaction events. */
  reactionAdder: string | undefined;
  /** Saved variables (`scope name`) some file sets to something other than the word true or false. */
  readonly notFlags: Set<string>;
}

const SAVED_SCOPES: readonly VariableScope[] = ['user', 'server', 'channel', 'global'];

/** What a scope's variable is called in messages. */
const SCOPE_WORDS: Record<VariableScope, string> = {
  user: 'user variable',
  server: 'server variable',
  channel: 'channel variable',
  global: 'global variable',
  temporary: 'temporary variable',
};

/** Variable names are at most this far apart (and at least this long) to be taken for a slip of one another. */
const NEAR_NAME_MIN = 4;

/** What a file writes for the others; undefined when nothing (most files of a workspace set no saved variable). */
function writesOf(index: FileIndex): FileWrites | undefined {
  // Each name once: a file may set one on every line.
  let savedNames: Set<string> | undefined;
  let notFlags: Set<string> | undefined;
  for (const v of index.variables)
    if (v.access === 'set' && v.scope !== 'temporary') {
      const key = `${v.scope} ${v.name}`;
      (savedNames ??= new Set()).add(key);
      if (!v.flag) (notFlags ??= new Set()).add(key);
    }
  const saved = savedNames && [...savedNames];
  let creates: { id: string; setBefore: number }[] | undefined;
  // One row of buttons (at most five, none but the first starting a new row): the engine sends only a reply's last row.
  let oneRow = true;
  for (const id of index.customIds)
    if (id.sends) {
      (creates ??= []).push({ id: id.name, setBefore: id.setBefore ?? 0 });
      if (id.rowButton === undefined || (id.rowButton && creates.length > 1) || creates.length > 5) oneRow = false;
    }
  if (!saved && !creates && !index.clears && !index.computedSetScopes && !index.evaluates && !index.modals && !index.computedModal && !index.addsReactions)
    return undefined;
  return {
    creates: creates ?? [],
    oneRow,
    addsReactions: index.addsReactions === true,
    notFlags: notFlags ? [...notFlags] : [],
    initialSets: index.initialSets ?? [],
    clears: index.clears ?? [],
    saved: saved ?? [],
    computedScopes: index.computedSetScopes ?? [],
    evaluates: index.evaluates === true,
    modals: index.modals ?? [],
    computedModal: index.computedModal === true,
  };
}

/** A text that changes when what a file writes changes: an edit that leaves it alone changes nothing for the other files. */
function signature(w: FileWrites | undefined): string {
  if (!w) return '';
  let s = `${w.saved.join('\n')}\t${w.computedScopes.join(' ')}\t${w.evaluates}\t${w.computedModal}`;
  for (const m of w.modals) s += `\t${m.id}\n${m.inputs === null ? '\u0000' : m.inputs.join('\n')}`;
  s += `\r${w.initialSets.join('\n')}`;
  for (const c of w.creates) s += `\r${c.id}\n${c.setBefore}`;
  if (w.oneRow) s += '\f';
  if (w.addsReactions) s += '\b';
  if (w.clears.length) s += `\v${w.clears.join('\n')}`;
  if (w.notFlags.length) s += `\u000e${w.notFlags.join('\n')}`;
  return s;
}

function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/'));
}

export class BotNames {
  /** Each file's index entry (shared with the workspace index: nothing is copied), and its writes' signature once asked. */
  private readonly byUri = new ShardedMap<{ index: FileIndex; signature?: string }>();
  private readonly filesByFolder = new Map<string, Set<string>>();
  /** What each folder writes, made when a check first asks after a change (a workspace scan changes every file once). */
  private readonly byFolder = new Map<string, FolderWrites>();
  /** Bumped when what a folder writes may have changed (the other files' findings may change). */
  generation = 0;

  /** Records the file's index entry (undefined: the file is gone). */
  update(uri: string, index: FileIndex | undefined): void {
    const old = this.byUri.get(uri);
    if (!old && !index) return;
    const folderKey = folderOf(uri);
    if (old && index) {
      // An edit that leaves what the file writes alone (most keystrokes) changes nothing for the others.
      const now = signature(writesOf(index));
      if ((old.signature ??= signature(writesOf(old.index))) === now) {
        this.byUri.set(uri, { index, signature: now });
        return;
      }
      this.byUri.set(uri, { index, signature: now });
    } else if (index) {
      this.byUri.set(uri, { index });
      let files = this.filesByFolder.get(folderKey);
      if (!files) this.filesByFolder.set(folderKey, (files = new Set()));
      files.add(uri);
    } else {
      this.byUri.delete(uri);
      this.filesByFolder.get(folderKey)?.delete(uri);
    }
    this.byFolder.delete(folderKey);
    this.generation++;
  }

  private folderWrites(uri: string): FolderWrites | undefined {
    const key = folderOf(uri);
    const known = this.byFolder.get(key);
    if (known) return known;
    const files = this.filesByFolder.get(key);
    if (!files) return undefined;
    const folder: FolderWrites = {
      saved: new Map(),
      computedScopes: new Map(),
      evaluates: 0,
      modals: new Map(),
      computedModals: 0,
      creators: new Map(),
      madeWith: new Map(),
      reactionAdder: undefined,
      clears: new Set(),
      notFlags: new Set(),
    };
    for (const file of files) {
      const writes = writesOf(this.byUri.get(file)!.index);
      if (writes) add(folder, file, writes);
    }
    this.byFolder.set(key, folder);
    return folder;
  }

  /**
   * The warnings on the file's reads of saved variables that no command of
   * its folder sets, where one sets a name that differs only in capitals or
   * one letter, or the same name in another scope. Quiet for a scope in which
   * some setter computes its name, and in a folder that runs Zeval.
   */
  misnamedVariables(uri: string, variables: readonly VariableOccurrence[]): AnalysisDiagnostic[] {
    const folder = this.folderWrites(uri);
    if (!folder || folder.evaluates > 0) return [];
    const out: AnalysisDiagnostic[] = [];
    for (const v of variables) {
      if (v.access !== 'get' || v.scope === 'temporary' || folder.saved.has(`${v.scope} ${v.name}`) || folder.computedScopes.has(v.scope)) continue;
      const finding = misnamedVariable(v, folder);
      if (finding) out.push(finding);
    }
    return out;
  }

  /**
   * The warnings on the file's comparisons of a saved variable with True,
   * FALSE or the like (FileIndex.flagCompares) where every command of its
   * folder that sets the variable writes the word true or false: == compares
   * text exactly (control/helpers.rs), so the comparison never holds. Quiet
   * for a scope in which some setter computes its name, and in a folder that
   * runs Zeval.
   */
  flagComparisons(uri: string, compares: readonly FlagCompare[]): AnalysisDiagnostic[] {
    const folder = this.folderWrites(uri);
    if (!folder || folder.evaluates > 0) return [];
    const out: AnalysisDiagnostic[] = [];
    for (const c of compares) {
      const key = `${c.scope} ${c.name}`;
      if (!folder.saved.has(key) || folder.notFlags.has(key) || folder.computedScopes.has(c.scope)) continue;
      const meant = c.word.toLowerCase();
      out.push({
        code: c.op === '==' ? 'condition-never-true' : 'condition-always-true',
        severity: 'warning',
        start: c.start,
        end: c.end,
        message: `Every command of this bot saves the ${SCOPE_WORDS[c.scope]} "${c.name}" as true or false, in small letters, and ${c.op} compares text exactly: "${c.written}"${c.via ? ` (Zvar{${c.via}} holds its value)` : ''} is ${c.op === '==' ? 'never' : 'always'} true. Compare with ${meant}.`,
        fixes: [{ title: `Change to ${meant}`, edits: [{ start: c.wordStart, end: c.wordStart + c.word.length, newText: meant }], preferred: true }],
      });
    }
    return out;
  }

  /**
   * The server and global variables (`scope name`) that every component of
   * the folder with this custom ID is made after setting, at top level and
   * with a written value, and that no file resets or sets to empty text:
   * whenever the component can be used, they hold one. Undefined when no
   * component of the folder has the ID.
   */
  setBeforeComponent(uri: string, id: string): ReadonlySet<string> | undefined {
    const folder = this.folderWrites(uri);
    const lists = folder?.creators.get(id);
    if (!folder || !lists) return undefined;
    const prefix = (k: number) => (lists[k] as readonly string[]).slice(0, lists[k + 1] as number);
    // A button or menu may be clicked by anyone: only a modal's submitter is the user the variables were set for.
    const modal = folder.modals.has(id);
    let common = new Set(prefix(0).filter((key) => !folder.clears.has(key) && (modal || !key.startsWith('user '))));
    for (let k = 2; k < lists.length && common.size > 0; k += 2) {
      const those = new Set(prefix(k));
      common = new Set([...common].filter((key) => those.has(key)));
    }
    return common;
  }

  /**
   * Whether `id` is the custom ID of a button or select menu the folder makes
   * and of no modal it builds: its command answers a click, never a modal
   * (bot.rs), whatever the command reads.
   */
  answersComponentOnly(uri: string, id: string): boolean {
    const folder = this.folderWrites(uri);
    return folder !== undefined && folder.evaluates === 0 && folder.computedModals === 0 && !folder.modals.has(id) && folder.creators.has(id);
  }

  /**
   * The warnings on ZeditButton and ZremoveComponent without a message ID in
   * the command that answers the component `id`, where the command that made
   * it made others in the same message: editButton.rs edits the message to
   * hold one row with that one button, and removeComponent.rs to hold none,
   * so the others disappear at the first use. Quiet in a folder that runs
   * Zeval (a component may be made any way), and for a modal's ID (its
   * submission has no message to edit).
   */
  replacedComponents(uri: string, id: string, edits: readonly Occurrence[]): AnalysisDiagnostic[] {
    const folder = this.folderWrites(uri);
    const others = folder?.madeWith.get(id);
    if (!folder || !others || folder.evaluates > 0 || folder.modals.has(id)) return [];
    const rest = [...others].filter((o) => o !== id);
    if (rest.length === 0) return [];
    const named =
      rest.length <= 3
        ? rest.map((o) => `"${o}"`).join(', ')
        : `${rest
            .slice(0, 3)
            .map((o) => `"${o}"`)
            .join(', ')} and ${rest.length - 3} more`;
    const keep =
      "To change one and keep the others, make the buttons again in this command (a ZaddButton for each), write the message's text or embed again (an answer with neither changes nothing), and answer with Zupdate.";
    return edits.map((e) => ({
      code: 'components-replaced',
      severity: 'warning',
      start: e.start,
      end: e.end,
      message:
        e.name === 'ZeditButton'
          ? `ZeditButton does not edit one button among the others: the engine replaces all of the message's components with this one button, in a row of its own. The message with "${id}" also has ${named}, made with it, which disappear at the first click. ${keep}`
          : `ZremoveComponent removes every component of the message, not only the one named (the engine clears them all): ${named}, made with "${id}", disappear too. ${keep}`,
    }));
  }

  /**
   * The warning on an onReactionAdd event's trigger that never asks whether the user is a
   * bot, in a folder where a command adds reactions: Discord sends these events for the bot's own reactions too, and
   * bot.rs runs the command for any user, so a poll's or a role panel's own reactions count, give the role to the
   * bot, or fill a log.
   */
  botReactions(uri: string, trigger: Occurrence): AnalysisDiagnostic[] {
    const adder = this.folderWrites(uri)?.reactionAdder;
    if (adder === undefined) return [];
    const file = adder.slice(adder.lastIndexOf('/') + 1);
    return [
      {
        code: 'reaction-by-bot',
        severity: 'warning',
        start: trigger.start,
        end: trigger.end,
        message: `Discord sends ${trigger.name} for the bot's own reactions too, and the engine runs this command for whoever reacted: the reactions the bot adds (in ${decodeURIComponent(file)}) run it with the bot as the user, where they may count as votes, get the bot a role or fill a log. Unless nothing here can take them for a member's, skip them first: Zif{ZisBot==true;Zstop}.`,
      },
    ];
  }

  /**
   * The warnings on ZinputValue{id} in the command that handles a modal's
   * submission (its trigger `onInteraction{modal}`, or the catch-all
   * `onInteraction`) where no modal of that ID the folder builds has a text
   * input `id`. Quiet when the folder builds no such modal, builds one with a
   * computed ID or input ID, or runs Zeval.
   */
  unknownInputs(uri: string, handled: string | undefined, uses: readonly Occurrence[]): AnalysisDiagnostic[] {
    if (uses.length === 0) return [];
    const folder = this.folderWrites(uri);
    if (!folder || folder.evaluates > 0 || folder.computedModals > 0) return [];
    // A button's or a select menu's command: the engine runs it with no modal values at all (bot.rs).
    if (handled !== undefined && !folder.modals.has(handled) && folder.creators.has(handled))
      return uses.map((use) => ({
        code: 'input-not-in-modal',
        severity: 'warning',
        start: use.start,
        end: use.end,
        message: `This command answers "${handled}", a button or select menu of this bot, not a modal: the engine passes no text inputs to it, so ZinputValue{${use.name}} is always empty. A select menu's choice is Zmessage{1} (every choice: Zmessage).`,
      }));
    // The catch-all command answers every modal without a command of its own: any of them.
    const lists =
      handled === undefined ? [...folder.modals.values()].flatMap((files) => [...files.values()]) : [...(folder.modals.get(handled)?.values() ?? [])];
    const inputs = new Set<string>();
    for (const list of lists)
      for (const modal of list) {
        if (modal === null) return [];
        for (const id of modal) inputs.add(id);
      }
    if (inputs.size === 0) return [];
    const out: AnalysisDiagnostic[] = [];
    for (const use of uses) {
      if (inputs.has(use.name)) continue;
      const meant = [...inputs].find((id) => id.toLowerCase() === use.name.toLowerCase()) ?? [...inputs].find((id) => oneEditApart(id, use.name));
      const where = handled === undefined ? 'the modals this bot builds' : `the modal "${handled}"`;
      out.push({
        code: 'input-not-in-modal',
        severity: 'warning',
        start: use.start,
        end: use.end,
        message:
          `${where[0].toUpperCase()}${where.slice(1)} ${handled === undefined ? 'have' : 'has'} no text input "${use.name}" (its inputs: ${[...inputs].map((id) => `"${id}"`).join(', ')}), and the engine matches the ID exactly, capitals included: ZinputValue{${use.name}} is always empty. ` +
          (meant !== undefined ? `Is "${meant}" the input meant?` : 'Use the ID given to ZaddTextInput.'),
        fixes:
          meant === undefined
            ? undefined
            : [{ title: `Read the input "${meant}"`, preferred: true, edits: [{ start: use.start, end: use.end, newText: meant }] }],
      });
    }
    return out;
  }
}

function add(folder: FolderWrites, uri: string, w: FileWrites): void {
  for (const key of w.saved) {
    const writers = folder.saved.get(key);
    if (!writers) folder.saved.set(key, { first: [uri], count: 1 });
    else {
      writers.count++;
      if (writers.first.length < 2) writers.first.push(uri);
    }
  }
  for (const key of w.notFlags) folder.notFlags.add(key);
  for (const scope of w.computedScopes) folder.computedScopes.set(scope, (folder.computedScopes.get(scope) ?? 0) + 1);
  if (w.evaluates) folder.evaluates++;
  if (w.addsReactions) folder.reactionAdder ??= uri;
  if (w.computedModal) folder.computedModals++;
  for (const key of w.clears) folder.clears.add(key);
  for (const c of w.creates) {
    const list = folder.creators.get(c.id);
    if (list) list.push(w.initialSets, c.setBefore);
    else folder.creators.set(c.id, [w.initialSets, c.setBefore]);
    let others = folder.madeWith.get(c.id);
    if (others === null) continue;
    if (w.creates.length < 2 || !w.oneRow) {
      folder.madeWith.set(c.id, null);
      continue;
    }
    if (!others) folder.madeWith.set(c.id, (others = new Set(w.creates.map((o) => o.id))));
    // Every maker's message has the others: keep those all of them make.
    else for (const o of others) if (!w.creates.some((m) => m.id === o)) others.delete(o);
  }
  for (const m of w.modals) {
    let files = folder.modals.get(m.id);
    if (!files) folder.modals.set(m.id, (files = new Map()));
    const list = files.get(uri);
    if (list) list.push(m.inputs);
    else files.set(uri, [m.inputs]);
  }
}

/** The warning on a saved variable's read whose name no setter of its scope writes, when a near one does; else undefined. */
function misnamedVariable(v: VariableOccurrence, folder: FolderWrites): AnalysisDiagnostic | undefined {
  const what = SCOPE_WORDS[v.scope];
  const base = `No command of this bot saves a ${what} "${v.name}", so ${v.fn}{${v.name}} always reads empty text`;
  // The same name in another scope: the setter and the getter do not match.
  for (const scope of SAVED_SCOPES) {
    if (scope === v.scope) continue;
    const files = folder.saved.get(`${scope} ${v.name}`);
    if (!files) continue;
    return {
      code: 'saved-variable-misnamed',
      severity: 'warning',
      start: v.start,
      end: v.end,
      message: `${base}: ${setterOf(scope)} in ${fileNames(files)} saves it as a ${SCOPE_WORDS[scope]}, a different variable. Read it with ${getterOf(scope)}{${v.name}}.`,
    };
  }
  if (v.name.length < NEAR_NAME_MIN) return undefined;
  const lower = v.name.toLowerCase();
  let near: { name: string; files: Writers } | undefined;
  let caseOnly = false;
  const prefix = `${v.scope} `;
  for (const [key, files] of folder.saved) {
    if (!key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    if (name.toLowerCase() === lower) {
      if (!caseOnly || name < near!.name) near = { name, files };
      caseOnly = true;
    } else if (!caseOnly && name.length >= NEAR_NAME_MIN && oneEditApart(name, v.name) && (!near || name < near.name)) near = { name, files };
  }
  if (!near) return undefined;
  return {
    code: 'saved-variable-misnamed',
    severity: 'warning',
    start: v.start,
    end: v.end,
    message: `${base}, while ${setterOf(v.scope)} in ${fileNames(near.files)} saves "${near.name}"${caseOnly ? ': the engine compares names exactly, capitals included' : ''}. Is "${near.name}" the name meant?`,
    fixes: [{ title: `Read "${near.name}"`, preferred: true, edits: [{ start: v.start, end: v.end, newText: near.name }] }],
  };
}

/** The names of the first files (in order), for a message. */
function fileNames(writers: Writers): string {
  const names = writers.first.map((uri) => decodeName(uri.slice(uri.lastIndexOf('/') + 1))).sort();
  return writers.count > 2 ? `${names.join(', ')} and ${writers.count - 2} more` : names.join(' and ');
}

function decodeName(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
