/**
 * What the engine makes of the command files of a bot taken together: it
 * keeps its commands in a map keyed by the trigger, so two files of one
 * commands folder with the same trigger (or two handlers of one event, or of
 * one `onInteraction{id}`) leave only one of them loaded, and which one is
 * not defined; and it reads only the files directly in its `commands/`
 * folder (the folder next to `zbr.json`), never subfolders.
 *
 * Files are grouped by folder: a workspace may hold several bots (or test
 * copies), and only files of one folder are loaded together.
 */
import type { Catalog } from '../catalog/catalog';
import { type HeaderStatement, type Statement, StatementKind, type SyntaxTree } from '../syntax/tree';
import type { AnalysisDiagnostic } from './diagnostic';
import { closest } from './suggest';
import { optionRefused } from '../language/headerWords';
import { statementIndexAt } from '../syntax/positions';
import { COOLDOWN_TAKERS, type CommandFacts } from './analyzer';
import type { CustomIdOccurrence } from './workspaceIndex';
import { engineHeaderLine, engineTriggerStatement, type LoaderLine, loaderLinesOf, readAsLoader } from './engine/loader';
import { ShardedMap } from '../base/shardedMap';

export interface TriggerSite {
  readonly uri: string;
  readonly trigger: string;
  /** Offsets of the trigger's value in that file. */
  readonly start: number;
  readonly end: number;
  /** The file's last `#type` says exactly `interaction` (the engine runs an onInteraction command only then). */
  readonly interaction?: boolean;
  /** The command's name to the engine: its `#name`, else the trigger without `!` or `/` (loader.rs). */
  readonly command?: string;
  /** The command takes a cooldown (keyed by the command's name: cooldown/cooldown.rs). */
  readonly cooldown?: boolean;
  /** A `/` trigger whose file's last `#type` is slash or sub-slash. */
  readonly slash?: 'slash' | 'sub-slash';
  /** The file's last `#type` names another type than prefix: the engine never matches its trigger against a message (bot.rs runs prefix commands only there). */
  readonly notPrefix?: boolean;
}

/** Each statement's loader lines (null: none), by statement: unchanged statements keep their identity across edits. */
const loaderLines = new WeakMap<Statement, LoaderLine[] | null>();

/**
 * The trigger the engine reads from a file, as the file checks find it
 * (engineTriggerStatement over the loader's reading): a `#trigger ` line the
 * loader reads inside an unclosed statement, or after a byte-order mark on
 * the first line, is no trigger. For a file that is analysed anyway (an open
 * one), pass the statement the analysis found (Analyzer.triggerStatement)
 * instead of reading the file again.
 */
export function triggerOf(uri: string, tree: SyntaxTree, at = engineTriggerIndex(tree), known?: CommandFacts): TriggerSite | undefined {
  // A file the loader refuses has no command, and takes no trigger from another (invalid-option says why).
  if (at < 0 || (known ? known.refused : refusedOption(tree))) return undefined;
  const st = tree.statements[at] as HeaderStatement;
  const base = tree.starts[at];
  const site: { -readonly [K in keyof TriggerSite]: TriggerSite[K] } = {
    uri,
    trigger: tree.text.slice(base + st.valueStart, base + st.valueEnd),
    start: base + st.valueStart,
    end: base + st.valueEnd,
  };
  if (site.trigger.startsWith('onInteraction') && lastTypeIsInteraction(tree)) site.interaction = true;
  // A slash command's name, and a sub-slash command's parent: registered under one name (bot.rs).
  // A global slash command is another command than the guild parent of the same name (loader.rs: guild by default).
  const lastTypeWord = lastType(tree);
  if (lastTypeWord === 'slash' || lastTypeWord === 'sub-slash' || lastTypeWord === 'interaction' || lastTypeWord === 'event') site.notPrefix = true;
  if (site.trigger.startsWith('/')) {
    const type = lastTypeWord;
    if (type === 'sub-slash' || (type === 'slash' && lastHeaderValue(tree, '#scope') !== 'global')) site.slash = type;
  }
  // The analysis of an open file knows both (no reading of the whole file after each edit); a file read alone is scanned.
  site.command = (known ? known.name : lastHeaderValue(tree, '#name')) ?? commandOfTrigger(site.trigger);
  if (known ? known.cooldown : takesCooldown(tree.text)) site.cooldown = true;
  return site;
}

