/**
 * The walk over a file's statement summaries, in file order: what each
 * statement adds to what came before it (variables set, embeds built,
 * requests made, components created...) and the findings that depend on
 * that order. fileChecks.ts runs it, then the checks that need the whole
 * file, which read the walk's state.
 *
 * The walk is one object whose fields are the state, and one small method
 * per kind of fact, called only for statements that have that fact. A
 * single function with the whole walk in its loop was 28 KB of bytecode:
 * V8 took some 300 ms of background compiling to optimise it, and the first
 * few dozen walks after an edit ran unoptimised at three times the cost.
 * Small methods are optimised one by one, as soon as each is hot.
 *
 * The CONTRACT at the top of fileChecks.ts holds here too: read summaries,
 * kinds and starts only, and called names only through `calls.has`.
 */
import { StatementKind, type SyntaxTree } from '../syntax/tree';
import { LineIndex } from '../syntax/positions';
import { DIAGNOSTIC_CODES } from './codes';
import type { AnalysisDiagnostic } from './diagnostic';
import { rebased } from './silencing';
import type { RegistrationLine } from './slashRegistration';
import {
  type ComponentEvent,
  type ComponentRowPart,
  type DisableDirective,
  type EmbedContent,
  type EmbedSend,
  type IfGuard,
  type OrderEvent,
  type PrintedResult,
  type RareFacts,
  type CopyTests,
  gateOf,
  gatesCover,
  type NameLookupAt,
  savedKey,
  type ReportWhen,
  type SavedCopy,
  type SavedScope,
  type SavedVarEvent,
  type ZeroTest,
  sortedDiagnostics,
  type StatementResult,
  type StatementSummary,
  type VarEvent,
} from './facts';
import type { LoaderReading } from './engine/loader';
import { ifDoesNotStop } from './rules/ifGuard';
import { lookupHalts } from './rules/calls';
import { optionRefused, optionRequired } from '../language/headerWords';
import { COOLDOWNS, JSON_READERS_THAT_HALT } from './rules/callFacts';

/** A range in the file (absolute offsets). */
export interface Span {
  start: number;
  end: number;
}

/** Split-text readers the engine halts on when nothing is split (the others read empty text or 0). */
const SPLIT_READERS_THAT_HALT = new Set(['ZforSplit', 'ZsplitText', 'ZeditSplitText', 'ZremoveSplitTextElement']);

/** A saved-variable read that halts on the empty value, in file offsets (the read events of SavedVarEvent). */
export type SavedRead = {
  scope: SavedScope;
  name: string;
  by: string;
  text: string;
  start: number;
  end: number;
  zeroHalts?: true;
  halts?: string;
  /** Another member's user variable (SavedVarEvent.of). */
  of?: string;
  /** Read through a Zvar copy of that name (the range is the getter in the copy). */
  via?: string;
  /** Compared with 0 (SavedVarEvent.zeroTest), in file offsets. */
  zeroTest?: ZeroTest;
};

/** A set of a temporary variable ends the copy it held; a set whose name a call computes ('') may end any. */
function forgetCopy(copies: Map<string, unknown>, name: string): void {
  if (copies.size === 0) return;
  if (name === '') copies.clear();
  else copies.delete(name);
}

/** A statement's own diagnostics as the walk passes them on, with the codes a comment above silences. */
export type OwnDiagnostics = { index: number; diagnostics: readonly AnalysisDiagnostic[]; silenced?: string[] | null };

/** The embed parts an embed has one of (set again, the last one stays), and what each is, in words. */
const SINGLE_PARTS: Readonly<Record<string, string>> = {
  Ztitle: 'title',
  Zdescription: 'description',
  Zcolor: 'colour',
  Zfooter: 'footer',
  Zimage: 'image',
  Zthumbnail: 'thumbnail',
  Zauthor: 'author',
  ZtitleURL: 'title link',
  ZauthorIcon: 'author icon',
  ZauthorURL: 'author link',
  ZfooterIcon: 'footer icon',
};

/** embed-part-replaced's message, made once per part and embed (a file can repeat a part hundreds of times). */
const replacedMessages = new Map<string, string>();
function replacedMessage(name: string, index: string): string {
  const key = `${name} ${index}`;
  let message = replacedMessages.get(key);
  if (message === undefined) {
    message = `The ${name} below replaces this one: ${index === '1' ? 'an embed' : `embed ${index}`} has one ${SINGLE_PARTS[name]}, and the engine keeps the last one set, so this one never shows.${
      name === 'Zdescription' ? ' Put both texts in one Zdescription{...}: a line break inside its braces is kept.' : ' Keep one of them.'
    }`;
    replacedMessages.set(key, message);
  }
  return message;
}

/**
 * ZsendEmbed in text order with the embed parts: it halts the command when
 * nothing has built its embed yet, and the reply leaves out the embeds it
 * sent, so parts added to one afterwards never appear unless a later
 * ZsendEmbed sends it again.
 */
export class EmbedSends {
  /** `unseen`: code the analysis cannot read (Zeval) may build embeds. */
  constructor(readonly unseen: boolean) {}

  /** Embed indexes some part has been given so far (in any branch). */
  readonly built = new Set<string>();
  /** Embed indexes a top-level ZsendEmbed (or ZsendWebhook) has sent so far, with the function that sent each. */
  readonly sent = new Map<string, string>();
  /** The first top-level part given to each embed after it was sent, and what sent it. */
  readonly late = new Map<string, { name: string; start: number; end: number; sender: string }>();
  /** Where each embed is sent (absolute), for "sent again later". */
  readonly sends: { index: string; start: number }[] = [];
  /** The last top-level single-valued part of each embed since it was last sent, by index and then name (embed-part-replaced). */
  private readonly lastSet = new Map<string, Map<string, { start: number; end: number }>>();

  /** Every embed given parts was sent away by a ZsendEmbed outside any condition: the reply carries none. */
  allSentAway(): boolean {
    if (this.built.size === 0) return false;
    for (const index of this.built) if (!this.sent.has(index)) return false;
    return true;
  }

  /** The parts and sends of one statement, merged in text order. */
  track(parts: readonly EmbedContent[] | undefined, sends: readonly EmbedSend[] | undefined, base: number, out: AnalysisDiagnostic[]): void {
    let p = 0;
    let q = 0;
    const partCount = parts?.length ?? 0;
    const sendCount = sends?.length ?? 0;
    while (p < partCount || q < sendCount) {
      if (q >= sendCount || (p < partCount && parts![p].start < sends![q].start)) {
        const e = parts![p++];
        const index = String(engineEmbedIndex(e.index));
        this.built.add(index);
        if (e.topLevel && !e.background && Object.hasOwn(SINGLE_PARTS, e.name)) this.replace(e, index, base, out);
        const sender = e.topLevel ? this.sent.get(index) : undefined;
        if (sender && !this.late.has(index)) this.late.set(index, { name: e.name, start: base + e.start, end: base + e.end, sender });
        continue;
      }
      const send = sends![q++];
      const sender = send.edit ? 'ZeditEmbed' : send.webhook ? 'ZsendWebhook' : 'ZsendEmbed';
      const index = String(engineEmbedIndex(send.index));
      // Sent (or maybe sent): a part set after it makes the next message's embed, as meant.
      this.lastSet.delete(index);
      if (!send.edit) this.sends.push({ index, start: base + send.start });
      if (this.built.has(index)) {
        if (send.topLevel && !send.edit) this.sent.set(index, sender);
      } else if (!send.caught && !this.unseen)
        out.push({
          code: 'embed-not-built',
          severity: 'error',
          start: base + send.start,
          end: base + send.end,
          message: `${sender} ${send.edit ? 'puts' : 'sends'} embed ${index}${send.edit ? ' of this command into the message' : ''}, but nothing before it gives that embed a title, description or other part: the engine halts the command ("embed ${index} not found"). Build it first, e.g. Ztitle{...} and Zdescription{...} above this line.`,
        });
    }
  }

  forgetParts(): void {
    this.lastSet.clear();
  }

  /** A part set again (embeds/*.rs overwrite it: `e.description = Some(text)`): the earlier one never shows. */
  private replace(e: EmbedContent, index: string, base: number, out: AnalysisDiagnostic[]): void {
    let parts = this.lastSet.get(index);
    if (!parts) this.lastSet.set(index, (parts = new Map()));
    const earlier = parts.get(e.name);
    if (!earlier) {
      parts.set(e.name, { start: base + e.start, end: base + e.end });
      return;
    }
    if (!this.unseen)
      out.push({ code: 'embed-part-replaced', severity: 'warning', start: earlier.start, end: earlier.end, message: replacedMessage(e.name, index) });
    // The entry moves on to this part (no new object: a file can set a part hundreds of times).
    earlier.start = base + e.start;
    earlier.end = base + e.end;
  }

