/**
 * Every finding on a file that depends on the other files of its bot, as the
 * language server and zscript-check both report them: a trigger another file
 * has (duplicate-trigger), a trigger another one starts with (trigger-overlap),
 * a command name and cooldown another shares (shared-cooldown), a folder the
 * engine never reads (file-not-loaded), and, only where every command file of
 * the bot is known, a component no command handles (interaction-not-handled),
 * a saved variable read under a name no command saves (saved-variable-misnamed),
 * a modal input no modal has (input-not-in-modal) and a component edit that
 * takes the message's other components away (components-replaced).
 */
import type { Catalog } from '../catalog/catalog';
import type { BotNames } from './botNames';
import {
  type CommandTriggers,
  cooldownOf,
  duplicateTriggerFinding,
  notLoadedFinding,
  sharedCooldownFinding,
  slashSharedFinding,
  type TriggerSite,
  triggerOverlapFinding,
  unhandledInteractionFindings,
} from './commandLayout';
import type { AnalysisDiagnostic } from './diagnostic';
import type { FileIndex } from './workspaceIndex';

export interface CrossFileSources {
  readonly catalog: Catalog;
  readonly triggers: CommandTriggers;
  readonly names: BotNames;
  /** Whether a folder holds a bot's zbr.json (for file-not-loaded); absent: never. */
  readonly isBotRoot?: (folder: string) => boolean;
  /** Whether every command file of the file's bot is known: the checks that conclude from what no file has rely on it. */
  wholeBotKnown(uri: string): boolean;
  /** The file's index entry (asked only when the bot is known whole). */
  indexOf(uri: string): FileIndex | undefined;
  /**
   * What makes two commands of one name aliases (aliasSignature): asked only
   * of files that share a command name.
   */
  cooldownIn?(uri: string): string | undefined;
}

/**
 * Two commands of one name are one command's aliases (`!daily`, `!diario`)
 * when they do the same: the same calls in the same order with the same
 * numbers (their texts may be in other languages), and so the same
 * cooldown and saved variables. A copy made into another command (`!crime`
 * from `!work`) changes its calls or amounts. Undefined when the file takes
 * no cooldown.
 */