/** The command's name the engine gives a file without #name: its trigger without the leading `!` and `/` (loader.rs). */
function commandOfTrigger(trigger: string): string {
  return trigger.replace(/^[!/]+/, '');
}

/** Whether the text calls a function that takes a cooldown (COOLDOWN_TAKERS). */
function takesCooldown(text: string): boolean {
  for (let at = text.indexOf('ooldown{'); at >= 0; at = text.indexOf('ooldown{', at + 8))
    for (const name of COOLDOWN_TAKERS) if (text.startsWith(name, at + 7 - name.length)) return true;
  return false;
}

/**
 * The text's first cooldown, as the function and its duration written
 * (`Zcooldown{24h`), undefined when it takes none: two commands of one name
 * with the same cooldown are one command's aliases (!daily, !diario).
 */
export function cooldownOf(text: string): string | undefined {
  for (let at = text.indexOf('ooldown{'); at >= 0; at = text.indexOf('ooldown{', at + 8))
    for (const name of COOLDOWN_TAKERS)
      if (text.startsWith(name, at + 7 - name.length)) {
        const open = at + 8;
        let end = open;
        while (end < text.length && text[end] !== ';' && text[end] !== '}' && text[end] !== '{') end++;
        return `${name}{${text.slice(open, end).trim()}`;
      }
  return undefined;
}

/** The trimmed value of the file's last header line of this directive, as the engine reads it (a later one replaces it). */
function lastHeaderValue(tree: SyntaxTree, directive: string): string | undefined {
  const { statements, starts, text } = tree;
  for (let at = text.lastIndexOf(directive); at >= 0; at = at > 0 ? text.lastIndexOf(directive, at - 1) : -1) {
    const lo = statementIndexAt(tree, at);
    const st = statements[lo];
    if (st?.kind === StatementKind.Header && engineHeaderLine(text, starts[lo] + st.start, starts[lo] + st.end).directive === directive)
      return text.slice(starts[lo] + st.valueStart, starts[lo] + st.valueEnd).trim();
  }
  return undefined;
}

/** Whether an `#option ` line the engine reads makes its loader refuse the file. */
function refusedOption(tree: SyntaxTree): boolean {
  const { statements, starts, text } = tree;
  if (!text.includes('#option ')) return false;
  for (let i = 0; i < statements.length; i++) {
    const st = statements[i];
    if (st.kind !== StatementKind.Header) continue;
    if (engineHeaderLine(text, starts[i] + st.start, starts[i] + st.end).directive !== '#option') continue;
    if (optionRefused(text.slice(starts[i] + st.valueStart, starts[i] + st.valueEnd))) return true;
  }
  return false;
}

/** Whether the last `#type ` line of the file says exactly `interaction` (the engine compares the trimmed value, case included). */
function lastTypeIsInteraction(tree: SyntaxTree): boolean {
  return lastType(tree) === 'interaction';
}

/** The trimmed value of the last `#type ` line the engine reads, if any (found from the text: the statements before it are not built). */
function lastType(tree: SyntaxTree): string | undefined {
  return lastHeaderValue(tree, '#type');
}

/** The statement holding the file's engine trigger, -1 when none (the loader's reading, without the other file checks). */
export function engineTriggerIndex(tree: SyntaxTree): number {
  return plainHeaderTrigger(tree) ?? loaderTriggerIndex(tree);
}

const TRIGGER = '#trigger';