  reportLateParts(out: AnalysisDiagnostic[]): void {
    for (const [index, part] of this.late) {
      if (this.sends.some((s) => s.index === index && s.start > part.start)) continue;
      out.push({
        code: 'embed-already-sent',
        severity: 'warning',
        start: part.start,
        end: part.end,
        message: `${part.sender} above has already sent embed ${index}, and the reply leaves a sent embed out: ${part.name} here never appears. Build the reply's embed under another index (${Number(index) + 1}), or send this one again with ${part.sender}.`,
      });
    }
  }
}

/** The embed an index text selects, as the engine reads it: a whole number, anything else the first. */
export function engineEmbedIndex(text: string): number {
  // Most indexes are one digit (or left out): no regular expression for those.
  if (text.length === 1) {
    const c = text.charCodeAt(0);
    return c >= 48 && c <= 57 ? c - 48 : 1;
  }
  return /^\+?\d+$/.test(text) ? Number(text) : 1;
}

/** Discord's limit on a message's text, in characters: past it Discord refuses the message. */
export const MESSAGE_LIMIT = 2000;

/**
 * What the walk has seen so far, and its findings. Every field is set in the
 * declarations (one object shape); the whole-file checks read them after the
 * walk.
 */
export class FileWalk {
  /** The walk's findings, in the order found (fileChecks.ts adds the whole-file ones after them). */
  readonly out: AnalysisDiagnostic[] = [];
  /** Statement index -> codes silenced by a comment above it (null = all). */
  readonly lineSilence = new Map<number, string[] | null>();
  /** Lines inside multi-line calls silenced by a comment line above them (RareFacts.innerSilence), absolute. */
  readonly innerSilence: { start: number; end: number; codes: string[] | null }[] = [];
  readonly fileSilence = new Set<string>();
  /** The statements' own diagnostics (those with any). */
  readonly perStatement: OwnDiagnostics[] = [];
  private seenBody = false;

  // ---- the reply ----------------------------------------------------------------
  /** The first text the command prints as written, and its first embed part (event-output-nowhere). */
  firstOutput: Span | undefined = undefined;
  /** The first line of the first statement that writes text through calls (StatementSummary.meantText): event-output-nowhere. */
  firstWriting: Span | undefined = undefined;
  firstEmbed: Span | undefined = undefined;
  /** How many body statements in a row, up to this one, print text as written (no-line-break). */
  private previousPrinted = 0;
  /** Whether the last body statement wrote text of its own (no-line-break). */
  private previousText = false;
  /** Body statements, and whether any may put something into a slash command's or an interaction's answer (no-reply). */
  bodies = 0;
  answersSlash = false;
  answersInteraction = false;
  /** A line writes text (or anything but buttons, menus and embed parts) into the answer. */
  writesBesidesComponents = false;
  /** Some otherwise silent statement gives an embed parts (the answer, unless every embed is sent away). */
  embedAnswers = false;
  /** The first Zstop at a line's top level (absolute), and whether an embed part comes before it. */
  stop: number | undefined = undefined;
  embedBeforeStop = false;
  /** The first call of each kind whose effect depends on the command's type. */
  firstDefer: Span | undefined = undefined;
  /** The first Zupdate, where it runs or not (the answer to a modal ignores it). */
  firstUpdate: Span | undefined = undefined;
  /** A Zupdate and the first Zephemeral at a line's top level: both run. */
  topUpdate = false;
  topEphemeral: Span | undefined = undefined;
  firstUseChannel: Span | undefined = undefined;
  firstEphemeral: Span | undefined = undefined;
  firstReactions: Span | undefined = undefined;
  /** Moderation results written into the reply (action-prints-result). */
  readonly printedResults: PrintedResult[] = [];

  // ---- errors and guards --------------------------------------------------------
  /** A ZsuppressErrors with no call after it in the file, after some call (suppress-too-late); whether a call came yet. */
  suppressTooLate: Span | undefined = undefined;
  private callsBefore = false;
  /** A top-level ZsuppressErrors was met (guard-message-suppressed). */
  private suppressedBefore = false;
  /** The first call after a Zephemeral that can end the command with a message (refusal-not-ephemeral). */
  guardAfterEphemeral: { name: string; start: number; end: number } | undefined = undefined;
  /** The first statement that surely runs an action a refusal does not undo (guard-after-action). */
  private firstAction: { name: string; index: number } | undefined = undefined;
  /** A line before it can stop the command on a test (guard-after-action reports only actions none checked). */
  private checkedBefore = false;

  // ---- headers ------------------------------------------------------------------
  type: string | undefined = undefined;
  readonly options = new Set<string>();
  /** Options declared with the type attachment, and Zoption reads used as an address. */
  readonly attachmentOptions = new Set<string>();
  /** `#option` names of the type role. */
  readonly roleOptions = new Set<string>();
  readonly booleanOptions = new Set<string>();
  /** The options the loader makes required (optionRequired). */
  readonly requiredOptions = new Set<string>();
  readonly optionAddresses: { name: string; start: number; end: number; caught?: true }[] = [];
  readonly registration: RegistrationLine[] = [];
  readonly optionReads: { name: string; start: number; end: number; inCondition?: true }[] = [];
  /** The last engine-read line of each directive, and the lines a later one replaced. */
  private readonly lastDirective = new Map<string, { name: string; start: number; end: number }>();
  /** The last #scope line's word and where it is. */
  scope: { word: string; start: number; end: number } | undefined;
  readonly replacedDirectives: { name: string; start: number; end: number }[] = [];
  /** The last #name the engine reads. */
  commandName: string | undefined = undefined;
  /** An #option the engine's loader refuses the file for. */
  optionRefused = false;

  // ---- variables ----------------------------------------------------------------
  private readonly varsSet = new Set<string>();
  /** Zeval or a computed name may have set any temporary variable. */
  private anyVarSet: boolean;
  /** Temporary variables last set to a call that writes nothing, by name, until a line reads them (empty-value). */
  private readonly emptyVarSets = new Map<string, AnalysisDiagnostic>();
  /** Saved variables: names tested anywhere, scope:name keys surely set so far, and the reads to report. */
  readonly savedTested = new Set<string>();
  private readonly savedSet = new Set<string>();

  /** Whether a line of the file sets the saved variable `scope:name` (or one whose name a call computes). */
  setsSaved(key: string): boolean {
    return this.savedSet.has(key) || this.savedSet.has(`${key.slice(0, key.indexOf(':'))}:`);
  }
  /**
   * What the lines that can stop the command on a test of a saved variable (gates) vouch for: authors
   * without a value are turned away there (gateOf). A member's own state (`registered`, an open ticket)
   * vouches for all ('*': the command that set it may set their coins, or a server's counter, with it);
   * a game's channel variable or a server's setup for its own scope only ('*:channel', '*:server').
   */
  private readonly savedGates = new Set<string>();

  private gated(scope: string): boolean {
    return this.savedGates.size > 0 && gatesCover((gate) => this.savedGates.has(gate), scope);
  }
  readonly savedReads: SavedRead[] = [];
  /** Saved names by scope as the file's getters and setters use them, and the ZvarExists checks, for exists-checks-global. */
  readonly savedUses = new Map<string, SavedScope>();
  readonly globalUses = new Set<string>();
  /** The saved variables (`scope:name`) the command's own lines read or set, outside Zdelay's code. */
  readonly savedTouched = new Set<string>();
  /** Saved-variable getters in Zdelay's code (RareFacts.delayedUses), in file offsets. */
  readonly delayedReads: { scope: SavedScope; name: string; text: string; start: number; end: number; block: number; tested?: true }[] = [];
  /** The saved variables (`scope:name`) the command's own lines set to a computed value (RareFacts.computedSets). */
  readonly computedSets = new Set<string>();
  /** The saved variables (`scope:name`) the file treats as numbers: read by arithmetic, or set to an amount (RareFacts.numberSets). */
  readonly numericSaved = new Set<string>();
  readonly existsChecks: { name: string; by: string; start: number; end: number }[] = [];