export function aliasSignature(text: string, index: FileIndex | undefined): string | undefined {
  const cooldown = cooldownOf(text);
  if (cooldown === undefined) return undefined;
  const saved = new Set<string>();
  for (const v of index?.variables ?? []) if (v.access === 'set' && v.scope !== 'temporary') saved.add(`${v.scope} ${v.name}`);
  // Headers aside (the trigger, #name, #description differ between aliases).
  const body = text.replace(/^[ \t]*#.*$/gm, '');
  const steps = body.match(/Z[A-Za-z]+|\d+/g) ?? [];
  return `${cooldown}\n${[...saved].sort().join('\n')}\n${steps.join(' ')}`;
}

/** A finding, with the other files' triggers it concerns (the server shows them as related information). */
export interface CrossFileFinding {
  readonly diagnostic: AnalysisDiagnostic;
  readonly related?: readonly { readonly site: TriggerSite; readonly message: string }[];
}

export function crossFileFindings(uri: string, sources: CrossFileSources): CrossFileFinding[] {
  const out: CrossFileFinding[] = [];
  const { triggers } = sources;
  const dup = triggers.duplicatesOf(uri);
  if (dup)
    out.push({
      diagnostic: duplicateTriggerFinding(dup.site, dup.others, sources.catalog),
      related: dup.others.map((site) => ({ site, message: `the same trigger "${site.trigger}"` })),
    });
  const shared = triggers.sharedCooldownOf(uri, sources.cooldownIn);
  if (shared)
    out.push({
      diagnostic: sharedCooldownFinding(shared.site, shared.others),
      related: shared.others.map((site) => ({ site, message: `the command "${site.trigger}", with the same name` })),
    });
  const shadows = triggers.shadowsOf(uri);
  if (shadows)
    out.push({
      diagnostic: triggerOverlapFinding(shadows.site, shadows.others),
      related: shadows.others.map((site) => ({ site, message: `the trigger "${site.trigger}"` })),
    });
  const slash = triggers.slashSharedOf(uri);
  if (slash)
    out.push({
      diagnostic: slashSharedFinding(slash.site, slash.others),
      related: slash.others.map((site) => ({ site, message: `the command "${site.trigger.trim()}"` })),
    });
  const notLoaded = sources.isBotRoot ? notLoadedFinding(uri, sources.isBotRoot) : undefined;
  if (notLoaded) out.push({ diagnostic: notLoaded });
  // The folder first: an open file's index entry is built again after each edit, a cost only a bot's command needs to pay.
  if (!sources.wholeBotKnown(uri)) return out;
  const index = sources.indexOf(uri);
  if (!index) return out;
  const add = (list: readonly AnalysisDiagnostic[]) => {
    for (const diagnostic of list) out.push({ diagnostic });
  };
  if (index.customIds.some((id) => id.sends)) add(unhandledInteractionFindings(uri, index.customIds, triggers));
  add(sources.names.misnamedVariables(uri, index.variables));
  if (index.flagCompares) add(sources.names.flagComparisons(uri, index.flagCompares));
  const handled = interactionHandled(triggers.siteOf(uri));
  if (handled !== null) add(sources.names.unknownInputs(uri, handled, index.fieldUses));
  if (index.reactionEventUnguarded) add(sources.names.botReactions(uri, index.reactionEventUnguarded));
  // A command that makes components of its own answers with them (Zupdate puts them back on the message).
  if (handled && index.componentEdits && !index.customIds.some((id) => id.sends)) add(sources.names.replacedComponents(uri, handled, index.componentEdits));
  return out;
}

/**
 * The file's own findings that the other files of its bot prove wrong, as a
 * test on a finding's code and the text it covers; undefined when none can
 * be. So far: saved-variable-unset on ZgetServerVar{name} or ZgetVar{name} in
 * the command that answers a component (onInteraction{id}) when every command
 * that makes that component sets the variable first (a poll panel that sets
 * its counts to 0 before adding its buttons): a click finds the value set.
 * For a modal also ZgetUserVar{name}: its submitter is the user it was shown
 * to, whose variable the command that showed it set (a captcha's tries).
 * ZgetChannelVar{name} where the maker answers in its own channel (a game's
 * round state): the click comes from that channel. And the findings on a
 * modal's answer (update-in-modal-reply, components-in-modal-reply) in the
 * command of an ID that only a button or menu has: it answers a click.
 */
export function crossFileSettled(uri: string, sources: CrossFileSources): ((code: string, text: string) => boolean) | undefined {
  if (!sources.wholeBotKnown(uri)) return undefined;
  const handled = interactionHandled(sources.triggers.siteOf(uri));
  if (handled === null || handled === undefined) return undefined;
  // A button's or menu's command that reads ZinputValue by mistake (input-not-in-modal says so) answers no modal.
  const clickOnly = sources.names.answersComponentOnly(uri, handled);
  const set = sources.names.setBeforeComponent(uri, handled);
  if (!clickOnly && (!set || set.size === 0)) return undefined;
  return (code, text) => {
    if (clickOnly && MODAL_ANSWER_CODES.has(code)) return true;
    if (code !== 'saved-variable-unset' || !set) return false;
    const m = /^Zget(Server|User|Channel)?Var\{([^{};]+)\}$/.exec(text);
    return m !== null && set.has(`${m[1] ? m[1].toLowerCase() : 'global'} ${m[2].trim()}`);
  };
}

/**
 * The file's own findings on the answer to a submitted modal, which a command that answers a click does not give
 * (message-in-slash: in an interaction command, only said of Zmessage in a modal's answer; a menu's gives its choice).
 */
const MODAL_ANSWER_CODES: ReadonlySet<string> = new Set(['update-in-modal-reply', 'components-in-modal-reply', 'message-in-slash']);

/**
 * The custom ID a command answers (a component's use, a modal's
 * submission): `onInteraction{id}`'s id, undefined for the catch-all
 * `onInteraction`; null for any other command, and for one the engine does
 * not run as an interaction command.
 */
function interactionHandled(site: TriggerSite | undefined): string | undefined | null {
  if (!site?.interaction) return null;
  const trigger = site.trigger.trim();
  if (trigger === 'onInteraction') return undefined;
  const m = /^onInteraction\{([^{}]*)\}$/.exec(trigger);
  return m && m[1] !== '' ? m[1] : null;
}