/**
 * The answer of loaderTriggerIndex in the common case, without the loader's
 * reading of every statement (a workspace scan asks it of every file, whose
 * tree is then dropped): the text holds `#trigger` once, in a header
 * statement, and no brace appears before the end of that statement, which
 * only header, blank and comment statements precede. The loader is then at
 * depth 0 there and reads it as a directive, and no later line can replace
 * it. Undefined when that does not hold (the loader's reading decides).
 */
function plainHeaderTrigger(tree: SyntaxTree): number | undefined {
  const { statements, starts, text } = tree;
  const at = text.indexOf(TRIGGER);
  if (at < 0) return -1; // the engine recognises exactly `#trigger `: no such text, no trigger
  if (text.charCodeAt(0) === 0xfeff || text.indexOf(TRIGGER, at + TRIGGER.length) >= 0) return undefined;
  for (let i = 0; i < statements.length; i++) {
    const st = statements[i];
    const end = starts[i + 1];
    if (end <= at) {
      if (st.kind === StatementKind.Body || hasBrace(text, starts[i], end)) return undefined;
      continue;
    }
    // The statement holding the text.
    if (st.kind !== StatementKind.Header || hasBrace(text, starts[i], end)) return undefined;
    return engineHeaderLine(text, starts[i] + st.start, starts[i] + st.end).directive === '#trigger' ? i : undefined;
  }
  return undefined;
}

function hasBrace(text: string, start: number, end: number): boolean {
  for (let p = start; p < end; p++) {
    const c = text.charCodeAt(p);
    if (c === 123 || c === 125) return true;
  }
  return false;
}

/** engineTriggerIndex by the loader's reading of the whole file. */
export function loaderTriggerIndex(tree: SyntaxTree): number {
  const { statements, starts, text } = tree;
  const bom = text.charCodeAt(0) === 0xfeff;
  const reading = readAsLoader({
    count: statements.length,
    // A byte-order mark hides the first line's directive from the engine (as checkHeader's summary.bom).
    kind: (i) => (i === 0 && bom && statements[0].kind === StatementKind.Header ? StatementKind.Body : statements[i].kind),
    start: (i) => starts[i],
    end: (i) => starts[i + 1],
    lines: (i) => {
      const st = statements[i];
      let lines = loaderLines.get(st);
      if (lines === undefined) loaderLines.set(st, (lines = loaderLinesOf(text, starts[i], st.length, st.kind) ?? null));
      return lines ?? undefined;
    },
  });
  return engineTriggerStatement(reading, (i) => {
    const st = statements[i];
    return st.kind === StatementKind.Header ? engineHeaderLine(text, starts[i] + st.start, starts[i] + st.end).directive : undefined;
  });
}

function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/'));
}

/** The triggers of every known file, by folder, with a counter that changes whenever a duplicate may have appeared or gone. */
export class CommandTriggers {
  private readonly byUri = new ShardedMap<TriggerSite>();
  private readonly byFolder = new Map<string, Map<string, Set<string>>>();
  /** Bumped when a file's trigger changes (its own or another file's cross-file diagnostics may change). */
  generation = 0;

  /** Records the file's trigger (undefined: the file is gone or has none). */
  update(uri: string, site: TriggerSite | undefined): void {
    const old = this.byUri.get(uri);
    if (
      old &&
      site &&
      old.trigger === site.trigger &&
      old.interaction === site.interaction &&
      old.command === site.command &&
      old.slash === site.slash &&
      !old.cooldown === !site.cooldown
    ) {
      this.byUri.set(uri, site); // moved within the file: same duplicates
      return;
    }
    if (!old && !site) return;
    if (old) {
      const folder = this.byFolder.get(folderOf(uri));
      const set = folder?.get(old.trigger);
      set?.delete(uri);
      if (set && set.size === 0) folder!.delete(old.trigger);
      this.byUri.delete(uri);
    }
    if (site) {
      this.byUri.set(uri, site);
      const key = folderOf(uri);
      let folder = this.byFolder.get(key);
      if (!folder) this.byFolder.set(key, (folder = new Map()));
      let set = folder.get(site.trigger);
      if (!set) folder.set(site.trigger, (set = new Set()));
      set.add(uri);
    }
    this.generation++;
  }