  // ---- what runs in order: HTTP, JSON, split text, blocks, cooldowns, modal inputs ----
  private requested = false;
  private jsonMade: boolean;
  private splitDone = false;
  /** The first ZhttpAddHeader after a request, and whether another request follows it. */
  lateHeader: { start: number; end: number; resent: boolean } | undefined = undefined;
  /**
   * Names of the Zasync blocks started and not yet waited for, and of those waited for; `anyBlock`:
   * one whose name a call computes (or Zeval's code) may have any name.
   */
  private readonly asyncBlocks = new Set<string>();
  private readonly awaitedBlocks = new Set<string>();
  private anyBlock: boolean;
  readonly inputUses: Span[] = [];
  inputTested = false;
  readonly cooldowns: { name: string; start: number }[] = [];
  /** Cooldowns that refuse with the engine's default message and no ZsuppressErrors before them. */
  readonly defaultCooldowns: { name: string; start: number; end: number }[] = [];
  readonly labelSets: Span[] = [];

  // ---- embeds -------------------------------------------------------------------
  private readonly embedSet = new Set<string>();
  readonly embedSends: EmbedSends;
  /** Where the first ZaddField of each embed is. */
  readonly firstField = new Map<string, number>();
  /** Statements with embed parts (embedDiagnostics reads them; refold keeps the list current). */
  readonly embedStatements: number[] = [];
  readonly webhookSends: { index: string; start: number; end: number }[] = [];

  // ---- components ---------------------------------------------------------------
  private readonly ids = new Map<string, number>();
  /** The last select menu's ID and where it is. */
  private menuId: { id: string; start: number } | undefined = undefined;
  private menuOpen = false;
  /** The literal values of the current select menu's options. */
  private readonly optionValues = new Set<string>();
  private modalOpen = false;
  /** Where ZnewModal is called (modal-outside-interaction). */
  readonly modals: Span[] = [];
  /** A modal built at a line's top level: it surely replaces the answer (modal-drops-reply). */
  certainModal = false;
  readonly componentParts: ComponentEvent[] = [];
  /** Top-level buttons and select menus (component-rows-dropped). */
  readonly rowParts: ComponentRowPart[] = [];

  // ---- context ------------------------------------------------------------------
  /** Statements with uses of the event's context, read only in an event command (contextUses). */
  private readonly contextStatements: number[] = [];
  readonly memberUses: { name: string; start: number; end: number; caught?: true }[] = [];
  readonly ownMessageFetches: { name: string; start: number; end: number; caught?: true }[] = [];
  /** Statements with uses of the trigger message or its words, read only in a slash command (messageUses, messageWords). */
  private readonly messageStatements: number[] = [];
  /** Diagnostics true only under a condition on the whole file (StatementSummary.reportIf), in file offsets. */
  readonly reportIf: { when: ReportWhen; diagnostic: AnalysisDiagnostic }[] = [];
  firstWordNamed = false;
  loopIndexObject = false;
  /** The first clock or date read, and whether the command chooses its time zone. */
  zoneRead: { name: string; start: number; end: number } | undefined;
  setsZone: { start: number; end: number } | undefined;
  /** Ztime{zone} calls. */
  zoneSets = 0;
  /** Zdm calls (absolute) not yet followed by an action. */
  private pendingDms: { start: number; end: number }[] = [];
  /** Zifs that test access but only write, since the last guard (ABSOLUTE; if-does-not-stop). */
  private ifGuards: IfGuard[] = [];
  writesMention = false;
  imageTested = false;
  readonly numberTestedWords = new Set<string>();
  setsUserAgent = false;
  setsAccept = false;
  mentionTested = false;
  countTested = false;
  /** RareFacts.wordsAtLeast (0: no ZargsCheck), and the Zvar names holding a count of the message's words. */
  wordsAtLeast = 0;
  readonly wordCountCopies = new Set<string>();

  /** Whether the file makes sure of a list's count: it tests one, or splits a list written in the command (a Zvar set to written text). */
  get countKnown(): boolean {
    if (this.countTested) return true;
    for (const v of this.splitVars) if (this.literalVars.has(v)) return true;
    return false;
  }
  resultTested = false;
  listApi = false;
  otherApi = false;
  staffOnly = false;
  ownerOnly = false;
  codeBlock = false;
  /** Temporary variables some line sets to the message's text (RareFacts.userTextCopies). */
  readonly userTextCopies = new Set<string>();
  /** Typed reads of options, and what tells a left-out option apart (RareFacts.typedOptionReads, testedOptions, absenceTestedVars, optionCopies). */
  readonly typedOptionReads: NonNullable<RareFacts['typedOptionReads']> = [];
  readonly testedOptions = new Set<string>();
  readonly absenceTestedVars = new Set<string>();
  readonly optionCopies: { v: string; option: string }[] = [];
  /** Key paths used as JSON lists anywhere in the file (RareFacts.jsonLists). */
  readonly jsonLists = new Set<string>();
  readonly boundedAmounts = new Set<string>();
  /** Temporary variables holding an amount the user typed, and where from (`Zvar{bet}` → `Zmessage{2}`). */
  readonly amountCopies = new Map<string, string>();
  /** Temporary variables holding a list's count, and those compared in a condition (random-range-may-be-empty). */
  readonly countCopies = new Set<string>();
  readonly comparedVars = new Set<string>();
  readonly splitVars = new Set<string>();
  /** Where the command's own lines first choose a time zone other than Asia/Tokyo (RareFacts.zoneChoice), absolute. */
  zoneChoice: number | undefined = undefined;
  /** The top-level splits in text order, and the items of those whose count is known (RareFacts.splitCounts), absolute. */
  readonly splitCounts: { start: number; count?: number }[] = [];

  /** Whether a header or body statement (something the loader would load) starts after `at` (absolute). */
  contentAfter(at: number): boolean {
    const { statements, starts } = this.tree;
    for (let i = statements.length - 1; i >= 0 && starts[i] > at; i--) {
      const kind = statements[i].kind;
      if (kind === StatementKind.Body || kind === StatementKind.Header) return true;
    }
    return false;
  }

  /** The items of the last top-level split before `at`, when known (a split of text the bot writes in a fixed shape). */
  splitCountBefore(at: number): number | undefined {
    let count: number | undefined;
    for (const c of this.splitCounts) {
      if (c.start >= at) break;
      count = c.count;
    }
    return count;
  }
  readonly literalVars = new Set<string>();
  pollSendUncaught = false;
  pollSendCaught = false;
  authorHasRole = false;
  outsideJson = false;
  splitSure = false;
  splitMaybeNone = false;
  /** Characters of text the command writes outside calls (a lower bound of its reply's length), and where it passes the limit. */
  replyLength = 0;
  replyTooLong: { start: number; end: number } | undefined;
  readonly aliases = new Set<string>();

  constructor(
    private readonly tree: SyntaxTree,
    private readonly results: readonly StatementResult[],
    private readonly loader: LoaderReading,
    /** Zeval runs code written as text, out of sight: it may make the JSON object, set any variable, start a block of any name, build embeds. */
    readonly evalRuns: boolean,
  ) {
    this.anyVarSet = evalRuns;
    this.jsonMade = evalRuns;
    this.anyBlock = evalRuns;
    this.embedSends = new EmbedSends(evalRuns);
  }

  // Most commands are neither event nor slash commands: these uses are kept as statement numbers, and
  // made into file offsets only when a check asks (a copy per use cost the walk of a large file milliseconds).

  /** Uses of the event's context, in file offsets (empty-event-context). */
  get contextUses(): { name: string; start: number; end: number; caught?: true }[] {
    return this.rebasedUses(this.contextStatements, (s) => s.contextUses);
  }

  /** Uses of the trigger message, in file offsets (message-in-slash). */
  get messageUses(): { name: string; halts?: true; start: number; end: number }[] {
    return this.rebasedUses(this.messageStatements, (s) => s.messageUses);
  }

  /** `Zmessage{n}` with a written number, in file offsets (a slash command's nth option). */
  get messageWords(): { n: number; start: number; end: number }[] {
    return this.rebasedUses(this.messageStatements, (s) => s.rare?.messageWords);
  }

  private rebasedUses<T extends { start: number; end: number }>(statements: readonly number[], uses: (s: StatementSummary) => readonly T[] | undefined): T[] {
    const out: T[] = [];
    for (const i of statements) {
      const base = this.tree.starts[i];
      for (const u of uses(this.results[i].summary) ?? []) out.push({ ...u, start: base + u.start, end: base + u.end });
    }
    return out;
  }

