/**
 * The file-level checks: one walk over the statements' summaries in file
 * order (silencing comments, headers, order facts, component IDs), then the
 * checks that need the whole file (missing trigger, trigger vs #type, event
 * context, modal/menu parts, undeclared options).
 *
 * CONTRACT for every check in this file (the Analyzer's refold relies on it):
 * read the statements' summaries (facts.ts), kinds and starts, and the
 * catalog, nothing else of the tree; ask for called names only through
 * `allCalls.has`. After an edit that replaced statements by ones with the
 * same kinds and equal facts (sameFacts; of the called names, only those
 * asked about), the Analyzer does not run this walk again: it reuses the
 * previous findings with their offsets moved. So a check that read anything
 * else (a statement's text, its nodes, a name not asked through allCalls)
 * would keep stale results after such an edit. A new fact a check needs goes
 * into StatementSummary, recorded by the per-statement rules (rules/). One
 * exception: guard-after-action's fix inserts the guard's line as written,
 * and refold reads it again (moveFixText).
 * test/lsp/diagnostics-incremental.test.ts compares incremental results with
 * fresh ones.
 */
import type { Catalog } from '../catalog/catalog';
import type { TriggerRecord } from '../catalog/types';
import { engineFacts } from '../catalog/engine';
import {
  CONTEXT_DEPENDENT_FUNCTIONS,
  CONTEXT_ALWAYS,
  CONTEXT_HALTS,
  CONTEXT_PANICS,
  MEMBER_GONE_EVENTS,
  USER_VARIABLE_MEMBER_AT,
} from '../language/eventContext';
import { StatementKind, type SyntaxTree } from '../syntax/tree';
import { getterOf, readAsZeroWhileUnset, setterOf } from '../language/variableFunctions';
import type { AnalysisDiagnostic, DiagnosisParts } from './diagnostic';
import type { DiagnosticCode } from './codes';
import { checkComponentCounts } from './componentCounts';
import { checkSlashRegistration, isDiscordName, type RegistrationLine } from './slashRegistration';
import { handledCustomId } from './headerInfo';
import type { ComponentRowPart, PrintedResult, ReportWhen, SavedScope, StatementResult } from './facts';
import { COMMAND_TYPE_WORDS, optionRequired } from '../language/headerWords';
import { engineTriggerStatement, type LoaderDivergence, readAsLoader } from './engine/loader';
import { COOLDOWNS, PRINTED_RESULTS } from './rules/callFacts';
import { CallNames, type CallNamesBefore } from './callNames';
import { closest } from './suggest';
import { engineEmbedIndex, FileWalk, MESSAGE_LIMIT, type SavedRead } from './fileWalk';

export { moveFixText } from './fileWalk';

/**
 * no-reply: a slash command or interaction whose answer is certainly empty.
 * The engine answers with the command's text even when it is empty, which
 * Discord refuses; an interaction is acknowledged without a message after
 * Zdefer (not when it answers a submitted modal) or when Zstop ends it, and a
 * slash command that Zstop ends gets no answer at all. `stop`: the first
 * Zstop at a line's top level; `at`: where to report.
 */
function noReply(type: string, at: { start: number; end: number }, answersModal: boolean, stop: 'none' | 'sent' | 'silent' | 'text'): AnalysisDiagnostic {
  const seen = type === 'interaction' ? '"This interaction failed"' : '"The application did not respond"';
  const defer = type === 'interaction' && !answersModal ? ', or acknowledge the click without a reply with Zdefer' : '';
  const message =
    stop === 'text'
      ? `Zstop ends the command here and throws away the text written before it: with no embed built before it the engine sends the slash command no answer, and the user sees ${seen}. Remove Zstop, or stop only in a Zif branch.`
      : stop === 'sent'
        ? `This command sends its embed elsewhere with ZsendEmbed, and the reply leaves a sent embed out: it writes no text, so the engine answers ${type === 'interaction' ? 'the interaction' : 'the slash command'} with an empty message, which Discord refuses, and the user sees ${seen}. Add a line of text to reply with, such as Sent!${defer}.`
        : stop === 'silent'
          ? `This command writes nothing (no text, embed or component), and Zstop ends it with nothing to send: the engine sends the slash command no answer, and the user sees ${seen}. Zstop throws away any text written before it: remove it, and write a line of text to reply with.`
          : `This command writes nothing when it runs to the end (no text, embed or component), so the engine answers ${type === 'interaction' ? 'the interaction' : 'the slash command'} with an empty message, which Discord refuses: the user sees ${seen}. Add a line of text to reply with, such as Saved!${defer}.`;
  return { code: 'no-reply', severity: 'warning', start: at.start, end: at.end, message };
}

/**
 * A prefix trigger written as a list of names (`!ping, !p`, `!ping | !p`,
 * `!ping !p`): a later word starts with the first one's prefix sign. A
 * trigger of several words (`!ticket close`) or a phrase (`hey, bot`) is
 * none of these.
 */
function isTriggerList(trigger: string): boolean {
  // Only triggers with a prefix sign: "hey, bot" is one phrase.
  const sign = trigger.charAt(0);
  if (sign === '' || /[\p{L}\p{N}\s]/u.test(sign)) return false;
  return trigger
    .split(/[\s,|]+/)
    .slice(1)
    .some((word) => word.length > 1 && word.charAt(0) === sign && word.charAt(1) !== sign);
}

/** The walk's findings for a tree, and what refold needs to reuse them. */
export interface FileDiagnosis {
  parts: DiagnosisParts;
  /** The called names the checks asked about (refold compares only those). */
  calls: CallNames;
  /** Statement index -> codes silenced by a `// zscript-disable-next-line` above it (null: all). */
  lineSilence: ReadonlyMap<number, string[] | null>;
  /** A Zalias defines names: statements' unknown-function diagnostics depend on other statements (no refold). */
  hasAliases?: boolean;
  /** Indices of the statements with embed parts, in order (embedDiagnostics). */
  embedStatements: readonly number[];
  /** The statement holding the trigger the engine keeps (engineTriggerStatement), -1 when none; the cross-file layout reads it. */
  triggerStatement: number;
  /** The value of the last `#name` line the engine reads (the command's name), if any. */
  commandName: string | undefined;
  /** An `#option` line the engine reads makes its loader refuse the file. */
  optionRefused: boolean;
}

/** `results`: every statement's result, in order. */
/** `before`: the same file before an edit, whose answers about called names carry over (see CallNames). */
export function diagnoseFile(tree: SyntaxTree, results: readonly StatementResult[], catalog: Catalog, before?: CallNamesBefore): FileDiagnosis {
  const allCalls = new CallNames(results, before);
  // The engine's loader first: which header lines it reads as directives, and where its statements part from the tree's.
  const statements = tree.statements;
  const starts = tree.starts;
  const loader = readAsLoader({
    count: statements.length,
    kind: (i) => (results[i].summary.bom ? StatementKind.Body : results[i].kind),
    start: (i) => starts[i],
    end: (i) => starts[i + 1],
    lines: (i) => results[i].summary.loader,
  });
  const bom = results.length > 0 && results[0].summary.bom === true;
  const triggerAt = engineTriggerStatement(loader, (i) => (results[i].summary.bom ? undefined : results[i].summary.header?.engine));
  const hasTrigger = triggerAt >= 0;
  const evalRuns = allCalls.has('Zeval');
  const w = new FileWalk(tree, results, loader, evalRuns);
  const out = w.out;
  if (bom) {
    out.push({
      code: 'byte-order-mark',
      severity: 'error',
      start: 0,
      end: 1,
      message: bomMessage(results[0].summary.header?.name),
      fixes: [{ title: 'Remove the byte-order mark', edits: [{ start: 0, end: 1, newText: '' }], preferred: true }],
    });
  } else if (tree.text.charCodeAt(0) === 0xfeff) {
    // Before a comment, a blank line or text: the engine's trim keeps U+FEFF (it is no white space), so the
    // line is a statement whose output starts with the mark (loader.rs, parser.rs strip_inline_comments).
    out.push({
      code: 'byte-order-mark',
      severity: 'warning',
      start: 0,
      end: 1,
      message:
        "The file starts with a byte-order mark, which the engine reads as text: the command's answer starts with that invisible character, and where the command was to write nothing it sends a message holding only the mark. Save the file as UTF-8 without BOM.",
      fixes: [{ title: 'Remove the byte-order mark', edits: [{ start: 0, end: 1, newText: '' }], preferred: true }],
    });
  }
  let lastLine = tree.statements.length - 1;
  while (lastLine > 0 && (tree.statements[lastLine].kind === StatementKind.Blank || tree.statements[lastLine].kind === StatementKind.Comment)) lastLine--;
  for (const d of loader.divergences) {
    // A call left open to the end of the file is the syntax error's to report (unclosed-call says the engine drops it).
    if (d.kind === 'dropped' && !d.cause && d.firstStatement === lastLine) continue;
    // A stray } is the syntax error's to report (stray-brace says what the engine does then).
    if (d.cause?.kind === 'negative') continue;
    out.push(divergenceDiagnostic(d, tree));
  }
  w.run();
  const { lineSilence, fileSilence, perStatement, embedStatements, aliases } = w;
  let triggerValue: { value: string; start: number; end: number } | undefined;
  const loopCount = out.length;
  if (hasTrigger) {
    const triggerHeader = results[triggerAt].summary.header!;
    triggerValue = { value: triggerHeader.value, start: starts[triggerAt] + triggerHeader.valueStart, end: starts[triggerAt] + triggerHeader.valueEnd };
  }

  // File-level checks.
  reportAfterWalk(w);
  if (!hasTrigger && !bom) {
    out.push({
      code: 'missing-trigger',
      severity: 'error',
      start: 0,
      end: 0,
      // The fix needs the file's name (a trigger line without a value is ignored too): the code actions add it.
      message: 'This file has no "#trigger " line the engine recognises, so the engine does not load it ("Missing #trigger"). Add one, e.g. "#trigger !ping".',
    });
  }
  out.push(...embedDiagnostics(embedStatements, results, (i) => tree.starts[i]));
  const type = w.type;
  if (triggerValue) checkTrigger(triggerValue, type, catalog, out);
  const eventTrigger = type === 'event' && triggerValue ? catalog.getTrigger(triggerValue.value.trim()) : undefined;
  // An event about no channel has nowhere to answer: the engine drops the output unless ZuseChannel names one.
  // onChannelDelete's channel is the one just deleted: the engine sends there, and the failure is dropped (bot.rs 802-825, 1562).
  const outputDropped =
    eventTrigger !== undefined && (eventTrigger.context.channel === null || eventTrigger.name === 'onChannelDelete') && !allCalls.has('ZuseChannel');
  if (type === 'event' && triggerValue) checkEventCommand(w, eventTrigger, outputDropped, allCalls, catalog);
  checkTypeBoundParts(w, hasTrigger, triggerValue);
  reportConditional(w, type, eventTrigger, allCalls, triggerValue, out);
  // Every run starts in Asia/Tokyo (executor.rs 134): a clock or date shown without Ztime{zone} is Tokyo's.
  if (w.zoneRead && !w.setsZone)
    out.push({
      code: 'default-time-zone',
      severity: 'information',
      start: w.zoneRead.start,
      end: w.zoneRead.end,
      message: `The engine starts every run in the Asia/Tokyo time zone, and this command does not choose one: ${w.zoneRead.name} gives Tokyo's ${w.zoneRead.name === 'Zhour' ? 'hour' : 'date and time'}. If that is not what your members expect, choose yours first with Ztime{...} (Ztime{Europe/London}, Ztime{America/New_York}, Ztime{UTC}).`,
    });
  // Ztime{zone} sets the zone for the calls after it (time/time.rs): a clock read before the first one is Tokyo's.
  // A file that chooses several zones shows several clocks on purpose (Tokyo's first, the engine's default, then others).
  if (w.zoneRead && w.setsZone && w.zoneSets === 1 && w.zoneRead.start < w.setsZone.start) {
    out.push({
      code: 'time-zone-too-late',
      severity: 'warning',
      start: w.setsZone.start,
      end: w.setsZone.end,
      message: `Ztime{...} chooses the time zone for the calls after it only: the ${w.zoneRead.name} before it still gives Tokyo's ${w.zoneRead.name === 'Zhour' ? 'hour' : 'date and time'} (the engine's default). Move this Ztime line to the top of the command.`,
    });
  }
  checkReply(w, triggerValue, hasTrigger, allCalls, outputDropped);
  // The text written outside calls alone passes Discord's limit on a message (what calls write comes on top).
  if (w.replyTooLong && !outputDropped && w.stop === undefined)
    out.push({
      code: 'limit-exceeded',
      severity: 'error',
      ...w.replyTooLong,
      message: `The command's text passes ${withThousands(MESSAGE_LIMIT)} characters here (${withThousands(w.replyLength)} in all, counting only the text outside calls), and Discord refuses a message longer than that: the engine sends nothing${type === 'slash' || type === 'sub-slash' ? ', and the user sees "The application did not respond"' : ''}. Put the long text in an embed (Zdescription{...} takes up to 4,096 characters), or send it in parts with ZsendMessage.`,
    });
  checkOptionReads(w);
  checkOptionalOptionReads(w);

  // `// zscript-disable-next-line` also covers the file-level checks' diagnostics that land on that statement.
  const silencedRanges: { start: number; end: number; codes: string[] | null }[] = [];
  for (const [j, codes] of lineSilence) {
    if (j < tree.statements.length) silencedRanges.push({ start: tree.starts[j], end: tree.starts[j + 1], codes });
  }
  for (const r of w.innerSilence) silencedRanges.push(r);
  const parts: DiagnosisParts = { statements: perStatement, fileLevel: out, loopCount, fileSilence, silencedRanges };
  return {
    parts,
    calls: allCalls,
    lineSilence,
    hasAliases: aliases.size > 0,
    embedStatements,
    triggerStatement: hasTrigger ? triggerAt : -1,
    commandName: w.commandName,
    optionRefused: w.optionRefused,
  };
}