  /** The file's trigger as the engine reads it, if it has one. */
  siteOf(uri: string): TriggerSite | undefined {
    return this.byUri.get(uri);
  }

  /**
   * Files of the folder whose command has this file's name and which take a
   * cooldown too, under another trigger: the engine keys cooldowns by the
   * command's name, so one command's cooldown holds the other back. Not for
   * `!daily` and `/daily` (the prefix and slash forms of one command).
   */
  sharedCooldownOf(uri: string, cooldownIn?: (uri: string) => string | undefined): { site: TriggerSite; others: TriggerSite[] } | undefined {
    const site = this.byUri.get(uri);
    if (!site?.cooldown || site.command === undefined) return undefined;
    const bare = commandOfTrigger(site.trigger);
    let others: TriggerSite[] = [];
    for (const files of this.byFolder.get(folderOf(uri))?.values() ?? [])
      for (const other of files) {
        const o = this.byUri.get(other)!;
        if (other !== uri && o.cooldown && o.command === site.command && o.trigger !== site.trigger && commandOfTrigger(o.trigger) !== bare) others.push(o);
      }
    // Aliases of one command (!daily, !diario, #name daily) share their cooldown on purpose: the same one, written alike.
    // The files' text is read only here, where a name is shared (rare).
    if (others.length > 0 && cooldownIn) {
      const own = cooldownIn(uri);
      if (own !== undefined) others = others.filter((o) => cooldownIn(o.uri) !== own);
    }
    if (others.length === 0) return undefined;
    others.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    return { site, others };
  }

  /**
   * A slash command `/ticket` and the sub-slash commands `/ticket close` of
   * its folder (or the other way round): the engine registers the sub-slash
   * commands under a parent with the slash command's name, which replaces it
   * (its options mixed with subcommands, which Discord refuses), so one of
   * the two never appears.
   */
  slashSharedOf(uri: string): { site: TriggerSite; others: TriggerSite[] } | undefined {
    const site = this.byUri.get(uri);
    if (!site?.slash) return undefined;
    const trigger = site.trigger.trim();
    const space = trigger.indexOf(' ');
    if (site.slash === 'sub-slash' ? space < 0 : space >= 0) return undefined;
    const parent = site.slash === 'slash' ? trigger : trigger.slice(0, space);
    const others: TriggerSite[] = [];
    for (const files of this.byFolder.get(folderOf(uri))?.values() ?? [])
      for (const other of files) {
        const o = this.byUri.get(other)!;
        if (other === uri || !o.slash || o.slash === site.slash) continue;
        const t = o.trigger.trim();
        if (site.slash === 'slash' ? t.startsWith(`${parent} `) : t === parent) others.push(o);
      }
    if (others.length === 0) return undefined;
    others.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    return { site, others };
  }

  /** The file's trigger and the other files of its folder with the same trigger. */
  duplicatesOf(uri: string): { site: TriggerSite; others: TriggerSite[] } | undefined {
    const site = this.byUri.get(uri);
    if (!site) return undefined;
    const set = this.byFolder.get(folderOf(uri))?.get(site.trigger);
    if (!set || set.size < 2) return undefined;
    const others: TriggerSite[] = [];
    for (const other of set) if (other !== uri) others.push(this.byUri.get(other)!);
    others.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    return { site, others };
  }