  /** Walks every statement in order. */
  run(): this {
    const { tree, results } = this;
    const starts = tree.starts;
    for (let i = 0; i < results.length; i++) this.statement(i, results[i], starts[i]);
    if (this.laterReads.length) this.settleLaterReads();
    if (this.lineSilence.size) {
      for (const p of this.perStatement) if (this.lineSilence.has(p.index)) p.silenced = this.lineSilence.get(p.index);
    }
    return this;
  }

  private statement(i: number, result: StatementResult, base: number): void {
    const s = result.summary;
    const kind = result.kind;
    if (s.disable) this.silence(i, s.disable);
    if (s.rare?.innerSilence) for (const r of s.rare.innerSilence) this.innerSilence.push({ start: base + r.start, end: base + r.end, codes: r.codes });
    if (kind === StatementKind.Body) this.body(s, base);
    if (kind === StatementKind.Body && s.meantText && !this.firstWriting) {
      const text = this.tree.text;
      const lineEnd = text.indexOf('\n', base);
      let end = Math.min(this.tree.starts[i + 1], lineEnd < 0 ? text.length : lineEnd);
      while (end > base && /\s/.test(text[end - 1])) end--;
      if (end > base) this.firstWriting = { start: base, end };
    }
    if (s.header?.engine && !s.bom && this.loader.directives.has(i)) this.header(s.header, base);
    if (s.embedEvents) this.embedOrder(s.embedEvents, base);
    if (s.orderEvents) this.order(s.orderEvents, base);
    if (s.varEvents) this.variables(s.varEvents, base);
    // After the line's own sets (which end what an earlier flag meant).
    if (s.stateFlag) this.stateFlags.set(s.stateFlag.v, s.stateFlag.value);
    if (s.flagGuard && this.stateFlags.get(s.flagGuard.v) === s.flagGuard.value) this.savedGates.add('*');
    if (s.emptyVarSets) this.emptyVariables(s.emptyVarSets, base);
    // Only an action no earlier line checked anyone for: after a first guard (or ZonlyIf, or a Zstop) the
    // same question asked again turns no one away who reached the action.
    // (A line with both: the check may come first on it, so its action is not counted.)
    // In an event a cooldown limits how often the lines after it run (XP once a minute), not who may act: no guard.
    if (s.guard && this.firstAction && !(this.type === 'event' && COOLDOWNS.has(s.guard.name)))
      this.out.push(guardAfterAction(s.guard, base, this.firstAction, i, this.tree));
    if (s.mayStop) this.checkedBefore = true;
    if (s.action && !this.firstAction && !this.checkedBefore) this.firstAction = { name: s.action, index: i };
    // A DM on an earlier line can halt the command before this action (a user with DMs closed).
    if (s.action && this.pendingDms.length) {
      for (const d of this.pendingDms) this.out.push(dmMayFail(d, s.action, this.tree.text));
      this.pendingDms = [];
    }
    // A Zif that only wrote a refusal stops no one: the next lasting action runs for everyone, unless a guard came between.
    if (this.ifGuards.length !== 0 && (s.mayStop || s.guard)) this.ifGuards = [];
    else if (this.ifGuards.length !== 0 && s.action) {
      for (const g of this.ifGuards) this.out.push(ifDoesNotStop(g, s.action));
      this.ifGuards = [];
    }
    // Facts few lines have, behind one test (the walk reads every line of the file after each edit).
    if (s.rare) this.rareFacts(s.rare, base);
    // After rareFacts: a copy made on this line is tested by a condition of the lines after it (or this one's).
    if (s.testedVars !== undefined && this.copies.size !== 0) this.copyTests(s.testedVars, s.mayStop === true);
    if (s.savedVars) this.savedVariables(s.savedVars, base);
    if (s.contextUses) this.contextStatements.push(i);
    if (s.componentEvents) this.components(s.componentEvents, base);
    if (s.componentRows) for (const r of s.componentRows) this.rowParts.push({ ...r, start: base + r.start, end: base + r.end });
    if (s.messageUses || s.rare?.messageWords) this.messageStatements.push(i);
    if (s.reportIf) for (const r of s.reportIf) this.reportIf.push({ when: r.when, diagnostic: rebased(r.diagnostic, base) });
    if (s.printedResults)
      for (const r of s.printedResults) this.printedResults.push({ ...r, start: base + r.start, nameEnd: base + r.nameEnd, close: base + r.close });
    if (s.typeDependentCalls) this.typeDependent(s.typeDependentCalls, base);
    // A refusal after Zephemeral (on an earlier line, or before it on this one), unless errors are suppressed by then.
    if (s.refusal && this.firstEphemeral && !this.guardAfterEphemeral && !this.suppressedBefore && this.firstEphemeral.start < base + s.refusal.start)
      this.guardAfterEphemeral = { name: s.refusal.name, start: base + s.refusal.start, end: base + s.refusal.end };
    if (s.webhookSends) for (const w of s.webhookSends) this.webhookSends.push({ ...w, start: base + w.start, end: base + w.end });
    if (s.embedContent || s.embedSends) this.embedSends.track(s.embedContent, s.embedSends, base, this.out);
    // A line that may end the command (a guard, Zstop) may keep a part set above it from being replaced.
    if (s.mayStop || s.stops !== undefined) this.embedSends.forgetParts();
    if (s.embedContent) this.embedParts(i, s.embedContent, base);
    if (s.aliasDefs) for (const a of s.aliasDefs) this.aliases.add(a.name);
    if (s.componentIds) this.componentIds(s.componentIds, base);
    if (s.optionAddresses) for (const r of s.optionAddresses) this.optionAddresses.push({ ...r, start: base + r.start, end: base + r.end });
    if (s.optionReads) for (const r of s.optionReads) this.optionReads.push({ ...r, start: base + r.start, end: base + r.end });
    if (result.diagnostics.length) this.own(i, result);
  }