/** The statements' prepared diagnostics whose condition holds for the file (StatementSummary.reportIf), each condition decided once. */
function reportConditional(
  w: FileWalk,
  type: string | undefined,
  eventTrigger: TriggerRecord | undefined,
  allCalls: CallNames,
  triggerValue: { value: string } | undefined,
  out: AnalysisDiagnostic[],
): void {
  if (w.reportIf.length === 0) return;
  const decided = new Map<ReportWhen, boolean>();
  const holds = (when: ReportWhen): boolean => {
    let answer = decided.get(when);
    if (answer === undefined) {
      answer = conditionHolds(when);
      decided.set(when, answer);
    }
    return answer;
  };
  const conditionHolds = (when: ReportWhen): boolean => {
    switch (when) {
      // A typed word is a mention's <@id> in a prefix command only (a slash command's Zmessage{1} is an option's value).
      case 'prefix-command':
        return isPrefixType(type);
      case 'not-prefix-command':
        return !isPrefixType(type);
      case 'reads-mentions':
        return isPrefixType(type) && (allCalls.has('Zmentioned') || allCalls.has('ZisMentioned'));
      // Where the first word is compared with a word of the command's own, or tested as a number, it is not the mention.
      case 'first-word-mention':
        return holds('reads-mentions') && !w.firstWordNamed;
      // A member added, or mentioned (which adds them to a private thread they can see), is what a private thread needs.
      case 'thread-without-member':
        return !w.writesMention && !allCalls.has('ZthreadAddMember');
      case 'loop-index-positional':
        return !w.loopIndexObject;
      // Mentions and custom emoji are everyday text in the events that run on every chat message.
      case 'chat-message-event':
        return type === 'event' && (eventTrigger?.name === 'onMessage' || eventTrigger?.name === 'onMessageEdit');
      // ZtextSplit keeps the spaces of its items (textSplit.rs): joined with "," they read "a, b" again.
      case 'no-text-split':
        return !allCalls.has('ZtextSplit');
      // A prefix command (a slash command's Zmentioned is empty anyway: message-in-slash) that checks for no mention.
      case 'mention-untested':
        return isPrefixType(type) && !w.mentionTested && !allCalls.has('ZisMentioned');
      case 'no-user-agent':
        return !w.setsUserAgent;
      case 'no-accept-header':
        return !w.setsAccept;
      case 'count-untested':
        return !w.countKnown;
      case 'refusal-untested':
        return !w.resultTested;
      case 'list-api-requested':
        // The engine keeps the last answer only (http/helpers.rs): after a request elsewhere a word key may be right.
        return w.listApi && !w.otherApi;
      case 'not-staff-only':
        return !w.staffOnly;
      case 'poll-sent':
        return w.pollSendUncaught;
      case 'poll-sent-caught':
        return !w.pollSendUncaught && w.pollSendCaught;
      case 'staff-only-member-named':
        return w.staffOnly && holds('reads-mentions');
      case 'not-owner-only':
        return !w.ownerOnly;
      case 'no-code-block':
        return !w.codeBlock;
      case 'count-untested-outside-json':
        return !w.countKnown && w.outsideJson;
      // Zreply in a prefix command: the answer refers to the command's own message.
      // Not with ZuseChannel: the answer then goes to that channel as no reply (bot.rs send_response).
      case 'replies-later':
        return isPrefixType(type) && allCalls.has('ZreplyIn');
      case 'modal-answer':
        return answersModalOnly(w, triggerValue);
      case 'event-without-message':
        return eventTrigger !== undefined && eventTrigger.context.target === null && eventTrigger.context.channel !== null;
      case 'event-without-channel':
        return eventTrigger !== undefined && eventTrigger.context.target === null && eventTrigger.context.channel === null;
      // Reactions the reply gets, not the command's own message (ZaddCmdReactions: then the saved ID is the right one).
      case 'reply-decorated':
        return isPrefixType(type) && allCalls.has('ZaddReactions') && !allCalls.has('ZaddCmdReactions');
      case 'replies-in-prefix':
        return isPrefixType(type) && allCalls.has('Zreply') && !allCalls.has('ZuseChannel');
      // A file that tests an image getter somewhere handles the missing image its own way.
      case 'image-untested':
        return !w.imageTested;
      case 'zone-chosen':
        return w.setsZone !== undefined;
      case 'split-has-items':
        return w.splitSure && !w.splitMaybeNone;
      case 'author-roles-untested':
        return !w.imageTested && !w.authorHasRole;
      // `prefix-word-untested:n`: a word tested as a number (ZonlyIf{ZisNumber{Zmessage{1}}==true;...}) reaches the
      // lines after it as digits, never a mention. `role-option:name`: a role option, whose value is the bare ID (bot.rs).
      // `saved-untested:scope:name`: no condition of the file tests that saved variable, nor sets it first.
      default:
        if (when.startsWith('role-option:')) return w.roleOptions.has(when.slice('role-option:'.length));
        if (when.startsWith('option-boolean:')) return w.booleanOptions.has(when.slice('option-boolean:'.length));
        // Discord always sends a slash command's required option, and never empty.
        if (when.startsWith('option-required:'))
          return (type === 'slash' || type === 'sub-slash') && w.requiredOptions.has(when.slice('option-required:'.length));
        if (when.startsWith('option-not-required:')) return !holds(`option-required:${when.slice('option-not-required:'.length)}`);
        if (when.startsWith('chat-message-copy:')) return holds('chat-message-event') && w.userTextCopies.has(when.slice('chat-message-copy:'.length));
        if (when.startsWith('json-list:')) {
          const path = when.slice('json-list:'.length);
          return !w.loopIndexObject && (w.jsonLists.has(path) || w.jsonLists.has(path.slice(path.lastIndexOf('.') + 1)));
        }
        if (when.startsWith('saved-name-used:')) {
          const name = when.slice('saved-name-used:'.length);
          return w.savedUses.has(name) || w.globalUses.has(name);
        }
        if (when.startsWith('count-copy:')) {
          const v = when.slice('count-copy:'.length);
          // A copy of a count of the message's words is settled by a ZargsCheck of two words or more (Zrandom{1;...}).
          if (w.countKnown || w.comparedVars.has(v)) return false;
          return w.countCopies.has(v) && !(w.wordCountCopies.has(v) && w.wordsAtLeast >= 2);
        }
        if (when.startsWith('amount-unbounded:')) return !w.staffOnly && amountUnbounded(w, when.slice('amount-unbounded:'.length));
        if (when.startsWith('words-untested:')) return !w.countKnown && w.wordsAtLeast < Number(when.slice('words-untested:'.length));
        if (when.startsWith('handles-id:'))
          return (
            w.type === 'interaction' && w.inputUses.length === 0 && handledCustomId(triggerValue?.value.trim() ?? '')?.id === when.slice('handles-id:'.length)
          );
        if (when.startsWith('saved-untested:'))
          return !w.savedTested.has(when.slice('saved-untested:'.length)) && !w.setsSaved(when.slice('saved-untested:'.length));
        return isPrefixType(type) && !w.numberTestedWords.has(when.slice('prefix-word-untested:'.length));
    }
  };
  // The conditions on where the diagnostic is; the others are the file's (decided once).
  const holdsAt = (when: ReportWhen, at: number): boolean => {
    if (when === 'zone-chosen-before') return w.zoneChoice !== undefined && w.zoneChoice < at;
    if (when === 'content-after') return w.contentAfter(at);
    if (when === 'nothing-after') return !w.contentAfter(at);
    return holds(when);
  };
  for (const r of w.reportIf) {
    if (r.when.startsWith('split-index:')) {
      // Read from a split of text the bot writes in a fixed shape (`ZtextSplit{Zdate;-}`): an index within its items is there.
      const known = w.splitCountBefore(r.diagnostic.start);
      const n = Number(r.when.slice('split-index:'.length));
      if (known === undefined) {
        if (holds('count-untested')) out.push(r.diagnostic);
      } else if (n > known)
        out.push({
          ...r.diagnostic,
          severity: 'error',
          message: `ZsplitText{${n}} halts the command every time ("index out of range"): the ZtextSplit before it splits text the bot writes in a fixed shape, which gives ${known} item${known === 1 ? '' : 's'} at that separator. Split at the separator the text has (a date such as Zdate's is YYYY-MM-DD), or read an item that is there.`,
        });
    } else if (holdsAt(r.when, r.diagnostic.start)) out.push(r.diagnostic);
  }
}