  /**
   * The engine's lookup of the command for a component's interaction: the one
   * whose trigger is `onInteraction{id}`, else `onInteraction`, kept only when
   * its type is interaction (the catch-all is not tried when the first exists
   * with another type). `wrongType`: a file found whose type is not interaction.
   */
  interactionCommand(uri: string, id: string): { handled: boolean; wrongType?: string } {
    const folder = this.byFolder.get(folderOf(uri));
    const found = folder?.get(`onInteraction{${id}}`) ?? folder?.get('onInteraction');
    if (!found || found.size === 0) return { handled: false };
    for (const file of found) if (this.byUri.get(file)?.interaction) return { handled: true };
    return { handled: false, wrongType: found.values().next().value as string };
  }

  /** The custom IDs the `onInteraction{id}` commands of the folder of `uri` handle, each with one of its files. */
  interactionHandlers(uri: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const [trigger, files] of this.byFolder.get(folderOf(uri)) ?? []) {
      const id = trigger.startsWith('onInteraction{') && trigger.endsWith('}') ? trigger.slice(14, -1) : '';
      // An ID with spaces around it is no ID a component can have (the engine trims arguments).
      const typed = [...files].find((file) => this.byUri.get(file)?.interaction);
      if (id !== '' && id === id.trim() && typed !== undefined) out.set(id, typed);
    }
    return out;
  }

  /**
   * The files of the folder whose trigger is this file's trigger cut before
   * a space (`!ticket` for `!ticket close`): a message starting with this
   * trigger matches theirs too (the engine's prefix match: the trigger, then
   * nothing or a space). Not for slash triggers, nor for triggers the engine
   * fills in at run time.
   */
  shadowsOf(uri: string): { site: TriggerSite; others: TriggerSite[] } | undefined {
    const site = this.byUri.get(uri);
    if (!site) return undefined;
    const trigger = site.trigger.trim();
    // Slash and sub-slash commands ("/ticket close") are looked up by their exact name, not by a prefix match.
    if (site.notPrefix || !/\s/.test(trigger) || trigger.startsWith('/') || (trigger.includes('Z') && trigger.includes('{'))) return undefined;
    const folder = this.byFolder.get(folderOf(uri));
    if (!folder) return undefined;
    const others: TriggerSite[] = [];
    for (let i = 1; i < trigger.length; i++) {
      if (!/\s/.test(trigger[i]) || /\s/.test(trigger[i - 1])) continue;
      const shorter = folder.get(trigger.slice(0, i));
      if (shorter) for (const other of shorter) if (other !== uri && !this.byUri.get(other)!.notPrefix) others.push(this.byUri.get(other)!);
    }
    return others.length ? { site, others } : undefined;
  }
}

/**
 * The warning on a file whose trigger starts with another file's trigger and
 * a space: the engine tries the commands in no set order (a hash map's,
 * different at each start) and runs the first that matches, so a message
 * for this command may run the other one.
 */
export function triggerOverlapFinding(site: TriggerSite, others: readonly TriggerSite[]): AnalysisDiagnostic {
  const other = others[0];
  const name = fileNameOf(other.uri);
  return {
    code: 'trigger-overlap',
    severity: 'warning',
    start: site.start,
    end: site.end,
    message: `A message "${site.trigger.trim()}" also starts with "${other.trigger.trim()}", the trigger of ${name}: the engine tries the commands in no set order and runs the first that matches, so which of the two answers changes from one start of the bot to the next. Give this command a trigger that does not start with another's and a space.`,
  };
}

/** The warning on a file whose cooldown other commands of its folder share, by having its name. */
export function sharedCooldownFinding(site: TriggerSite, others: readonly TriggerSite[]): AnalysisDiagnostic {
  const names = others.map((o) => `${fileNameOf(o.uri)} (${o.trigger.trim()})`);
  return {
    code: 'shared-cooldown',
    severity: 'warning',
    start: site.start,
    end: site.end,
    message: `This command takes a cooldown, the engine keeps cooldowns by the command's name, and ${names.join(', ')} ${others.length === 1 ? 'has' : 'have'} this command's name, "${site.command}", with a cooldown of ${others.length === 1 ? 'its' : 'their'} own: using one command starts the cooldown of the other${others.length === 1 ? '' : 's'} too. Give each command its own #name.`,
  };
}