  /** The facts that StatementSummary.rare says a line has. */
  private rareFacts(s: RareFacts, base: number): void {
    if (s.lookupCopies)
      for (const c of s.lookupCopies) this.lookupCopies.set(c.v, { ...c, start: base + c.start, end: base + c.end, nameEnd: base + c.nameEnd });
    if (s.emptyTestedVars && this.lookupCopies.size)
      for (const v of s.emptyTestedVars) {
        const lookup = this.lookupCopies.get(v);
        if (!lookup) continue;
        this.out.push(lookupHalts(lookup, `comparing Zvar{${v}} with empty text`));
        this.lookupCopies.delete(v);
      }
    if (s.copies)
      for (const c of s.copies) {
        this.copies.set(c.v, c.tests);
        if (c.getter) this.savedCopies.set(c.v, { ...c.getter, start: base + c.getter.start, end: base + c.getter.end });
      }
    if (s.channelPerms) this.channelPerms(s.channelPerms, base);
    if (s.dms) for (const d of s.dms) this.pendingDms.push({ start: base + d.start, end: base + d.end });
    // Not after a guard (it turned the others away already), nor in an event, which no user starts.
    if (s.ifGuards && !this.checkedBefore && this.type !== 'event')
      for (const g of s.ifGuards)
        this.ifGuards.push({
          ...g,
          start: base + g.start,
          end: base + g.end,
          refusal: { ...g.refusal, start: base + g.refusal.start, end: base + g.refusal.end },
        });
    if (s.loopIndexObject) this.loopIndexObject = true;
    if (s.computedSets) for (const k of s.computedSets) this.computedSets.add(k);
    if (s.numberSets) for (const k of s.numberSets) this.numericSaved.add(k);
    if (s.delayedUses)
      for (const r of s.delayedUses) {
        if (r.read)
          this.delayedReads.push({
            scope: r.scope,
            name: r.name,
            text: r.text,
            start: base + r.start,
            end: base + r.end,
            block: base + r.block,
            tested: r.tested,
          });
        // Still a use of the variable for the checks that compare scopes and names.
        if (r.scope === 'global') this.globalUses.add(r.name);
        else if (!this.savedUses.has(r.name)) this.savedUses.set(r.name, r.scope);
      }
    if (s.zoneRead && !this.zoneRead) this.zoneRead = { name: s.zoneRead.name, start: base + s.zoneRead.start, end: base + s.zoneRead.end };
    if (s.setsZone) {
      this.zoneSets += s.zoneSets ?? 1;
      if (!this.setsZone) this.setsZone = { start: base + s.setsZone.start, end: base + s.setsZone.end };
    }
    if (s.memberUses) for (const u of s.memberUses) this.memberUses.push({ ...u, start: base + u.start, end: base + u.end });
    if (s.ownMessageFetches) for (const u of s.ownMessageFetches) this.ownMessageFetches.push({ ...u, start: base + u.start, end: base + u.end });
    if (s.firstWordNamed) this.firstWordNamed = true;
    // After body(): a ZsuppressErrors earlier on the same line counts.
    if (s.defaultCooldowns && !this.suppressedBefore)
      for (const c of s.defaultCooldowns) this.defaultCooldowns.push({ name: c.name, start: base + c.start, end: base + c.end });
    if (s.writesMention) this.writesMention = true;
    if (s.imageTested) this.imageTested = true;
    if (s.numberTestedWords) for (const n of s.numberTestedWords) this.numberTestedWords.add(n);
    if (s.setsUserAgent) this.setsUserAgent = true;
    if (s.setsAccept) this.setsAccept = true;
    if (s.mentionTested) this.mentionTested = true;
    if (s.countTested) this.countTested = true;
    if (s.wordsAtLeast !== undefined && s.wordsAtLeast > this.wordsAtLeast) this.wordsAtLeast = s.wordsAtLeast;
    if (s.wordCountCopies) for (const v of s.wordCountCopies) this.wordCountCopies.add(v);
    if (s.resultTested) this.resultTested = true;
    if (s.listApi) this.listApi = true;
    if (s.otherApi) this.otherApi = true;
    if (s.staffOnly) this.staffOnly = true;
    if (s.ownerOnly) this.ownerOnly = true;
    if (s.userTextCopies) for (const v of s.userTextCopies) this.userTextCopies.add(v);
    if (s.codeBlock) this.codeBlock = true;
    if (s.jsonLists) for (const l of s.jsonLists) this.jsonLists.add(l);
    if (s.typedOptionReads) for (const r of s.typedOptionReads) this.typedOptionReads.push({ ...r, start: base + r.start, end: base + r.end });
    if (s.testedOptions) for (const o of s.testedOptions) this.testedOptions.add(o);
    if (s.absenceTestedVars) for (const v of s.absenceTestedVars) this.absenceTestedVars.add(v);
    if (s.optionCopies) this.optionCopies.push(...s.optionCopies);
    if (s.boundedAmounts) for (const a of s.boundedAmounts) this.boundedAmounts.add(a);
    if (s.amountCopies) for (const c of s.amountCopies) this.amountCopies.set(`Zvar{${c.v}}`, c.from);
    if (s.countCopies) for (const v of s.countCopies) this.countCopies.add(v);
    if (s.comparedVars) for (const v of s.comparedVars) this.comparedVars.add(v);
    if (s.splitVars) for (const v of s.splitVars) this.splitVars.add(v);
    if (s.splitCounts) for (const c of s.splitCounts) this.splitCounts.push({ start: base + c.start, count: c.count });
    if (s.zoneChoice !== undefined && this.zoneChoice === undefined) this.zoneChoice = base + s.zoneChoice;
    if (s.pollSendUncaught) this.pollSendUncaught = true;
    if (s.pollSendCaught) this.pollSendCaught = true;
    if (s.authorHasRole) this.authorHasRole = true;
    if (s.outsideJson) this.outsideJson = true;
    if (s.splits === 'sure' || s.splits === 'both') this.splitSure = true;
    if (s.splits === 'maybeNone' || s.splits === 'both') this.splitMaybeNone = true;
  }

  private silence(i: number, disable: DisableDirective): void {
    if (disable.nextLine) {
      // The next non-blank statement.
      const statements = this.tree.statements;
      let j = i + 1;
      while (j < statements.length && statements[j].kind === StatementKind.Blank) j++;
      this.lineSilence.set(j, disable.codes);
    } else if (!this.seenBody) {
      for (const c of disable.codes ?? Object.keys(DIAGNOSTIC_CODES)) this.fileSilence.add(c);
    }
  }

  private body(s: StatementSummary, base: number): void {
    this.seenBody = true;
    this.bodies++;
    // ZsuppressErrors acts on the errors after it: one with no call after it in the file hides nothing.
    if (s.calls !== undefined && s.calls.size > 0) {
      this.suppressTooLate =
        s.suppress?.last && (this.callsBefore || s.calls.size > 1) ? { start: base + s.suppress.start, end: base + s.suppress.end } : undefined;
      this.callsBefore = true;
    }
    // A guard's refusal is an error to the engine: after ZsuppressErrors it shows the suppression's text instead of its own.
    // An event command's refusals are noise in the channel: silencing them is what ZsuppressErrors is there for.
    // A usage check (ZargsCheck, ZonlyIf, Zerror) is refused the same way as an access guard.
    const refused = s.guard ?? s.refusal;
    // A cooldown with no message of its own loses none: the suppression's text is then its message.
    const ownMessage = !(refused && COOLDOWNS.has(refused.name) && s.rare?.defaultCooldowns?.some((c) => c.start === refused.start));
    if (refused && ownMessage && this.suppressedBefore && this.type !== 'event') this.out.push(guardMessageSuppressed(refused, base));
    if (s.suppress) this.suppressedBefore = true;
    if (!s.silent) this.answersSlash = true;
    if (s.embedAnswer) this.embedAnswers = true;
    if (s.silent !== 'always') this.answersInteraction = true;
    if (!s.silent && !s.componentsOnly) this.writesBesidesComponents = true;
    if (this.stop === undefined && s.embedContent) this.embedBeforeStop = true;
    if (this.stop === undefined && s.stops !== undefined) this.stop = base + s.stops;
    // The engine concatenates the statements' output: two lines of text in a row print as one.
    // Reported once per run of such lines, at its second line; a line that only writes what its calls give
    // (`ZgetUserVar{coins}`) counts beside a line of text, not beside another such line.
    const printed = s.printedText ?? s.printedValue;
    if (printed !== undefined && this.previousPrinted === 1 && (s.printedText !== undefined || this.previousText))
      this.out.push({
        code: 'no-line-break',
        // Information, not a warning: the author may mean the lines as one, and no spelling keeps
        // a line break between statements.
        severity: 'information',
        start: base + printed,
        end: base + printed + 1,
        message: `The engine puts no line break between lines: ${s.printedText !== undefined ? "this line's text, and that of the text lines right after it," : "what this line's calls write"} is written straight after the previous line's. To keep them on separate lines, write them inside one call's braces, where line breaks are kept (Zdescription{...}, for one), or join them on one line.`,
      });
    this.previousPrinted = printed === undefined ? 0 : this.previousPrinted + 1;
    this.previousText = s.printedText !== undefined;
    if (s.printedText !== undefined && !this.firstOutput) this.firstOutput = { start: base + s.printedText, end: base + s.printedText + 1 };
    if (s.printedLength !== undefined) {
      this.replyLength += s.printedLength;
      // Where the text written so far passes Discord's limit on a message.
      if (this.replyLength > MESSAGE_LIMIT && !this.replyTooLong) this.replyTooLong = { start: base + s.printedText!, end: base + s.printedText! + 1 };
    }
  }

  private header(header: NonNullable<StatementSummary['header']>, base: number): void {
    // Each of these lines replaces the one before: only the last counts (#option adds one option each).
    if (header.name !== '#option') {
      const earlier = this.lastDirective.get(header.name);
      if (earlier) this.replacedDirectives.push(earlier);
      this.lastDirective.set(header.name, { name: header.name, start: base + header.valueStart, end: base + Math.max(header.valueEnd, header.valueStart + 1) });
    }
    if (header.name === '#type') this.type = header.key;
    if (header.name === '#scope')
      this.scope = { word: header.value.trim(), start: base + header.valueStart, end: base + Math.max(header.valueEnd, header.valueStart + 1) };
    if (header.name === '#name') this.commandName = header.value.trim();
    if (header.name === '#option' && optionRefused(header.value)) this.optionRefused = true;
    if (header.name === '#option') this.options.add(header.key!);
    if (header.attachment) this.attachmentOptions.add(header.key!);
    if (header.name === '#option' && header.fields?.[2]?.toLowerCase() === 'role') this.roleOptions.add(header.key!);
    if (header.name === '#option' && header.fields?.[2]?.toLowerCase() === 'boolean') this.booleanOptions.add(header.key!);
    if (header.name === '#option' && header.fields && optionRequired(header.fields)) this.requiredOptions.add(header.key!);
    if (header.name === '#option' || header.name === '#description')
      this.registration.push({
        name: header.name,
        value: header.value,
        valueStart: base + header.valueStart,
        valueEnd: base + header.valueEnd,
        fields: header.fields,
      });
  }