/** The engine's own answer of each cooldown without a message (cooldown/*.rs). */
const COOLDOWN_DEFAULTS: Readonly<Record<string, string>> = {
  Zcooldown: 'You are on cooldown',
  ZserverCooldown: 'This command is on cooldown',
  ZglobalCooldown: 'You are on global cooldown',
};

/** A prefix command: #type prefix, none, or a word the engine does not know (it then reads the file as prefix). */
function isPrefixType(type: string | undefined): boolean {
  return type === undefined || !COMMAND_TYPE_WORDS.includes(type) || type === 'prefix';
}

/** What the walk leaves to report at the end: headers sent after the last request, embed parts after their send, saved variables, replaced directives. */
function reportAfterWalk(w: FileWalk): void {
  const { replacedDirectives, savedReads, savedUses, globalUses, existsChecks, lateHeader, embedSends, evalRuns, out } = w;
  // The run keeps every saved variable it read or set in a cache that Zdelay's code shares (executor.rs var_cache,
  // runtime.rs evaluate_delay, variables/get*Var.rs): read there, such a one is as it was, not as another command left it.
  // Two delayed codes reading the same variable share the cache too: the one that runs first keeps its value.
  const firstBlock = new Map<string, number>();
  for (const r of w.delayedReads) {
    const key = `${r.scope}:${r.name}`;
    // Not where the command saved a value of its own making and the delayed code shows it (a reminder's text, a
    // prize): that value is the one meant. A test of it, or one the command left as written, waits for a change.
    if (!r.tested && w.computedSets.has(key)) continue;
    const common = { code: 'delayed-read-cached', severity: 'warning', start: r.start, end: r.end } as const;
    if (w.savedTouched.has(key)) {
      out.push({
        ...common,
        message: `This command reads or sets "${r.name}" itself, and the engine keeps each saved variable a run has read or set, for its delayed code too: when the delay is over, ${r.text} gives the value this run left, not what another command (a button's) saved meanwhile. Read in the delayed code only saved variables this command neither reads nor sets: start them in another command, or have the button set one of its own (close_cancelled) that the delayed code tests.`,
      });
      continue;
    }
    const block = firstBlock.get(key);
    if (block === undefined) firstBlock.set(key, r.block);
    else if (block !== r.block)
      out.push({
        ...common,
        message: `Another Zdelay of this command reads "${r.name}" too, and the engine keeps each saved variable a run has read, for all its delayed code: whichever of the two runs first keeps its value, and ${r.text} here gives that one, not what another command (a button's) saved between them. Read it in one delayed code only, or test in the later one a variable the earlier one never reads.`,
      });
  }
  if (lateHeader && !lateHeader.resent)
    out.push({
      code: 'http-header-after-request',
      severity: 'warning',
      start: lateHeader.start,
      end: lateHeader.end,
      message:
        'ZhttpAddHeader adds a header to the requests made after it, and no request follows: the request above went without it. Add the header before ZhttpGet (or the other request).',
    });
  embedSends.reportLateParts(out);
  // Zeval's code may set any saved variable; a test of the variable shows the author handles the empty value.
  // A comparison with 0 only of a variable the file treats as a number, or whose name says an amount: "0" may be a
  // flag's off, with unset meaning on.
  if (!evalRuns)
    for (const r of savedReads) if (!r.zeroTest || w.numericSaved.has(`${r.scope}:${r.name}`) || AMOUNT_NAME.test(r.name)) out.push(savedVariableUnset(r));
  if (!evalRuns && !globalUses.has(''))
    for (const c of existsChecks) {
      const scope = savedUses.get(c.name);
      if (scope !== undefined && !globalUses.has(c.name)) out.push(existsChecksGlobal(c, scope));
    }
  // bot.rs registers sub-slash commands in the GUILD_ID server only ("guild only for now"), whatever #scope says.
  if (w.type === 'sub-slash' && w.scope && w.scope.word.toLowerCase() !== 'guild')
    out.push({
      code: 'directive-ignored',
      severity: 'warning',
      start: w.scope.start,
      end: w.scope.end,
      message: `The engine ignores #scope for a sub-slash command: it registers sub-slash commands only in the server GUILD_ID names, so this one is not available in other servers whatever #scope says.`,
    });
  for (const d of replacedDirectives)
    out.push({
      code: 'directive-ignored',
      severity: 'warning',
      start: d.start,
      end: d.end,
      message: `The engine ignores this line: a later ${d.name} line replaces it (a file has one ${d.name.slice(1)}; only the last line counts).`,
    });
}