/**
 * The error on a file whose trigger other files of its folder share
 * (offsets in that file). A trigger the catalog lists is an event's name:
 * the files then handle the same event rather than answer the same command.
 */
export function duplicateTriggerFinding(site: TriggerSite, others: readonly TriggerSite[], catalog: Catalog): AnalysisDiagnostic {
  const sameEvent = catalog.getTrigger(site.trigger) !== undefined;
  const names = others.map((o) => fileNameOf(o.uri));
  return {
    code: 'duplicate-trigger',
    // The engine drops all but one of the files, silently: as good as refusing them (the severity rule's error).
    severity: 'error',
    start: site.start,
    end: site.end,
    message: `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} the same trigger "${site.trigger}": the engine keeps its commands by trigger, so only one of these files is loaded, and which one is not defined. Files that ${sameEvent ? 'handle the same event' : 'have the same trigger'} must be merged into one.`,
  };
}

/**
 * The warnings on the components of a file whose clicks (or submission) no
 * command of its commands folder handles: the engine looks for the command
 * with the trigger `onInteraction{id}`, then `onInteraction`, and without one
 * it acknowledges the interaction and does nothing. Only for a folder whose
 * every command file is known (the caller's to check): a handler the index
 * has not seen would make the warning wrong.
 */
export function unhandledInteractionFindings(uri: string, ids: readonly CustomIdOccurrence[], triggers: CommandTriggers): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = [];
  let handlers: Map<string, string> | undefined;
  for (const id of ids) {
    if (!id.sends) continue;
    const command = triggers.interactionCommand(uri, id.name);
    if (command.handled) continue;
    const base = `No command of this bot handles the custom ID "${id.name}": when the component is used (clicked, chosen or submitted), the engine runs the command whose trigger is onInteraction{${id.name}}, or else onInteraction, `;
    if (command.wrongType !== undefined) {
      out.push({
        code: 'interaction-not-handled',
        severity: 'warning',
        start: id.start,
        end: id.end,
        message: `${base}but only when its #type is interaction, and ${fileNameOf(command.wrongType)}, the command it finds, has another type, so nothing happens. Write "#type interaction" in ${fileNameOf(command.wrongType)}.`,
      });
      continue;
    }
    handlers ??= triggers.interactionHandlers(uri);
    const meant = closest(
      id.name,
      [...handlers.keys()].filter((h) => h !== id.name),
    );
    out.push({
      code: 'interaction-not-handled',
      severity: 'warning',
      start: id.start,
      end: id.end,
      message:
        `${base}and this commands folder has neither, so nothing happens. ` +
        (meant !== undefined
          ? `${fileNameOf(handlers.get(meant)!)} handles "${meant}": is that the ID meant?`
          : `Add a command with "#trigger onInteraction{${id.name}}" and "#type interaction".`),
      fixes: meant === undefined ? undefined : [{ title: `Use the handled ID "${meant}"`, edits: [{ start: id.start, end: id.end, newText: meant }] }],
    });
  }
  return out;
}

/**
 * Whether `known` (file URIs) holds every command file of the bot `uri`
 * belongs to: its folder is the `commands/` folder next to a zbr.json, and
 * each `.zbr` file in it on disk is among them (a workspace scan that has not
 * reached the folder, a file excluded or over the size limit, a single file
 * checked without the others: not known). Checks that conclude from what no
 * file of the bot has rely on it.
 */