  private embedOrder(events: NonNullable<StatementSummary['embedEvents']>, base: number): void {
    for (const e of events) {
      // The embed as the engine reads its index (embeds/helpers.rs parse_index): "01" and "1" are one embed.
      const key = `${e.base}\u0000${engineEmbedIndex(e.index)}`;
      if (!e.dependent) this.embedSet.add(key);
      else if (!this.embedSet.has(key))
        this.out.push({
          code: 'embed-part-order',
          severity: 'error',
          start: base + e.start,
          end: base + e.end,
          message: `${e.name} needs ${e.base} to be set first for the same embed: the engine halts the command here. Move ${e.base}{...} above this line.`,
        });
    }
  }

  private order(events: readonly OrderEvent[], base: number): void {
    for (const e of events) {
      switch (e.kind) {
        case 'split':
          this.splitDone = true;
          break;
        case 'split-read':
          if (!this.splitDone) {
            const halts = SPLIT_READERS_THAT_HALT.has(e.name);
            this.readBeforeMade(
              'split-text-before-split',
              e,
              base,
              halts,
              `${e.name} works on the elements stored by ZtextSplit, but no ZtextSplit{text;separator} has run before this point, so there is nothing to read${halts ? ': the engine halts the command' : ''}.`,
            );
          }
          break;
        case 'request':
          this.requested = true;
          if (this.lateHeader) this.lateHeader.resent = true;
          break;
        case 'json-make':
          this.jsonMade = true;
          break;
        case 'json-read':
          if (!this.jsonMade) {
            const halts = JSON_READERS_THAT_HALT.has(e.name);
            this.readBeforeMade(
              'json-read-before-parse',
              e,
              base,
              halts,
              `${e.name} works on the JSON object made by ZjsonParse (or ZjsonSet), but none has run before this point${halts ? ': the engine halts the command' : ', so it reads nothing'}.${this.requested ? ' An HTTP answer is not parsed by itself: read it with ZhttpResult{key}, or parse it first with ZjsonParse{ZhttpResult}.' : ''}`,
            );
          }
          break;
        case 'header':
          if (this.requested && !this.lateHeader) this.lateHeader = { start: base + e.start, end: base + e.end, resent: false };
          break;
        case 'input':
          this.inputUses.push({ start: base + e.start, end: base + e.end });
          if (e.tested) this.inputTested = true;
          break;
        case 'async':
          if (e.block === undefined) this.anyBlock = true;
          else this.asyncBlocks.add(e.block);
          break;
        case 'await':
          this.await(e, base);
          break;
        case 'cooldown':
          this.cooldowns.push({ name: e.name, start: base + e.start });
          break;
        case 'cooldown-labels':
          this.labelSets.push({ start: base + e.start, end: base + e.end });
          break;
        case 'result':
          if (!this.requested)
            this.out.push({
              code: 'http-result-before-request',
              severity: 'warning',
              start: base + e.start,
              end: base + e.end,
              message: `${e.name} reads the answer of an HTTP request, but no request (ZhttpGet, ZhttpPost, ...) has run before this point, and every run of a command starts with none: ${e.name === 'ZhttpStatus' ? 'it is 0 here, so a test of it always goes the same way' : 'it is empty here'}. Make the request first.`,
            });
          break;
      }
    }
  }

  /** A read of what nothing before it has made: an error where the reader then halts. */
  private readBeforeMade(code: 'split-text-before-split' | 'json-read-before-parse', e: Span, base: number, halts: boolean, message: string): void {
    this.out.push({ code, severity: halts ? 'error' : 'warning', start: base + e.start, end: base + e.end, message });
  }

  private await(e: OrderEvent, base: number): void {
    const started = e.block !== undefined && this.asyncBlocks.has(e.block);
    // Waiting takes the block away (when the first wait surely ran): but that wait crashed the command.
    if (started && !e.uncertain && !e.caught) {
      this.asyncBlocks.delete(e.block!);
      this.awaitedBlocks.add(e.block!);
    }
    if (e.block && !this.anyBlock && !started && !e.caught) {
      // A second wait for a block is reached only when the first did not run: its crash is reported.
      if (!this.awaitedBlocks.has(e.block))
        this.out.push({
          code: 'await-without-async',
          severity: 'error',
          start: base + e.start,
          end: base + e.end,
          message: `Zawait{${e.block}} waits for the Zasync block named "${e.block}", but no Zasync{${e.block};...} has started before this point in the command: the engine halts it here (no async block named "${e.block}"). ${
            this.asyncBlocks.size > 0
              ? `The blocks started before it are named ${[...this.asyncBlocks].map((b) => `"${b}"`).join(', ')}.`
              : 'Start the block first: Zasync{name;code} above this line.'
          }`,
        });
    } else if (started || !e.caught || this.anyBlock || !e.block) {
      // The block exists (or may: a computed name, Zeval): engine 1.8.5 then waits for it with a
      // blocking call from inside its own async runtime, which panics. A panic is no halt: ZtryRun
      // does not catch it, and nothing is sent.
      this.out.push({
        code: 'await-crashes',
        severity: 'error',
        start: base + e.start,
        end: base + e.end,
        message: `${
          started
            ? `Zawait{${e.block}} crashes ${e.background ? 'the Zdelay or Zasync code it is in' : 'the command'}: the engine (1.8.5) waits for the block "${e.block}" with a blocking call from inside its own async runtime, which panics.`
            : `Zawait fails whatever block it names: the engine (1.8.5) crashes ${e.background ? 'the Zdelay or Zasync code it is in' : 'the command'} when the block exists (it waits with a blocking call from inside its own async runtime, which panics), and ${e.caught ? 'fails (ZtryRun catches that)' : 'halts it'} when it does not.`
        } ${
          e.background
            ? 'That code stops here, silently, and ZtryRun does not catch it.'
            : 'The command stops here without a reply, ZtryRun does not catch it, and what it did before stays done.'
        } Run the block's code directly where its result is needed (Zasync alone is fine for work whose result is not read).`,
      });
    }
  }

  /** A temporary variable set to a call that writes nothing, reported at the first later read (Zeval may read any). */
  private emptyVariables(sets: NonNullable<StatementSummary['emptyVarSets']>, base: number): void {
    for (const { name, diagnostic } of sets) {
      const placed = { ...diagnostic, start: base + diagnostic.start, end: base + diagnostic.end };
      if (this.evalRuns) this.out.push(placed);
      else this.emptyVarSets.set(name, placed);
    }
  }

  /** Temporary variables last set to a value made of no saved variable (VarEvent.fromState): no registration flag. */
  private readonly freshVars = new Set<string>();
  /**
   * Temporary flags last set only where a saved variable holds a value (StatementSummary.stateFlag), with the
   * value they were set to: `Zif{ZgetUserVar{started}==true;Zvar{registered;true}}`. A ZonlyIf that lets
   * through only that value (`ZonlyIf{Zvar{registered}==true;...}`) turns away every member without the saved
   * value: a gate, like a test of the saved variable.
   */
  private readonly stateFlags = new Map<string, string>();

  private variables(events: readonly VarEvent[], base: number): void {
    for (const v of events) {
      if (v.written) this.literalVars.add(v.name);
      if (v.set) {
        if (v.name === '') {
          this.freshVars.clear();
          this.stateFlags.clear();
        } else {
          if (v.fromState) this.freshVars.delete(v.name);
          else this.freshVars.add(v.name);
          this.stateFlags.delete(v.name);
        }
      }
      if (!v.set && this.emptyVarSets.size) {
        const pending = this.emptyVarSets.get(v.name);
        if (pending) {
          this.out.push(pending);
          this.emptyVarSets.delete(v.name);
        }
      }
      // A set of another value ends what an earlier empty one meant (the read gets the new value).
      if (v.set && this.emptyVarSets.size) this.emptyVarSets.delete(v.name);
      if (v.set) {
        if (v.name === '') this.anyVarSet = true;
        else this.varsSet.add(v.name);
        // A copy set again holds something else now (the line's own copy is recorded after this: rareFacts).
        forgetCopy(this.copies, v.name);
        forgetCopy(this.savedCopies, v.name);
        forgetCopy(this.lookupCopies, v.name);
        // The channel or target a variable named may be another one now (a loop over channels).
        if (this.permsSet.size) for (const key of this.permsSet.keys()) if (v.name === '' || key.includes(`Zvar{${v.name}}`)) this.permsSet.delete(key);
      } else if (!this.anyVarSet && !this.varsSet.has(v.name)) {
        if (v.later) this.laterReads.push({ v, base });
        else this.out.push(readBeforeSet(v, base));
      } else if (v.numeric && !v.branch && !v.inLoop && this.savedCopies.size) this.copyReadAsNumber(v.name, v.numeric);
    }
  }