/** The trigger against the command's type (trigger-type-mismatch), and a prefix trigger written as a list. */
function checkTrigger(
  triggerValue: { value: string; start: number; end: number },
  type: string | undefined,
  catalog: Catalog,
  out: AnalysisDiagnostic[],
): void {
  const t = triggerValue.value.trim();
  const kind = type !== undefined && COMMAND_TYPE_WORDS.includes(type) ? type : 'prefix';
  let problem: string | undefined;
  let severity: 'error' | 'warning' = 'error';
  const interactionForm = /^onInteraction(\{[^}]*\})?$/.test(t);
  if ((kind === 'slash' || kind === 'sub-slash') && !t.startsWith('/')) problem = `A #type ${kind} command's trigger must start with "/", e.g. "/ping".`;
  // A trigger its type never matches: the engine loads the command and never runs it (bot.rs looks commands up by
  // trigger and type), which is no crash, refusal or halt: a warning, like onInteraction{}.
  else if (kind === 'event' && interactionForm) {
    severity = 'warning';
    problem = `"${t}" is not one of the events: it starts an interaction command. Use "#type interaction".`;
  } else if (kind === 'prefix' && (interactionForm || (catalog.triggers.length > 0 && catalog.getTrigger(t)))) {
    // The bot loads it as a prefix command that only runs when someone types the word: almost surely a forgotten #type.
    severity = 'warning';
    const wanted = interactionForm ? 'interaction' : 'event';
    problem = `"${t}" is ${wanted === 'event' ? 'an event name' : 'an interaction trigger'}, but this command is a prefix command${type === undefined ? ' (no #type line)' : ''}, so it only runs when someone types "${t}". Add "#type ${wanted}".`;
  } else if (kind === 'prefix' && (type === undefined || type === 'prefix') && /^\/[a-z0-9_-]+$/.test(t)) {
    // (A misspelt #type has its own warning, invalid-type.)
    // A slash command's name with no #type slash: loaded as a prefix command, never registered with Discord.
    severity = 'warning';
    problem = `"${t}" is written as a slash command's name, but this command is a prefix command${type === undefined ? ' (no #type line)' : ''}: the engine registers no slash command for it, and it runs only when someone sends "${t}" as a message. Add "#type slash".`;
  } else if (kind === 'event' && catalog.triggers.length > 0 && !catalog.getTrigger(t)) {
    severity = 'warning';
    const meant = nearestEvent(t, catalog);
    problem = `"${t}" is not an event name, so the engine never runs this command. ${meant ? `Did you mean ${meant}?` : "An event command's trigger must be an event such as onMemberJoin."}`;
  } else if (kind === 'interaction' && !/^onInteraction(\{[^}]*\})?$/.test(t)) {
    severity = 'warning';
    problem =
      'An interaction command\'s trigger must be "onInteraction" (every component) or "onInteraction{customID}" (one button, menu or modal): the engine never runs this one.';
  } else if (kind === 'interaction' && t === 'onInteraction{}') {
    severity = 'warning';
    problem =
      '"onInteraction{}" names no custom ID, so no component can ever match it. Write the ID between the braces, or "onInteraction" for every component.';
  } else if (kind === 'interaction' && /^onInteraction\{[^}]*\*[^}]*\}$/.test(t)) {
    // bot.rs looks the command up by "onInteraction{" + the clicked ID + "}" exactly, then "onInteraction".
    severity = 'warning';
    problem = `The engine finds an interaction's command by its whole custom ID, written exactly: "*" matches nothing but a "*" in the ID, so clicks on IDs such as ${t.slice(14, -1).replace(/\*/g, '123')} do not reach this command. Handle every component with "onInteraction" and tell the IDs apart with ZcustomID (ZstartsWith{ZcustomID;${t.slice(14, -1).split('*')[0]}}==true).`;
  } else if (kind === 'sub-slash' && !/^\/\S+\s+\S+/.test(t)) {
    severity = 'warning';
    problem = `A sub-slash command's trigger is "/parent sub" (with the space); "${t}" alone is never registered as a subcommand.`;
  } else if (kind === 'sub-slash' && /^\/\S+\s+\S+\s+\S/.test(t)) {
    // Registered as the subcommand named by the second word, but looked up by the first two words only.
    severity = 'warning';
    problem = `A sub-slash trigger is two words, "/parent sub": the engine registers "${t}" by its second word but looks it up as "/parent sub", so the command never runs.`;
  } else if (kind === 'slash' && t.startsWith('/') && !/\s\/\//.test(t) && (/\s/.test(t) || /\p{Lu}/u.test(t))) {
    // The engine sends the name to Discord as written; Discord takes one lower-case word (a // comment is header-comment's).
    problem = /\s/.test(t)
      ? `A slash command's name is one word: Discord refuses "${t.slice(1)}", so the command is never registered. For "/parent sub", use "#type sub-slash".`
      : `A slash command's name is lower case: Discord refuses "${t.slice(1)}", so the command is never registered.`;
  } else if (kind === 'slash' && t.startsWith('/') && !/\s\/\//.test(t) && !isDiscordName(t.slice(1))) {
    problem = `Discord takes a slash command name of 1 to 32 lower-case letters, digits, "-" or "_": it refuses "${t.slice(1)}", so the command is never registered.`;
  } else if (kind === 'sub-slash' && /^\/\S+\s+\S+$/.test(t) && !/\s\/\//.test(t) && !t.slice(1).split(/\s+/).every(isDiscordName)) {
    problem = `Discord takes command and subcommand names of 1 to 32 lower-case letters, digits, "-" or "_": it refuses "${t}", so the subcommand is never registered.`;
  }
  const quoted = /^(["'`\u201c\u2018])(.+)(["'`\u201d\u2019])$/.exec(t);
  if (problem) out.push({ code: 'trigger-type-mismatch', severity, start: triggerValue.start, end: triggerValue.end, message: problem });
  else if (kind === 'prefix' && (quoted || (t.endsWith(';') && t.length > 1))) {
    // bot.rs matches a message against the trigger as written (loader.rs keeps the rest of the line).
    const meant = quoted ? quoted[2] : t.slice(0, -1).trimEnd();
    const at = triggerValue.start + triggerValue.value.indexOf(t);
    out.push({
      code: 'trigger-punctuation',
      severity: 'warning',
      start: at,
      end: at + t.length,
      message: `The engine takes the trigger as written, ${quoted ? 'quotes' : 'the ";"'} included: the command runs only for a message that starts with "${t}", not with "${meant}". Write #trigger ${meant}.`,
      fixes: [{ title: `Write ${meant}`, edits: [{ start: at, end: at + t.length, newText: meant }], preferred: true }],
    });
  } else if (kind === 'prefix' && isTriggerList(t))
    out.push({
      code: 'trigger-list',
      severity: 'warning',
      start: triggerValue.start,
      end: triggerValue.end,
      message: `The engine reads the whole line as one trigger: this command runs only for a message that starts with "${t}". A command file has one trigger; for another name, copy the command into a second file.`,
    });
}

/** Calls that fail every time they run: an error that halts the command, a warning inside ZtryRun (`caught`), which catches it. */
function reportFailingUses(
  uses: readonly { name: string; start: number; end: number; caught?: true }[],
  code: DiagnosticCode,
  message: (u: { name: string; caught?: true }) => string,
  out: AnalysisDiagnostic[],
): void {
  for (const u of uses) out.push({ code, severity: u.caught ? 'warning' : 'error', start: u.start, end: u.end, message: message(u) });
}

/** An event command: output with nowhere to go, and context the event does not have. */
/**
 * The events whose "message ID" names no message ZreplyIn can fetch (bot.rs sets it; actions/replyIn.rs
 * fetches it in the event's channel after the delay and sends nothing when that fails): what the ID is.
 */
const REPLY_TARGET_GONE: Readonly<Record<string, string>> = {
  onMessageDelete: 'its message ID is that of the message just deleted',
  onChannelUpdate: "its message ID is the channel's own ID",
  onChannelDelete: 'its channel and its message ID are those of the channel just deleted',
};

function checkEventCommand(w: FileWalk, eventTrigger: TriggerRecord | undefined, outputDropped: boolean, allCalls: CallNames, catalog: Catalog): void {
  const { firstOutput, firstEmbed, firstWriting, contextUses, out } = w;
  const trigger = eventTrigger;
  // Embeds sent with ZsendEmbed or ZsendWebhook go to the channel or webhook they name.
  // Text outside calls, then an embed nothing sends elsewhere, then the first line whose calls may write (a Zif's branch, ZreplaceText).
  const output = firstOutput ?? (allCalls.has('ZsendEmbed') || allCalls.has('ZsendWebhook') ? undefined : firstEmbed) ?? firstWriting;
  if (trigger && output && outputDropped)
    out.push({
      code: 'event-output-nowhere',
      severity: 'warning',
      start: output.start,
      end: output.end,
      message: `${trigger.name === 'onChannelDelete' ? "onChannelDelete's channel is the one just deleted: the engine sends this command's output there, Discord refuses it, and the output is lost" : `${trigger.name} is not about a channel, so the engine has nowhere to send this command's output and drops it`}. Choose the channel first with ZuseChannel{channelID}, or send with ZsendMessage{channelID;text}.`,
    });
  // An event runs without anyone asking: a cooldown's default answer goes to the channel every time it refuses.
  if (trigger && trigger.context.channel !== null && !outputDropped)
    for (const c of w.defaultCooldowns)
      out.push({
        code: 'event-cooldown-message',
        severity: 'warning',
        start: c.start,
        end: c.end,
        message: `${trigger.name} runs this command by itself each time the event happens, and while the cooldown lasts ${c.name} refuses with its default message ("${COOLDOWN_DEFAULTS[c.name] ?? 'You are on cooldown'}. Try again in ..."), posted in the channel every time. To limit how often it runs without a word, put ZsuppressErrors (with nothing in it) on a line before the cooldown: errors after it are then silent too.`,
      });
  if (trigger && MEMBER_GONE_EVENTS.has(trigger.name))
    reportFailingUses(
      w.memberUses,
      'member-gone',
      (u) =>
        `In ${trigger.name} the user ${trigger.name === 'onMemberLeave' ? 'has left the server' : trigger.name === 'onBanAdd' ? 'was banned from the server' : 'is not in the server (a ban was lifted)'}, and ${u.name} looks them up as a member: Discord answers "Unknown Member", so ${u.caught ? 'it fails here (ZtryRun catches it)' : `${u.name} halts the command here: nothing after it runs, and what was meant to be posted is lost`}. Zusername, ZuserAvatar and <@ZuserID> still work.`,
      out,
    );
  // bot.rs gives onMessageDelete the deleted message's ID only: fetching the message over Discord's API fails.
  if (trigger?.name === 'onMessageDelete')
    reportFailingUses(
      w.ownMessageFetches,
      'deleted-message-fetched',
      (u) =>
        `In onMessageDelete the message is already deleted, and ${u.name} fetches it from Discord, which answers "Unknown Message": ${u.caught ? 'it fails here every time (ZtryRun catches it)' : `${u.name} halts the command here every time, and the error is posted in the channel`}. The engine gives this event no content and no author either (Zmessage and ZuserID are empty): a log of deleted messages can say where (ZchannelID) and which (ZmessageID), not what was written.`,
      out,
    );
  if (trigger) {
    for (const u of contextUses) {
      if (Object.hasOwn(USER_VARIABLE_MEMBER_AT, u.name)) {
        // Keyed by the author: without one, every run shares one value, whoever did what the event is about.
        if (trigger.context.author === null)
          out.push({
            code: 'empty-event-context',
            severity: 'warning',
            start: u.start,
            end: u.end,
            message: `${trigger.name} has no author, and ${u.name} without a member keeps the variable by the author's ID: here it is empty, so every run ${u.name === 'ZgetUserVar' ? 'reads' : 'writes'} the same one value, shared by everyone, not one of each member. Keep a per-member count in an event that knows the member (onMessage), or a server variable for the whole server.`,
          });
        continue;
      }
      const part = CONTEXT_DEPENDENT_FUNCTIONS[u.name];
      // The ones acting on the command's message also need its channel (a role event's ID is no message in any channel).
      const value = CONTEXT_ALWAYS.has(u.name) && trigger.context.channel === null ? null : trigger.context[part];
      // ZreplyIn given an ID (a role event's role) but no channel: it does not halt; its timer finds no channel and gives up (actions/replyIn.rs).
      const gone = u.name === 'ZreplyIn' ? REPLY_TARGET_GONE[trigger.name] : undefined;
      if (gone) {
        // An ID is there, so it does not halt; Discord finds no message by it, and the task gives up without a word.
        out.push({
          code: 'empty-event-context',
          severity: 'warning',
          start: u.start,
          end: u.end,
          message: `In ${trigger.name} ZreplyIn has no message to answer: ${gone}, so Discord finds no message by it and ZreplyIn sends nothing, without an error (the lines after it run). Send with ZsendMessage{channelID;text} instead.`,
        });
      } else if (value === null && u.name === 'ZreplyIn' && trigger.context.target !== null) {
        out.push({
          code: 'empty-event-context',
          severity: 'warning',
          start: u.start,
          end: u.end,
          message: `${trigger.name} is not about a message and has no channel, so ZreplyIn does nothing: no reply is sent and no error shown (the lines after it run). Send to a channel with ZsendMessage{channelID;text} instead.`,
        });
      } else if (value === null) {
        const what = part === 'target' ? 'message or target ID' : part;
        // In ZtryRun the halt is caught: the call fails, and the command goes on. Not a panic.
        const panics = CONTEXT_PANICS.has(u.name);
        const halts = CONTEXT_HALTS.has(u.name) && (!u.caught || panics);
        out.push({
          code: 'empty-event-context',
          severity: halts ? 'error' : 'warning',
          start: u.start,
          end: u.end,
          message: CONTEXT_ALWAYS.has(u.name)
            ? `${trigger.name} is not about a message, so ${u.name} has no message to act on and ${halts ? 'halts the command here' : 'fails here (ZtryRun catches it)'}.`
            : `${trigger.name} has no ${what}${part === 'message' || part === 'target' ? ' (it is not about a message)' : ''}, so ${u.name} ${
                panics
                  ? `looks up the author's roles with no author's ID and crashes the command here (a panic: nothing is sent, and ZtryRun does not catch it). Give it a role ID: ${catalog.getFunction(u.name)?.syntax ?? `${u.name}{roleID}`}`
                  : halts
                    ? `has no ID to read and halts the command here. Give it one: ${catalog.getFunction(u.name)?.syntax ?? `${u.name}{ID}`}`
                    : CONTEXT_HALTS.has(u.name)
                      ? 'fails here (ZtryRun catches it)'
                      : 'is empty here'
              }.`,
        });
      } else if (u.name === 'Zusername' && /no username/i.test(value)) {
        out.push({
          code: 'empty-event-context',
          severity: 'warning',
          start: u.start,
          end: u.end,
          message: `${trigger.name} knows the user's ID but not their username, so Zusername is empty here; mention them with <@ZuserID> instead.`,
        });
      }
    }
  }
}

/**
 * `Zmessage{n}` in a slash command is the nth option the user gave, not the
 * nth declared (bot.rs flatten_option_values pushes the given ones only;
 * context/message.rs reads that list): where an optional option before it
 * (or it, with options after it) is left out, it reads another option's
 * value. Zoption{name} reads an option by its name.
 */
function checkOptionPositions(
  registration: readonly RegistrationLine[],
  words: readonly { n: number; start: number; end: number }[],
  out: AnalysisDiagnostic[],
): void {
  if (words.length === 0) return;
  const options = registration
    .filter((r) => r.name === '#option' && r.fields?.length === 4)
    .map((r) => ({ name: r.fields![0].trim(), required: optionRequired(r.fields!) }));
  for (const word of words) {
    if (word.n > options.length) continue;
    const optional = options.findIndex((o, i) => !o.required && i < word.n && i < options.length - 1);
    if (optional < 0) continue;
    const meant = options[word.n - 1].name;
    const replacement = `Zoption{${meant}}`;
    // An option named like a function the engine runs as a word (`message`, `time`) cannot be read by its name.
    const readable = !engineFacts.endingRunsAsWord(meant, 0, meant.length);
    out.push({
      code: 'option-position',
      severity: 'warning',
      start: word.start,
      end: word.end,
      message: `In a slash command Zmessage{${word.n}} is the ${ordinal(word.n)} option the user gave, not the ${ordinal(word.n)} declared: when "${options[optional].name}" (not required) is left out, ${word.n - 1 === optional ? 'it reads the option after it' : "the options after it move up, and it reads the next one's value"}.${readable ? ` Read it by name: ${replacement} (which writes option "${meant}" not found, not empty text, when it is left out).` : ''}`,
      // Not preferred: a test for empty text (Zmessage{3}==) would then test Zoption's "not found" text instead.
      fixes: readable ? [{ title: `Use ${replacement}`, edits: [{ start: word.start, end: word.end, newText: replacement }] }] : undefined,
    });
  }
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** Parts that work in some command types only: modal inputs, modals, component counts and rows, the trigger message, slash options. */
function checkTypeBoundParts(w: FileWalk, hasTrigger: boolean, triggerValue: { value: string } | undefined): void {
  const { type, options: options_, attachmentOptions, optionAddresses, registration, optionReads, inputUses, modals, componentParts, rowParts, out } = w;
  if (type !== 'interaction') {
    for (const u of inputUses)
      out.push({
        code: 'input-value-outside-modal',
        severity: 'warning',
        start: u.start,
        end: u.end,
        message: 'ZinputValue reads a field of a submitted modal; it only has a value in an interaction command (#type interaction) started by the modal.',
      });
  }
  // The engine shows a modal only as the answer to a button or menu, in an interaction command.
  if (type !== 'interaction')
    for (const m of modals)
      out.push({
        code: 'modal-outside-interaction',
        severity: 'warning',
        start: m.start,
        end: m.end,
        message:
          'A modal opens only as the answer to a button or select menu: the engine shows it in interaction commands (#type interaction) and ignores it here, so it never appears.',
      });
  checkComponentCounts(
    componentParts,
    type === 'interaction',
    rowParts.reduce((n, p) => n + (p.kind === 'menu' ? 1 : 0), 0),
    out,
  );
  if (modals.length === 0) {
    reportReplacedMenus(rowParts, out);
    reportDroppedRows(rowParts, out);
  }
  // Zmessage reads a slash command's option values: empty only where none are declared.
  if (type === 'slash' || type === 'sub-slash') for (const u of w.messageUses) if (u.name !== 'Zmessage' || options_.size === 0) out.push(messageInSlash(u));
  // A submitted modal's command gets no message text and no option values (bot.rs builds its context with neither).
  if (type === 'interaction' && w.messageUses.length > 0 && answersModalOnly(w, triggerValue))
    for (const u of w.messageUses)
      if (u.name === 'Zmessage')
        out.push({
          code: 'message-in-slash',
          severity: 'warning',
          start: u.start,
          end: u.end,
          message:
            'A submitted modal has no message: the engine gives its command empty text, so Zmessage is empty here, whatever the user typed in the modal. Read each answer with ZinputValue{fieldID}, the ID given to ZaddTextInput.',
        });
  if (hasTrigger && (type === 'slash' || type === 'sub-slash')) {
    checkSlashRegistration(registration, optionReads, out);
    checkOptionPositions(registration, w.messageWords, out);
  }
  if (type === 'slash' || type === 'sub-slash') reportNumberOptionDurations(w);
  if (type === 'slash' || type === 'sub-slash')
    for (const r of optionAddresses)
      if (attachmentOptions.has(r.name))
        out.push({
          code: 'invalid-url',
          severity: r.caught ? 'warning' : 'error',
          start: r.start,
          end: r.end,
          message: `"${r.name}" is an attachment option: the engine gives Zoption{${r.name}} the attachment's ID, not its address, and this function ${r.caught ? 'fails on it (ZtryRun catches it)' : 'halts the command on it'}. Ask for the image's address with a string option instead.`,
        });
}

/** The duration units an option's number is read in, by letter, in words (the order of the fixes). */
const UNIT_WORDS: Readonly<Record<string, string>> = { s: 'seconds', m: 'minutes', h: 'hours', d: 'days' };

/**
 * `Zdelay{Zoption{minutes};...}` with `#option minutes|...|integer|...`: an
 * integer or number option gives its digits alone (bot.rs, the option's
 * value as text), and a duration needs its unit (cooldown/helpers.rs
 * parse_duration refuses "5": runtime.rs evaluate_delay and the functions
 * that take a duration halt on it).
 */
function reportNumberOptionDurations(w: FileWalk): void {
  const numeric = new Map<string, string>();
  for (const r of w.registration)
    if (r.name === '#option' && r.fields && r.fields.length >= 3) {
      const kind = r.fields[2].trim().toLowerCase();
      if (kind === 'integer' || kind === 'number') numeric.set(r.fields[0].trim(), kind);
    }
  if (numeric.size === 0) return;
  for (const r of w.typedOptionReads) {
    // ZslowMode reads a plain number as seconds (channels/slowMode.rs) before it reads a duration.
    const kind = r.type === 'duration' && r.fn !== 'ZslowMode' ? numeric.get(r.name) : undefined;
    if (!kind) continue;
    // The unit the option's name says, if it says one (that fix is then the preferred one; minutes otherwise).
    const said = /sec/i.test(r.name) ? 's' : /min/i.test(r.name) ? 'm' : /hour|hr/i.test(r.name) ? 'h' : /day/i.test(r.name) ? 'd' : undefined;
    const shown = said ?? 'm';
    w.out.push({
      code: 'invalid-duration',
      severity: r.caught ? 'warning' : 'error',
      start: r.start,
      end: r.end,
      message: `"${r.name}" is ${kind === 'integer' ? 'an integer' : 'a number'} option, so Zoption{${r.name}} is a number alone ("5"), and ${r.fn} wants a duration with its unit ("5m"): ${r.caught ? 'it fails on it every time (ZtryRun catches it)' : `the engine halts the command on it every time`}. Write the unit after it, Zoption{${r.name}}${shown} for ${UNIT_WORDS[shown]}${kind === 'number' ? ', and make the option an integer (1.5m halts too)' : ''}.`,
      fixes: Object.entries(UNIT_WORDS).map(([u, words]) => ({
        title: `Read it as ${words}: Zoption{${r.name}}${u}`,
        edits: [{ start: r.end, end: r.end, newText: u }],
        ...(u === said ? { preferred: true } : {}),
      })),
    });
  }
}

/**
 * Whether the command answers a submitted modal and nothing else: an interaction command reading modal
 * fields, with one custom ID. A command that chooses what to do by whether there is an input answers a
 * button with the same ID as well (Zif{ZinputValue{reason}==;...}); a ZonlyIf on an input checks what was
 * typed (OrderEvent.tested).
 */
function answersModalOnly(w: FileWalk, triggerValue: { value: string } | undefined): boolean {
  return (
    w.type === 'interaction' &&
    w.inputUses.length > 0 &&
    !w.inputTested &&
    triggerValue !== undefined &&
    /^onInteraction\{.+\}$/.test(triggerValue.value.trim())
  );
}

/** The command's answer: no reply at all, calls its type ignores, reactions, components and modals dropped, results written into it, Zdefer. */
function checkReply(
  w: FileWalk,
  triggerValue: { value: string; start: number; end: number } | undefined,
  hasTrigger: boolean,
  allCalls: CallNames,
  outputDropped: boolean,
): void {
  const {
    firstOutput,
    firstEmbed,
    firstDefer,
    printedResults,
    modals,
    certainModal,
    bodies,
    answersSlash,
    answersInteraction,
    embedAnswers,
    stop,
    embedBeforeStop,
    firstUseChannel,
    firstEphemeral,
    firstReactions,
    suppressTooLate,
    type,
    inputUses,
    cooldowns,
    labelSets,
    embedSends,
    firstField,
    webhookSends,
    rowParts,
    out,
  } = w;
  // Embeds answer unless every one that has parts is sent away with ZsendEmbed (the reply leaves those out).
  const embedsGone = embedAnswers && embedSends.allSentAway();
  const noEmbedAnswer = !embedAnswers || embedsGone;
  if (triggerValue && bodies > 0) {
    const slash = type === 'slash' || type === 'sub-slash';
    // Zstop throws the text away: an interaction is then acknowledged, a slash command not answered (but for an embed).
    const modal = allCalls.has('ZinputValue');
    // A command that deletes channels (a ticket's close button deleting its own channel): the failed answer would be
    // shown in a channel that is gone, and a line of text cannot appear there either.
    const channelGone = allCalls.has('ZdeleteChannels');
    if (slash && stop !== undefined && answersSlash && !embedBeforeStop) out.push(noReply(type!, { start: stop, end: stop + 5 }, modal, 'text'));
    else if (
      !channelGone &&
      ((slash && !answersSlash && noEmbedAnswer) || (type === 'interaction' && stop === undefined && !answersInteraction && noEmbedAnswer))
    )
      out.push(noReply(type!, triggerValue, modal, stop === undefined ? (embedsGone ? 'sent' : 'none') : 'silent'));
  }
  // Slash commands and interactions are answered in place: the engine reads ZuseChannel only for prefix and event commands.
  if (firstUseChannel && hasTrigger && (type === 'slash' || type === 'sub-slash' || type === 'interaction'))
    out.push({
      code: 'use-channel-ignored',
      severity: 'warning',
      start: firstUseChannel.start,
      end: firstUseChannel.end,
      message: `The engine answers ${type === 'interaction' ? 'an interaction' : 'a slash command'} where it was used and ignores ZuseChannel: the reply does not go to that channel. Send to another channel with ZsendMessage{channelID;text} or ZsendEmbed.`,
    });
  // Only slash and interaction answers can be visible to one user; only prefix, slash and event replies get reactions.
  if (firstEphemeral && hasTrigger && type !== 'slash' && type !== 'sub-slash' && type !== 'interaction')
    out.push({
      code: 'ephemeral-ignored',
      severity: 'warning',
      start: firstEphemeral.start,
      end: firstEphemeral.end,
      message: `The engine makes only slash command and interaction answers visible to one user: in ${type === 'event' ? 'an event' : 'a prefix'} command it ignores Zephemeral, and everyone sees the reply.`,
    });
  // The update flag is read only where a button or menu is answered (bot.rs): elsewhere the reply is a new message.
  // An onInteraction trigger without #type interaction has its own warning (the command never runs for a click).
  if (w.firstUpdate && hasTrigger && type !== 'interaction' && !triggerValue?.value.trim().startsWith('onInteraction'))
    out.push({
      code: 'update-ignored',
      severity: 'warning',
      start: w.firstUpdate.start,
      end: w.firstUpdate.end,
      message: `Zupdate edits the message whose button or select menu was used, and the engine reads it only in such a command (#type interaction): in ${type === 'event' ? 'an event' : type === 'slash' || type === 'sub-slash' ? 'a slash' : 'a prefix'} command it does nothing, and the reply is a new message. To change a message the bot sent, use ZeditMessage with its ID.`,
    });
  // A button's or menu's answer that updates the clicked message: the engine builds that answer without the
  // ephemeral flag (bot.rs, UpdateMessage), so the message everyone sees changes.
  // With nothing written the engine only acknowledges: nothing is edited (bot.rs).
  if (w.topUpdate && w.topEphemeral && hasTrigger && type === 'interaction' && w.inputUses.length === 0 && (w.answersSlash || w.embedAnswers))
    out.push({
      code: 'ephemeral-ignored',
      severity: 'warning',
      start: w.topEphemeral.start,
      end: w.topEphemeral.end,
      message:
        'With Zupdate the answer edits the clicked message in place, and the engine makes only a new message visible to one user: Zephemeral is ignored, and everyone sees the edited message. Leave Zupdate out to answer the clicker alone.',
    });
  // A refusal is an error to the engine, whose reply never carries the ephemeral flag (runtime.rs: the error result sets it false).
  // Reported where Zephemeral comes first: the author means the command's answers, this one too, to be private.
  if (w.guardAfterEphemeral && hasTrigger && (type === 'slash' || type === 'sub-slash' || type === 'interaction')) {
    const guard = w.guardAfterEphemeral;
    const what = COOLDOWNS.has(guard.name) ? "the cooldown's message" : guard.name === 'Zerror' ? 'its message' : 'its refusal';
    out.push({
      code: 'refusal-not-ephemeral',
      severity: 'warning',
      start: guard.start,
      end: guard.end,
      message: `Everyone sees ${what}: the engine sends the message ${guard.name} ends the command with (like any error) as a reply without the ephemeral flag, and Zephemeral applies only to the answer of a command that runs to its end. To answer privately, test with Zif and write the message as the command's answer in its branch.`,
    });
  }
  if (suppressTooLate)
    out.push({
      code: 'suppress-too-late',
      severity: 'warning',
      start: suppressTooLate.start,
      end: suppressTooLate.end,
      message:
        'ZsuppressErrors hides only the errors of what runs after it: the engine stops at the first error, before reaching this line, and reads the setting only then. Nothing after it calls a function, so it hides nothing. Put it on the first line of the command.',
      fixes: undefined,
    });
  // Interaction answers get no reactions; elsewhere they go on the reply, and with no text and no embed the engine sends none and drops them.
  const writesNoReply = bodies > 0 && stop === undefined && !answersInteraction && noEmbedAnswer;
  // Buttons and menus go only with the command's own reply (bot.rs send_response): the message ZsendEmbed or ZsendMessage
  // sends has none (sendEmbed.rs, sendMessage.rs build it with the embed or text alone).
  const componentsAlone = bodies > 0 && stop === undefined && !w.writesBesidesComponents && noEmbedAnswer;
  const sender = embedAnswers && allCalls.has('ZsendEmbed') ? 'ZsendEmbed' : !embedAnswers && allCalls.has('ZsendMessage') ? 'ZsendMessage' : undefined;
  if (componentsAlone && sender && rowParts.length > 0 && hasTrigger && (isPrefixType(type) || type === 'event')) {
    const part = rowParts[0].kind === 'button' ? 'buttons' : 'select menu';
    out.push({
      code: 'components-not-sent',
      severity: 'warning',
      start: rowParts[0].start,
      end: rowParts[0].end,
      message: `${sender} sends ${sender === 'ZsendEmbed' ? 'the embed' : 'its text'} alone: the ${part} are not on that message. Components go only with the command's own reply, and this one writes nothing else. ${sender === 'ZsendEmbed' ? 'Make the embed the reply instead: replace ZsendEmbed{channel} with ZuseChannel{channel}, which sends the reply, embed and components, to that channel.' : 'Write the text as the reply instead, and send it elsewhere with ZuseChannel{channel}.'}`,
    });
  }
  if (firstReactions && hasTrigger && (type === 'interaction' || writesNoReply))
    out.push({
      code: 'reactions-ignored',
      severity: 'warning',
      start: firstReactions.start,
      end: firstReactions.end,
      message:
        type === 'interaction'
          ? 'The engine adds reactions to the replies of prefix, slash and event commands only: answering a button, menu or modal it ignores ZaddReactions. React to a message you send with ZaddMessageReactions instead.'
          : 'ZaddReactions reacts to the reply of this command, and it writes no reply (no text, no embed: what ZsendMessage or ZsendEmbed sends is another message), so the engine sends nothing and drops the reactions. React to the sent message with ZaddMessageReactions{channelID;messageID;emoji} (ZsendMessage gives the ID back when its returnID is true), or to the message that ran the command with ZaddCmdReactions.',
    });
  // The cooldown's message is made, and the command halted, when the cooldown runs: labels set after every cooldown are never used.
  for (const l of labelSets) {
    const before = cooldowns.find((c) => c.start < l.start);
    if (before && !cooldowns.some((c) => c.start > l.start))
      out.push({
        code: 'cooldown-labels-late',
        severity: 'warning',
        start: l.start,
        end: l.end,
        message: `ZchangeCooldownTime sets the words of the cooldown message, but ${before.name} runs before it: when the cooldown is on, the command halts there with the default words, and this line never runs. Move it above ${before.name}.`,
      });
  }
  // The engine writes a webhook embed's fields under a key Discord does not read (fields added after the send are not in it).
  for (const w of webhookSends)
    if ((firstField.get(w.index) ?? Infinity) < w.start)
      out.push({
        code: 'webhook-fields-lost',
        severity: 'warning',
        start: w.start,
        end: w.end,
        message: `ZsendWebhook sends ${w.index === '1' ? 'the embed' : `embed ${w.index}`} without its fields: the engine writes them where Discord does not look, so the ZaddField lines do not appear. Put their text in the description, or send the embed with ZsendEmbed.`,
      });
  // An interaction command reading modal fields answers a submitted modal (see "Whose reply" in the README).
  const answersModal = type === 'interaction' && inputUses.length > 0;
  const modalOnly = answersModalOnly(w, triggerValue);
  // Nor does it ever edit the message whose button opened the modal (bot.rs reads update_message for buttons and menus only).
  if (modalOnly && w.firstUpdate)
    out.push({
      code: 'update-in-modal-reply',
      severity: 'warning',
      start: w.firstUpdate.start,
      end: w.firstUpdate.end,
      message:
        'This command answers a submitted modal (it reads ZinputValue), and the engine always sends that answer as a new message: Zupdate is ignored here, and the message whose button opened the modal stays as it was. Zupdate edits the message only in the command of a button or select menu.',
    });
  if (modalOnly && rowParts.length > 0)
    out.push({
      code: 'components-in-modal-reply',
      severity: 'warning',
      start: rowParts[0].start,
      end: rowParts[0].end,
      message: `This command answers a submitted modal (it reads ZinputValue), and the engine sends only the text and embeds of such an answer: this ${rowParts[0].kind === 'button' ? 'button' : 'select menu'} never appears. Components go only into the reply of a prefix or slash command or of a button or menu's command, so offer it there.`,
    });
  // No reply either where an interaction's Zdefer (answering a button or menu) throws it away.
  const replySent = !outputDropped && !(type === 'interaction' && firstDefer !== undefined && !answersModal);
  // A top-level Zstop drops the text written before it (the run's text is discarded with its empty error: runtime.rs).
  if (replySent && stop === undefined) for (const r of printedResults) out.push(printedResult(r));
  if (firstDefer && hasTrigger) {
    // Embeds sent or edited by the command itself are not part of its reply.
    const replyEmbed = allCalls.has('ZsendEmbed') || allCalls.has('ZeditEmbed') || allCalls.has('ZsendWebhook') ? undefined : firstEmbed;
    const reply = firstOutput ?? replyEmbed ?? rowParts[0] ?? modals[0];
    // The engine ignores Zdefer in the answer to a submitted modal.
    if (!answersModal) reportDefer(type, firstDefer, reply, out);
  }
  // Showing a modal is the whole answer to a button or menu: the engine returns after it (a Zdefer comes first and hides the modal).
  if (type === 'interaction' && hasTrigger && certainModal && !firstDefer && !answersModal) {
    const embedsSent = allCalls.has('ZsendEmbed') || allCalls.has('ZeditEmbed') || allCalls.has('ZsendWebhook');
    const dropped = firstOutput ?? (embedsSent ? undefined : firstEmbed);
    if (dropped)
      out.push({
        code: 'modal-drops-reply',
        severity: 'warning',
        start: dropped.start,
        end: dropped.end,
        message: `This command builds a modal and also writes ${dropped === firstOutput ? 'text' : 'an embed'}, and the engine sends only one of them: answering a button or menu, the modal alone (this ${dropped === firstOutput ? 'text' : 'embed'} is dropped); answering a submitted modal, the text and embeds alone (the new modal never shows). Say it in the modal's title or a text input's label, or answer in the command that handles the submitted modal.`,
      });
  }
}

/** What a parameter type is, in words. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: 'a whole number',
  number: 'a number',
  snowflake: 'an ID',
  url: 'an address',
  duration: 'a duration',
  color: 'a colour',
};

/**
 * `Zclear{Zoption{amount}}` with `#option amount|...|integer|optional`: an
 * option the user leaves out is the text `option "amount" not found`
 * (context/option.rs), which a function wanting a number, an ID or an
 * address cannot use; any other read (`Reason: Zoption{reason}`) writes that
 * text. Not where the file tests the option's absence (RareFacts.testedOptions).
 */
function checkOptionalOptionReads(w: FileWalk): void {
  if (w.optionReads.length === 0 || (w.type !== 'slash' && w.type !== 'sub-slash')) return;
  const optional = new Set<string>();
  for (const r of w.registration) if (r.name === '#option' && r.fields && r.fields.length >= 4 && !optionRequired(r.fields)) optional.add(r.fields[0].trim());
  if (optional.size === 0) return;
  // Handled where the file tests the option's absence, or that of a variable holding it (Zvar{bet;Zoption{bet}}).
  const untested = (name: string) =>
    optional.has(name) && !w.testedOptions.has(name) && !w.optionCopies.some((c) => c.option === name && w.absenceTestedVars.has(c.v));
  const report = (name: string, start: number, end: number, consequence: string) =>
    w.out.push({
      code: 'optional-option-missing',
      severity: 'warning',
      start,
      end,
      message: `"${name}" is optional: when the user leaves it out, Zoption{${name}} is the text option "${name}" not found, and ${consequence}. Give it a default, Zif{Zoption{${name}}==option "${name}" not found;<default>;Zoption{${name}}}, or make the option required.`,
    });
  for (const r of w.typedOptionReads) {
    // In ZtryRun the call's failure runs the fallback, often the default meant (ZtryRun{ZuserAvatar{Zoption{user}};ZuserAvatar}).
    if (!r.caught && untested(r.name)) report(r.name, r.start, r.end, `${r.fn} wants ${TYPE_WORDS[r.type] ?? 'a value'} for its ${r.param}`);
  }
  // Any other read puts that text where the value was meant to go: into the reply, a ban's reason, a saved
  // variable. ZtryRun changes nothing there: reading a left-out option is no error. A condition's read only
  // compares it (Zoption{bonus}==VIP is false, as meant); what the command does with it is reported where it does.
  for (const r of w.optionReads) {
    if (r.inCondition || !untested(r.name) || w.typedOptionReads.some((t) => t.start <= r.start && r.end <= t.end)) continue;
    report(r.name, r.start, r.end, 'that text is used here');
  }
}

/** Zoption reads of options the command does not have. */
function checkOptionReads(w: FileWalk): void {
  const { type, options: options_, optionReads, out } = w;
  // The engine fills the options of slash and sub-slash commands only, and looks a name up exactly;
  // a missing one prints `option "name" not found`.
  const slashLike = type === 'slash' || type === 'sub-slash';
  for (const r of optionReads) {
    if (slashLike && options_.has(r.name)) continue;
    const declaredOtherCase = !options_.has(r.name) && [...options_].some((o) => o.toLowerCase() === r.name.toLowerCase());
    out.push({
      code: 'unknown-option',
      severity: 'warning',
      start: r.start,
      end: r.end,
      message: !slashLike
        ? `Only slash and sub-slash commands receive options: here Zoption{${r.name}} prints "option "${r.name}" not found".`
        : declaredOtherCase
          ? `Option names are compared exactly: no #option is named "${r.name}" (another case is), so Zoption{${r.name}} prints "option "${r.name}" not found".`
          : `No #option named "${r.name}" is declared in this file, so Zoption{${r.name}} prints "option "${r.name}" not found".`,
    });
  }
}

/**
 * An embed given content (colour, footer, image, ...) but nothing that lets it
 * be sent (title, description, author, field): the engine replaces the reply
 * with an error. Reads only the statements listed (those with embed parts), so
 * refold can recompute it after an edit that changed them without a walk.
 */
export function embedDiagnostics(statements: readonly number[], results: readonly StatementResult[], startOf: (i: number) => number): AnalysisDiagnostic[] {
  const parts = new Map<string, { sendable: boolean; first?: { name: string; start: number; end: number } }>();
  for (const i of statements) {
    const base = startOf(i);
    for (const e of results[i].summary.embedContent ?? []) {
      if (e.background) continue;
      // `Zfooter{text;https://...}` is embed 1's footer to the engine (any index that is no number).
      const n = engineEmbedIndex(e.index);
      // An index outside 1-10 halts the command at that call (limit-exceeded says so): it adds no embed.
      if (n < 1 || n > 10) continue;
      const index = String(n);
      const entry = parts.get(index);
      if (!entry) parts.set(index, { sendable: e.sendable, first: e.sendable ? undefined : { name: e.name, start: base + e.start, end: base + e.end } });
      else if (e.sendable) entry.sendable = true;
      else entry.first ??= { name: e.name, start: base + e.start, end: base + e.end };
    }
  }
  const out: AnalysisDiagnostic[] = [];
  reportSurplusFields(statements, results, startOf, out);
  for (const [index, part] of parts) {
    if (part.sendable || !part.first) continue;
    const which = index === '1' ? 'the embed' : `embed ${index}`;
    out.push({
      code: 'embed-without-body',
      severity: 'error',
      start: part.first.start,
      end: part.first.end,
      message: `${part.first.name} gives ${which} content, but nothing in this command sets its title, description, author or a field: the engine then replaces the whole reply with an error message (and ZsendEmbed, sending it elsewhere, halts the command). Add Ztitle{...} or Zdescription{...}.`,
    });
  }
  return out;
}

/**
 * The engine attaches the reply's action rows one at a time, each replacing
 * the one before, so only the last row reaches Discord. Rows: the buttons,
 * five to a row and a new one at a button whose first argument is "true",
 * then the select menu. Counted over the top-level components only: one
 * inside a condition or loop can only add rows, so the count is a lower
 * bound. Reported at the first component of the first row that is lost.
 */
function reportDroppedRows(parts: readonly ComponentRowPart[], out: AnalysisDiagnostic[]): void {
  if (parts.length < 2) return;
  let rows = 0;
  let inRow = 0;
  let menu = false;
  for (const p of parts) {
    if (p.kind === 'menu') {
      menu = true;
      continue;
    }
    if (inRow === 0 || (p.newRow && inRow > 0) || inRow === 5) {
      rows++;
      inRow = 0;
    }
    inRow++;
  }
  if (menu) rows++;
  if (rows < 2) return;
  const first = parts.find((p) => p.kind === 'button') ?? parts[0];
  const kept = menu ? 'the select menu' : 'the last row of buttons';
  out.push({
    code: 'component-rows-dropped',
    severity: 'warning',
    start: first.start,
    end: first.end,
    message: `This command's components make ${rows} rows (a row holds at most 5 buttons, a button with "true" first starts a new one, and a select menu has a row of its own), but the engine sends only the last row with the reply: only ${kept} appears, and this button does not. Keep the buttons to one row${menu ? ', or send the menu without buttons' : ''}.`,
  });
}

/** Zban, Zkick, Ztimeout on a line of their own: the result goes into the reply. The fix stores it in a variable (a Zvar set writes nothing). */
function printedResult(r: PrintedResult): AnalysisDiagnostic {
  return {
    code: 'action-prints-result',
    severity: 'warning',
    start: r.start,
    end: r.nameEnd,
    message: `${r.name} writes its result into the reply: "${PRINTED_RESULTS[r.name]}: " and the user's ID, or "failed: " and the ID when Discord refuses. To act without that text, store the result: Zvar{result;${r.name}{...}}. A refusal does not halt the command: to tell the user, test it, Zif{Zvar{result} startsWith failed;...;...}.`,
    // Inside Zvar's argument the call's escapes would be read once more (escape-in-call): no fix then.
    fixes: r.escaped
      ? undefined
      : [
          {
            title: 'Keep the result out of the reply',
            edits: [
              { start: r.start, end: r.start, newText: 'Zvar{result;' },
              { start: r.close + 1, end: r.close + 1, newText: '}' },
            ],
          },
        ],
  };
}

/** A reply has one select menu: each one created replaces the one before, with its options. */
function reportReplacedMenus(parts: readonly ComponentRowPart[], out: AnalysisDiagnostic[]): void {
  let previous: ComponentRowPart | undefined;
  for (const p of parts) {
    if (p.kind !== 'menu') continue;
    if (previous)
      out.push({
        code: 'select-menu-replaced',
        severity: 'warning',
        start: p.start,
        end: p.end,
        message: `A reply holds one select menu: this ${p.name} replaces the ${previous.name} created before it, options and all, so only this one is sent.`,
      });
    previous = p;
  }
}

/**
 * Zdefer: the engine reads it only when it answers a button or select menu
 * (an interaction command), and then answers with a bare acknowledgement
 * and throws the command's reply away. Everywhere else it does nothing.
 */
function reportDefer(
  type: string | undefined,
  at: { start: number; end: number },
  reply: { start: number; end: number } | undefined,
  out: AnalysisDiagnostic[],
): void {
  if (type === 'interaction') {
    if (!reply) return;
    out.push({
      code: 'defer-discards-reply',
      severity: 'warning',
      start: at.start,
      end: at.end,
      message:
        "When this command answers a button or select menu, Zdefer makes the engine reply with a bare acknowledgement and throw away the command's reply: its text, embeds, components and modal are never sent. Send what must appear with ZsendMessage or ZsendEmbed, or remove Zdefer.",
    });
    return;
  }
  const where = type === 'slash' || type === 'sub-slash' ? 'a slash command' : type === 'event' ? 'an event command' : 'a prefix command';
  out.push({
    code: 'defer-ignored',
    severity: 'warning',
    start: at.start,
    end: at.end,
    message: `The engine reads Zdefer only in interaction commands (a button or select menu); in ${where} it does nothing${where === 'a slash command' ? ': the reply is sent when the command ends, and Discord reports the command as failed if that takes longer than 3 seconds' : ''}.`,
  });
}

/** What a slash command gets instead of the message a function reads (see MESSAGE_USES in rules/callFacts.ts). */
const MESSAGE_IN_SLASH: Record<string, string> = {
  Zmessage: 'Zmessage, which reads its option values instead, is empty here: this command declares no #option. Declare one, and read it with Zoption{name}.',
  Zmentioned: 'Zmentioned is empty here. Take the user from an option: #option user|Who|user|required, then Zoption{user}.',
  ZgetAttachments: 'ZgetAttachments is empty here. Take the file from an option: #option file|The file|attachment|required.',
  ZargsCheck: 'ZargsCheck counts no words and always stops the command here. Make the option required (#option name|...|string|required) instead.',
  ZaddCmdReactions: "ZaddCmdReactions halts the command here. Add reactions to the bot's reply with ZaddReactions.",
  ZreplyIn: 'ZreplyIn halts the command here.',
  ZeditButton: 'ZeditButton without its message ID (the sixth argument) halts the command here. Give it the ID of the message that has the button.',
  ZmessageID:
    'ZmessageID is empty here, and a function that needs a message ID (ZdeleteMessage{ZchannelID;ZmessageID}, ZpinMessage, ZgetMessage) halts the command on it. There is no message of the user to delete or pin in a slash command.',
};

function messageInSlash(u: { name: string; halts?: true; start: number; end: number }): AnalysisDiagnostic {
  return {
    code: 'message-in-slash',
    severity: u.halts ? 'error' : 'warning',
    start: u.start,
    end: u.end,
    message: `A slash command has no message: the engine gives it empty text and no trigger message, so ${MESSAGE_IN_SLASH[u.name]}`,
  };
}

/** The codes embedDiagnostics reports (refold recomputes them). */
export const EMBED_CODES: ReadonlySet<string> = new Set(['embed-without-body', 'too-many-embed-fields']);

/** Discord's limit, which the engine's ZaddField enforces: the next one halts the command. */
const MAX_EMBED_FIELDS = 25;

/**
 * The 26th ZaddField into one embed halts the command. Only fields added at
 * a statement's top level are counted: they run each time the command does,
 * where a field inside a condition or a loop may run any number of times.
 */
function reportSurplusFields(
  statements: readonly number[],
  results: readonly StatementResult[],
  startOf: (i: number) => number,
  out: AnalysisDiagnostic[],
): void {
  let counts: Map<number, number> | undefined;
  for (const i of statements) {
    for (const e of results[i].summary.embedContent ?? []) {
      if (e.name !== 'ZaddField' || !e.topLevel) continue;
      const index = engineEmbedIndex(e.index);
      counts ??= new Map();
      const count = (counts.get(index) ?? 0) + 1;
      counts.set(index, count);
      if (count !== MAX_EMBED_FIELDS + 1) continue;
      const base = startOf(i);
      out.push({
        code: 'too-many-embed-fields',
        severity: 'error',
        start: base + e.start,
        end: base + e.end,
        message: `This is field ${count} of ${index === 1 ? 'the embed' : `embed ${index}`}: an embed holds at most ${MAX_EMBED_FIELDS} fields, and the engine halts the command here. Put the rest in another embed (ZaddField's fourth argument is the embed's number).`,
      });
    }
  }
}

/** Where the engine's loader reads lines differently from the tree, said as what the engine does. */
function divergenceDiagnostic(d: LoaderDivergence, tree: SyntaxTree): AnalysisDiagnostic {
  const cause = d.cause;
  const why =
    cause?.kind === 'cut'
      ? 'the "//" here stops the engine\'s brace count for this line, so the braces after it on the line are not counted'
      : cause?.kind === 'counted-comment'
        ? 'this line closes a brace before the "//", and then the engine does not take the "//" as a comment: the braces after it are counted'
        : cause?.kind === 'skipped-comment'
          ? 'this line starts with "//", so the engine skips it even inside a call, braces included'
          : cause?.kind === 'negative'
            ? 'this line closes more braces than it opens, and the engine then reads on until its count is back to zero'
            : 'its braces are not balanced';
  const at = cause ?? { start: d.start, end: Math.min(d.end, lineEndAfter(tree, d)) };
  const fixes =
    cause?.kind === 'cut' && cause.breakAt !== undefined
      ? [{ title: 'Move the braces after the "//" to the next line', edits: [{ start: cause.breakAt, end: cause.breakAt, newText: '\n' }], preferred: true }]
      : cause?.kind === 'counted-comment' && cause.breakAt !== undefined
        ? [{ title: 'Move the comment to a line of its own', edits: [{ start: cause.breakAt, end: cause.breakAt, newText: '\n' }], preferred: true }]
        : undefined;
  if (d.kind === 'dropped') {
    return {
      code: 'lines-never-loaded',
      severity: 'error',
      start: at.start,
      end: at.end,
      message: `The engine never loads the statement ${cause ? 'this line is part of' : 'that starts here'} or anything after it (${d.lines} line${d.lines === 1 ? '' : 's'} to the end of the file): ${why}, and its count never returns to zero.`,
      fixes,
    };
  }
  return {
    code: 'lines-joined',
    severity: 'warning',
    start: at.start,
    end: at.end,
    message: `The engine reads these ${d.lines} lines as one statement (${why}): the lines after the first become part of its text instead of statements of their own.`,
    fixes,
  };
}

function lineEndAfter(tree: SyntaxTree, d: LoaderDivergence): number {
  return tree.starts[d.firstStatement + 1] ?? d.end;
}

/**
 * ZvarExists or ZvarExistError of a name the file only keeps per user (server,
 * channel): both look in the bot's global variables only (the engine's
 * global_var_exists), so the answer is "false" (ZvarExistError halts) for
 * every user, set or not.
 */
function existsChecksGlobal(c: { name: string; by: string; start: number; end: number }, scope: SavedScope): AnalysisDiagnostic {
  const get = getterOf(scope);
  const set = setterOf(scope);
  const outcome = c.by === 'ZvarExistError' ? 'so it halts the command every time, with its message' : 'so it answers false every time, set or not';
  return {
    code: 'exists-checks-global',
    severity: 'warning',
    start: c.start,
    end: c.end,
    message: `${c.by} looks in the bot's global variables (ZsetVar) only, and this file keeps "${c.name}" as a ${scope} variable (${set}), ${outcome}. Test the ${scope}'s value instead, e.g. Zif{${get}{${c.name}}==;...;...}.`,
  };
}

/** A saved variable's name that says it holds an amount (a balance, points, a count), not an on/off setting. */
const AMOUNT_NAME = /coin|money|balance|bank|cash|credit|point|score|xp|exp\b|level|gem|token|wallet|vote|warn|count|streak|bal$|tries|lives/i;

/** What a byte-order mark before the first header line costs: the line is text to the engine, not that directive. */
function bomMessage(directive: string | undefined): string {
  const lost =
    directive === '#trigger' || directive === undefined
      ? 'its #trigger is lost, and without one the file is not loaded'
      : `this ${directive} line is lost as a directive, and its text is written at the start of every answer`;
  return `The file starts with a byte-order mark: the engine does not read the first line as a header, so ${lost}. Save the file as UTF-8 without BOM.`;
}

/** Who has no value of a saved variable before its first set, by scope. */
const UNSET_FOR: Readonly<Record<SavedScope, { who: string; fails: string }>> = {
  user: { who: 'for a user who has no saved', fails: 'it halts for every user who has none yet' },
  server: { who: 'in a server that has no saved', fails: 'the first use in each server fails' },
  channel: { who: 'in a channel that has no saved', fails: 'the first use in each channel fails' },
  global: { who: 'while the bot has no saved', fails: 'the first use fails' },
};

/** Another member's user variable (`ZgetUserVar{coins;Zmentioned{1}}`): the author's own tests and sets say nothing of it. */
const UNSET_FOR_OTHER = {
  who: 'for a member who has no saved',
  fails: "it halts whenever that member has none yet (a new member paid, or looked up), however the author's own value was checked",
};

function savedVariableUnset(r: SavedRead): AnalysisDiagnostic {
  const getter = r.text;
  const withDefault = readAsZeroWhileUnset(getter);
  const unset = r.of === undefined ? UNSET_FOR[r.scope] : UNSET_FOR_OTHER;
  if (r.zeroTest) {
    const { op, fix } = r.zeroTest;
    return {
      code: 'saved-variable-unset',
      severity: 'warning',
      start: r.start,
      end: r.end,
      message: `${getter} is empty ${unset.who} "${r.name}" yet (saved variables have no start value), not 0, and ${op} compares text: for them ${getter}${op}0 is ${op === '==' ? 'false' : 'true'}. ${fix ? `Take the empty value too: ${fix}` : 'Test for the empty value too, or set it first.'}`,
      fixes: fix ? [{ title: `Write ${fix}`, edits: [{ start: r.zeroTest.start, end: r.zeroTest.end, newText: fix }], preferred: true }] : undefined,
    };
  }
  if (r.halts)
    return {
      code: 'saved-variable-unset',
      severity: 'warning',
      start: r.start,
      end: r.end,
      message: `${getter} is empty ${unset.who} "${r.name}" yet (saved variables have no start value), and ${r.by} halts the command on ${r.halts}: ${unset.fails}. Give it one while it is empty, Zif{${getter}==;...;${getter}}, or set it first.`,
    };
  const advice = r.zeroHalts
    ? `Set it first (as 0, ${r.by} halts here too), or test it with Zif before the read.`
    : `Read it as 0 while it is empty, ${withDefault}, or set it first.`;
  const by = r.via === undefined ? r.by : `${r.by}, which reads it through Zvar{${r.via}},`;
  return {
    code: 'saved-variable-unset',
    severity: 'warning',
    start: r.start,
    end: r.end,
    message: `${getter} is empty ${unset.who} "${r.name}" yet (saved variables have no start value), and ${by} halts the command on an empty number: ${unset.fails}. ${advice}`,
    fixes: r.zeroHalts
      ? undefined
      : [{ title: `Read "${r.name}" as 0 while it is unset`, edits: [{ start: r.start, end: r.end, newText: withDefault }], preferred: true }],
  };
}

/**
 * A whole number with "," between its thousands (2,000), as toLocaleString('en-US')
 * writes it, without loading the locale data, whose first use costs an open milliseconds.
 */
function withThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * An amount no condition bounds by a number (negative-amount): `Zmessage{2}`,
 * `Zoption{amount}`, or a `Zvar` copy of one, each bounded through the other.
 */
function amountUnbounded(w: FileWalk, amount: string): boolean {
  if (!amount.startsWith('Zvar{')) return !w.boundedAmounts.has(amount);
  const from = w.amountCopies.get(amount);
  return from !== undefined && !w.boundedAmounts.has(amount) && !w.boundedAmounts.has(from);
}

/**
 * The event a wrong event name most likely meant: the names of Discord's own
 * gateway events and of other bot libraries (onGuildMemberAdd,
 * onMessageCreate, onMemberRemove...), then the closest by spelling.
 */
function nearestEvent(word: string, catalog: Catalog): string | undefined {
  const names = catalog.triggers.map((t) => t.name).filter((n) => n !== 'onInteraction');
  const known = Object.hasOwn(EVENT_ALIASES, word.toLowerCase()) ? EVENT_ALIASES[word.toLowerCase()] : undefined;
  if (known && names.includes(known)) return known;
  return closest(word, names);
}

/** Other names for the engine's events (lower case), as Discord's gateway and other libraries call them. */
const EVENT_ALIASES: Readonly<Record<string, string>> = {
  onmemberremove: 'onMemberLeave',
  onguildmemberadd: 'onMemberJoin',
  onguildmemberremove: 'onMemberLeave',
  onguildmemberupdate: 'onMemberUpdate',
  onmemberadd: 'onMemberJoin',
  onjoin: 'onMemberJoin',
  onleave: 'onMemberLeave',
  onmessagecreate: 'onMessage',
  onmessageupdate: 'onMessageEdit',
  onmessagereactionadd: 'onReactionAdd',
  onmessagereactionremove: 'onReactionRemove',
  onguildbanadd: 'onBanAdd',
  onguildbanremove: 'onBanRemove',
  onguildcreate: 'onBotJoin',
  onguilddelete: 'onBotLeave',
  onvoicestate: 'onVoiceStateUpdate',
  onmemberban: 'onBanAdd',
  onmemberunban: 'onBanRemove',
  onban: 'onBanAdd',
  onunban: 'onBanRemove',
  onuserupdate: 'onMemberUpdate',
  onmessagedeleted: 'onMessageDelete',
  onreaction: 'onReactionAdd',
  onboost: 'onBoostAdd',
};