export function wholeBotKnown(
  uri: string,
  known: Iterable<string>,
  disk: { isBotRoot(folderUri: string): boolean; commandFiles?(folderUri: string): readonly string[] | undefined },
): boolean {
  const folder = folderOf(uri);
  if (!disk.commandFiles || !folder.endsWith('/commands') || !disk.isBotRoot(folder.slice(0, -'/commands'.length))) return false;
  const names = disk.commandFiles(folder);
  if (!names) return false;
  const here = new Set<string>();
  for (const file of known) if (folderOf(file) === folder) here.add(fileNameOf(file));
  return names.every((name) => here.has(name));
}

/**
 * Why the engine never loads a file at this URI, if it does not: it lies in a
 * subfolder of a `commands/` folder that sits next to a `zbr.json` (checked by
 * `isBotRoot`, given the folder that would hold zbr.json).
 */
export function notLoadedReason(uri: string, isBotRoot: (folderUri: string) => boolean): string | undefined {
  const folder = folderOf(uri);
  const segments = folder.split('/');
  // The nearest `commands` ancestor that is not the file's own folder.
  for (let i = segments.length - 2; i >= 1; i--) {
    if (segments[i] !== 'commands') continue;
    const root = segments.slice(0, i).join('/');
    if (!isBotRoot(root)) continue;
    const sub = segments
      .slice(i + 1)
      .map(decodeSegment)
      .join('/');
    return `The engine loads only the files directly in commands/ (next to zbr.json), not those in its subfolder "${sub}": this command is never loaded. Move it up into commands/.`;
  }
  return undefined;
}

/**
 * The finding on a file the engine never loads (see notLoadedReason), or
 * undefined: a warning (a command sorted into commands/moderation/ never
 * exists), information in a folder whose name says its files are set aside
 * (commands/disabled/, old/, drafts/...).
 */
export function notLoadedFinding(uri: string, isBotRoot: (folderUri: string) => boolean): AnalysisDiagnostic | undefined {
  const reason = notLoadedReason(uri, isBotRoot);
  if (reason === undefined) return undefined;
  // Only the folders inside commands/ say so (a bot kept in test/mybot/ or backup/ is a bot like any other).
  const segments = folderOf(uri).split('/');
  const commands = segments.lastIndexOf('commands', segments.length - 2);
  const setAside = segments.slice(commands + 1).some((segment) => SET_ASIDE.test(decodeSegment(segment)));
  return { code: 'file-not-loaded', severity: setAside ? 'information' : 'warning', start: 0, end: 0, message: reason };
}

/** Folder names for files kept out of the bot on purpose. */
const SET_ASIDE = /^[._-]*(?:disabled?|inactive|old|archived?|unused|backups?|bak|wip|drafts?|templates?|examples?|samples?|trash|deprecated|tests?)[._-]*$/i;

/** A file URI's name as the file system has it (`commands/my%20cmd.zbr`: "my cmd.zbr"). */
function fileNameOf(uri: string): string {
  return decodeSegment(uri.slice(uri.lastIndexOf('/') + 1));
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The error on a slash command whose name a sub-slash command of its folder uses as its parent, or the other way round. */
export function slashSharedFinding(site: TriggerSite, others: readonly TriggerSite[]): AnalysisDiagnostic {
  const names = others.map((o) => `${fileNameOf(o.uri)} (${o.trigger.trim()})`).join(', ');
  const parent = site.slash === 'slash' ? site.trigger.trim() : site.trigger.trim().split(' ')[0];
  return {
    code: 'slash-name-shared',
    severity: 'error',
    start: site.start,
    end: site.end,
    message: `${site.slash === 'slash' ? `The sub-slash command${others.length === 1 ? '' : 's'} ${names} ${others.length === 1 ? 'has' : 'have'} this command's name as ${others.length === 1 ? 'its' : 'their'} parent` : `The slash command ${names} has this command's parent name`}: the engine registers the sub-slash commands under a parent ${parent}, which replaces the slash command ${parent} (or Discord refuses the parent, whose options are then mixed with subcommands), so one of them never appears. Rename the slash command, e.g. make it a sub-slash command of its own (${parent} open).`,
  };
}