  /** Saved variables the author's own Zvar copies hold (`Zvar{xp;ZgetUserVar{xp}}`), while they do: absolute ranges. */
  private readonly savedCopies = new Map<string, SavedCopy>();

  /**
   * `Zdiv{Zvar{xp};100}` after `Zvar{xp;ZgetUserVar{xp}}`: the copy is as empty as the saved variable for a
   * member who has none, and the function halts on it. Reported once per copy, at its getter, on the same
   * terms as a read of the getter itself (savedVariables).
   */
  private copyReadAsNumber(v: string, by: string): void {
    const copy = this.savedCopies.get(v);
    if (!copy) return;
    const key = savedKey(copy);
    // A gate turns away authors without a value; another member's variable is not the author's.
    if ((this.gated(copy.scope) && copy.of === undefined) || this.savedSet.has(key) || this.savedSet.has(`${copy.scope}:`) || this.savedTested.has(key)) return;
    this.savedCopies.delete(v);
    this.savedReads.push({ scope: copy.scope, name: copy.name, by, text: copy.text, start: copy.start, end: copy.end, via: v, of: copy.of });
  }

  /** Reads inside Zdelay code that no set before them covers: a set on a later line runs before them too (settleLaterReads). */
  private readonly laterReads: { v: VarEvent; base: number }[] = [];

  /** After the walk: the reads of laterReads that no set of the whole command covers. */
  private settleLaterReads(): void {
    for (const { v, base } of this.laterReads) if (!this.anyVarSet && !this.varsSet.has(v.name)) this.out.push(readBeforeSet(v, base));
  }

  /** The ZeditChannelPerms calls so far of each channel and target (RareFacts.channelPerms): their permissions and absolute ranges. */
  private readonly permsSet = new Map<string, { perms: string; calls: { start: number; end: number }[] }>();

  private channelPerms(calls: NonNullable<RareFacts['channelPerms']>, base: number): void {
    for (const c of calls) {
      const range = { start: base + c.start, end: base + c.close + 1 };
      const before = this.permsSet.get(c.target);
      if (!before) {
        this.permsSet.set(c.target, { perms: c.perms, calls: [range] });
        continue;
      }
      // A call that gives every permission the ones before gave loses nothing.
      const given = new Set(c.perms.split(';').map((p) => p.trim()));
      if (before.perms.split(';').every((p) => given.has(p.trim()))) {
        this.permsSet.set(c.target, { perms: c.perms, calls: [range] });
        continue;
      }
      const index = new LineIndex(this.tree.text);
      const lines = before.calls.map((b) => index.positionAt(b.start).line + 1);
      const close = base + c.close;
      this.out.push({
        code: 'channel-perms-replaced',
        severity: 'warning',
        start: base + c.start,
        end: base + c.end,
        message: `ZeditChannelPerms sets the whole list of a member's or role's permissions in the channel, so this call replaces what ${lines.length === 1 ? `the one on line ${lines[0]}` : `those on lines ${lines.join(', ')}`} set for the same channel and target (${before.perms}): only ${c.perms} is left. Give all of them in one call.`,
        // One call with every permission, in the place of the last: the ones before are removed.
        fixes: [
          {
            title: 'Merge them into this call',
            edits: [...before.calls.map((b) => ({ start: b.start, end: b.end, newText: '' })), { start: close, end: close, newText: `;${before.perms}` }],
            preferred: true,
          },
        ],
      });
      this.permsSet.set(c.target, { perms: `${before.perms};${c.perms}`, calls: [...before.calls, range] });
    }
  }

  /** Lookups by name that halt when nothing has the name, by the Zvar that holds one (RareFacts.lookupCopies), absolute. */
  private readonly lookupCopies = new Map<string, NameLookupAt>();
  /** What each temporary variable holds a copy of (RareFacts.copies), while it does. */
  private readonly copies = new Map<string, CopyTests>();

  /** A test of a copy is a test of what it copies (CopyTests); `mayStop`: the line can stop the command (a gate, as for a test of the call). */
  private copyTests(tested: NonNullable<StatementSummary['testedVars']>, mayStop: boolean): void {
    for (const t of tested) {
      const tests = this.copies.get(t.v);
      if (!tests) continue;
      if (tests.saved) {
        this.savedTested.add(tests.saved);
        if (mayStop) this.savedGates.add(gateOf(tests.saved));
      }
      if (tests.image) this.imageTested = true;
      if (tests.mention) this.mentionTested = true;
      if (tests.word && t.number) this.numberTestedWords.add(tests.word);
    }
  }

  /** Whether a test of the saved variable comes before `start` in this statement (a test after a read guards nothing: the read has halted). */
  private static testedBefore(events: readonly SavedVarEvent[], v: SavedVarEvent): boolean {
    for (const t of events) if (t.kind === 'test' && t.scope === v.scope && t.name === v.name && t.of === v.of && t.start! < v.start!) return true;
    return false;
  }

  private savedVariables(events: readonly SavedVarEvent[], base: number): void {
    // The statement's reads first: a read after a set in the same statement is gone already (statement.ts).
    // A read counts where no test of its variable came before it, in this statement or an earlier one.
    for (const v of events)
      if (
        v.kind === 'read' &&
        // A gate turns away authors without a value; another member's variable is not the author's.
        (!this.gated(v.scope) || v.of !== undefined) &&
        !this.savedSet.has(savedKey(v)) &&
        !this.savedSet.has(`${v.scope}:`) &&
        !this.savedTested.has(savedKey(v)) &&
        !FileWalk.testedBefore(events, v) &&
        (v.underVars === undefined || v.underVars.every((n) => this.freshVars.has(n)))
      )
        this.savedReads.push({
          scope: v.scope,
          name: v.name,
          by: v.by!,
          text: v.text!,
          start: base + v.start!,
          end: base + v.end!,
          zeroHalts: v.zeroHalts,
          halts: v.halts,
          of: v.of,
          zeroTest: v.zeroTest && { ...v.zeroTest, start: base + v.zeroTest.start, end: base + v.zeroTest.end },
        });
    for (const v of events) {
      if (v.kind === 'read' && !v.zeroTest) this.numericSaved.add(`${v.scope}:${v.name}`);
      if (v.kind === 'test') this.savedTested.add(savedKey(v));
      else if (v.kind === 'set') {
        this.savedSet.add(savedKey(v));
        // A global set whose name a call computes may be any of them.
        if (v.scope === 'global' && v.name === '') this.globalUses.add('');
      } else if (v.kind === 'use') {
        this.savedTouched.add(`${v.scope}:${v.name}`);
        if (v.scope === 'global') this.globalUses.add(v.name);
        else if (!this.savedUses.has(v.name)) this.savedUses.set(v.name, v.scope);
      } else if (v.kind === 'exists') this.existsChecks.push({ name: v.name, by: v.by!, start: base + v.start!, end: base + v.end! });
      if (v.gate) this.savedGates.add(gateOf(savedKey(v)));
    }
  }

  private components(events: readonly ComponentEvent[], base: number): void {
    for (const e of events) {
      this.componentParts.push({ ...e, start: base + e.start, end: base + e.end });
      if (e.kind === 'menu') {
        this.menuOpen = true;
        // A new menu replaces the one before, options and all.
        if (!e.uncertain) this.optionValues.clear();
      } else if (e.kind === 'option' && this.menuOpen && e.value !== undefined && !e.uncertain) {
        if (!this.optionValues.has(e.value)) this.optionValues.add(e.value);
        else
          this.out.push({
            code: 'duplicate-option-value',
            severity: 'error',
            start: base + e.valueStart!,
            end: base + e.valueEnd!,
            message: `Another option of this select menu already has the value "${e.value}": Discord refuses a menu whose options share a value, so the reply never appears. Give each option its own value.`,
          });
      } else if (e.kind === 'modal') {
        this.modalOpen = true;
        this.modals.push({ start: base + e.start, end: base + e.end });
        if (!e.uncertain) this.certainModal = true;
      } else if (e.kind === 'option' && !this.menuOpen)
        this.out.push({
          code: 'select-option-without-menu',
          severity: 'error',
          start: base + e.start,
          end: base + e.end,
          message:
            'ZaddSelectMenuOption adds an option to the select menu created before it, but no ZnewSelectMenu has run before this point: the engine halts the command.',
        });
      else if (e.kind === 'input' && !this.modalOpen)
        this.out.push({
          code: 'text-input-without-modal',
          severity: 'error',
          start: base + e.start,
          end: base + e.end,
          message: 'ZaddTextInput adds a field to the modal created before it, but no ZnewModal has run before this point: the engine halts the command.',
        });
    }
  }

  private typeDependent(calls: NonNullable<StatementSummary['typeDependentCalls']>, base: number): void {
    for (const c of calls) {
      // A Zdefer inside a condition may not run: only one at a line's top level is certain to.
      if (c.name === 'Zdefer') {
        if (!c.nested) this.firstDefer ??= { start: base + c.start, end: base + c.end };
      } else if (c.name === 'Zupdate') {
        this.firstUpdate ??= { start: base + c.start, end: base + c.end };
        if (!c.nested) this.topUpdate = true;
      } else if (c.name === 'ZuseChannel') this.firstUseChannel ??= { start: base + c.start, end: base + c.end };
      else if (c.name === 'Zephemeral') {
        this.firstEphemeral ??= { start: base + c.start, end: base + c.end };
        if (!c.nested) this.topEphemeral ??= { start: base + c.start, end: base + c.end };
      } else this.firstReactions ??= { start: base + c.start, end: base + c.end };
    }
  }

  private embedParts(i: number, parts: readonly EmbedContent[], base: number): void {
    for (const e of parts) if (e.name === 'ZaddField' && !this.firstField.has(e.index)) this.firstField.set(e.index, base + e.start);
    this.embedStatements.push(i);
    if (!this.firstEmbed) this.firstEmbed = { start: base + parts[0].start, end: base + parts[0].end };
  }

  private componentIds(components: NonNullable<StatementSummary['componentIds']>, base: number): void {
    for (const c of components) {
      // Only the last select menu is sent: the one before leaves the reply, and its ID with it.
      if (c.menu) {
        if (this.menuId !== undefined && this.ids.get(this.menuId.id) === this.menuId.start) this.ids.delete(this.menuId.id);
        this.menuId = { id: c.id, start: base + c.start };
      }
      if (this.ids.has(c.id))
        this.out.push({
          code: 'duplicate-custom-id',
          severity: 'error',
          start: base + c.start,
          end: base + c.end,
          message: `Another component in this command already uses the custom ID "${c.id}"; Discord rejects the message. Give each button, menu and text input its own ID.`,
        });
      else this.ids.set(c.id, base + c.start);
    }
  }

  private own(i: number, result: StatementResult): void {
    // A name a Zalias defined before this statement is no unknown function.
    const aliased = this.aliases.size > 0 ? result.unknownNames?.filter((u) => this.aliases.has(u.name.slice(1))) : undefined;
    const own = aliased?.length
      ? sortedDiagnostics(result).filter((d) => !(d.code === 'unknown-function' && aliased.some((u) => u.start === d.start)))
      : sortedDiagnostics(result);
    if (own.length) this.perStatement.push({ index: i, diagnostics: own });
  }
}

/**
 * A Zdm before an action the command means to take (`Zdm{...}` then
 * `Zban{...}`): a DM fails for a user who does not accept DMs from the
 * server, and the engine turns any failure into an error that halts the
 * command (message/dm.rs 28-38), so the action never happens. ZtryRun
 * catches it. The fix wraps the call as written.
 */
function dmMayFail(dm: { start: number; end: number }, action: string, text: string): AnalysisDiagnostic {
  const call = text.slice(dm.start, dm.end);
  return {
    code: 'dm-may-fail',
    severity: 'warning',
    start: dm.start,
    end: dm.start + 3,
    message: `Zdm fails for a user who does not accept direct messages from this server (many have them closed), and its failure halts the command: the ${action} after it then never runs. Wrap the DM so that its failure is caught: ZtryRun{Zdm{...}}.`,
    fixes: [{ title: 'Wrap it in ZtryRun', edits: [{ start: dm.start, end: dm.end, newText: `ZtryRun{${call}}` }], preferred: true }],
  };
}

/**
 * A guard on a line after ZsuppressErrors: the engine counts its refusal as
 * an error, which the suppression replaces by its own text (or nothing), so
 * the user never reads why the command refused (runtime.rs, Runtime::run).
 */
function guardMessageSuppressed(guard: { name: string; start: number; end: number }, base: number): AnalysisDiagnostic {
  const what = COOLDOWNS.has(guard.name) ? "the cooldown's message" : guard.name === 'Zerror' ? 'its message' : 'its refusal message';
  return {
    code: 'guard-message-suppressed',
    severity: 'warning',
    start: base + guard.start,
    end: base + guard.end,
    message: `${guard.name === 'Zerror' ? "Zerror's message is an error to the engine" : `The engine treats ${guard.name}'s refusal as an error`}, and the ZsuppressErrors above replaces every error with its own text (or nothing): ${what} is never shown. Move this line above ZsuppressErrors.`,
  };
}

/**
 * An access guard on a line after one that surely runs an action a refusal
 * does not undo: the engine runs the lines in order, and a guard's refusal
 * stops only what follows it. The fix moves the guard's line above the
 * action's. Its inserted text is the guard's line as written: the one text
 * this file's checks read, which refold reads again (moveFixText) because
 * typing in the line changes no fact.
 */
function guardAfterAction(
  guard: { name: string; start: number; end: number },
  base: number,
  action: { name: string; index: number },
  index: number,
  tree: SyntaxTree,
): AnalysisDiagnostic {
  const actionAt = tree.starts[action.index];
  const from = tree.starts[index];
  const to = tree.starts[index + 1];
  return {
    code: 'guard-after-action',
    severity: 'warning',
    start: base + guard.start,
    end: base + guard.end,
    message: COOLDOWNS.has(guard.name)
      ? `${guard.name} starts (or enforces) the cooldown only after a line above has run ${action.name}: the engine runs the lines in order, and a cooldown stops only what follows it, so every use still gets the ${action.name} done, on cooldown or not. Put the cooldown first.`
      : `${guard.name} checks who may run the command only after a line above has run ${action.name}: the engine runs the lines in order, and a refusal stops only what follows it, so a user it refuses still gets the ${action.name} done. Put the guard first.`,
    fixes: [
      {
        title: `Move ${guard.name} above ${action.name}`,
        edits: [
          { start: actionAt, end: actionAt, newText: moveFixText(tree.text, from, to, tree.starts[action.index + 1]) },
          { start: from, end: to, newText: '' },
        ],
        preferred: true,
      },
    ],
  };
}

/**
 * The text guard-after-action's fix inserts: the line [from, to), ending
 * with a line break (the one the line above `lineEndAt` uses, when the moved
 * line is the file's last and has none).
 */
export function moveFixText(text: string, from: number, to: number, lineEndAt: number): string {
  const line = text.slice(from, to);
  if (line.endsWith('\n')) return line;
  return `${line}${text.slice(lineEndAt - 2, lineEndAt) === '\r\n' ? '\r\n' : '\n'}`;
}

/** variable-read-before-set on a temporary variable's read (offsets relative to `base`). */
function readBeforeSet(v: VarEvent, base: number): AnalysisDiagnostic {
  return {
    code: 'variable-read-before-set',
    // An empty number (or field value...) halts the function reading it (in a Zif branch, whenever the branch runs: a warning).
    severity: (v.numeric || v.emptyHalt) && !v.branch ? 'error' : 'warning',
    start: base + v.start,
    end: base + v.end,
    message: v.numeric
      ? `The temporary variable "${v.name}" is empty here${v.branch ? ' the first time this branch runs' : v.inLoop ? " on the loop's first pass" : ''} (no Zvar{${v.name};value} can have run before), and ${v.numeric} halts the command on an empty number. Set it first, e.g. Zvar{${v.name};0}${v.branch ? ' on a line before' : ''}.`
      : v.emptyHalt
        ? `The temporary variable "${v.name}" is empty here${v.branch ? ' the first time this branch runs' : v.inLoop ? " on the loop's first pass" : ''} (no Zvar{${v.name};value} can have run before), and ${v.emptyHalt}. Set it first${v.branch ? ' on a line before' : ''}.`
        : `The temporary variable "${v.name}" is read here, but no Zvar{${v.name};value} can have run before this point, so it is empty.`,
  };
}
