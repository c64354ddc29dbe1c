/**
 * Closed value sets: parameters whose allowed words the catalog's descriptions
 * list. One table, read by the diagnostics (invalid-value) and by completion.
 * Listed: sets the catalog states explicitly, and sets read from the engine's
 * source (v1.8.5) where it halts on other words. Open or vaguely described
 * parameters (ZtimeDiff unit, ...) are left out on purpose, to avoid false
 * alarms.
 */
export interface ValueSet {
  readonly fn: string;
  readonly param: string;
  readonly values: readonly string[];
  readonly caseInsensitive: boolean;
  /** The engine halts the command on any other word (else it silently falls back to a default). */
  readonly halts: boolean;
  /** Where the words come from. */
  readonly source: string;
  /** For a set the engine does not halt on: what it does with another word (a verb phrase: "counts seconds"). */
  readonly otherwise?: string;
  /** Words outside the set that still do what they say (the engine's fallback is what they mean). */
  readonly alsoMeant?: readonly string[];
  /** Words people write for a value of the set (a colour for a button style), lower case: the fix offers the value. */
  readonly aliases?: Readonly<Record<string, string>>;
}

/** Button colours and other names people give Discord's button styles. */
const BUTTON_STYLE_ALIASES: Readonly<Record<string, string>> = {
  blue: 'primary',
  blurple: 'primary',
  grey: 'secondary',
  gray: 'secondary',
  green: 'success',
  red: 'danger',
};

export const VALUE_SETS: readonly ValueSet[] = [
  {
    fn: 'ZaddButton',
    param: 'style',
    values: ['primary', 'secondary', 'success', 'danger', 'link'],
    caseInsensitive: true,
    halts: true,
    source: 'Discord button styles (catalog: ZaddButton); the engine lower-cases the word and halts on others',
    aliases: BUTTON_STYLE_ALIASES,
  },
  {
    fn: 'ZeditButton',
    param: 'style',
    values: ['primary', 'secondary', 'success', 'danger', 'link'],
    caseInsensitive: true,
    halts: false,
    source: 'components/editButton.rs lower-cases the word; any other than these makes a secondary (grey) button',
    otherwise: 'makes a grey (secondary) button',
    // Grey is what any other word gives. A link button takes the custom ID as its address: no fix writes link.
    alsoMeant: ['grey', 'gray'],
    aliases: BUTTON_STYLE_ALIASES,
  },
  {
    fn: 'ZaddTextInput',
    param: 'style',
    values: ['short', 'paragraph'],
    caseInsensitive: false,
    halts: false,
    source: 'Discord text-input styles (catalog: ZaddTextInput); the engine takes exactly "paragraph", anything else is short',
  },
  {
    fn: 'ZgetEmbedData',
    param: 'type',
    values: ['title', 'description', 'footer', 'color', 'image', 'timestamp'],
    caseInsensitive: false,
    halts: true,
    source: 'catalog description of ZgetEmbedData',
  },
  { fn: 'ZgetTimestamp', param: 'unit', values: ['s', 'ms', 'ns'], caseInsensitive: false, halts: true, source: 'catalog description of ZgetTimestamp' },
  {
    fn: 'ZdisplayName',
    param: 'type',
    values: ['server', 'global'],
    caseInsensitive: false,
    halts: false,
    source: 'catalog description of ZdisplayName; the engine tests for exactly "global" and reads every other word as server',
    otherwise: 'gives the server display name',
    // The server display name is the nickname where the member has one (users/displayName.rs).
    alsoMeant: ['nickname', 'nick', 'guild', 'member', 'local', 'display'],
  },
  {
    fn: 'ZgetMessage',
    param: 'type',
    values: ['content', 'authorID', 'username', 'avatar'],
    caseInsensitive: false,
    halts: true,
    source: 'catalog description of ZgetMessage',
  },
  {
    fn: 'ZinviteInfo',
    param: 'type',
    // The catalog also lists uses, creationDate and isTemporary; the engine answers only these two.
    values: ['channel', 'inviter'],
    caseInsensitive: true,
    halts: true,
    source: 'the engine (v1.8.5) answers channel and inviter, in any case, and halts on other types',
  },
  {
    fn: 'Zurl',
    param: 'mode',
    values: ['encode', 'decode'],
    caseInsensitive: false,
    halts: true,
    source: 'catalog description of Zurl (percent-encodes or decodes)',
  },
  // Thread auto-archive durations in minutes: the platform accepts only these four
  // (document 000's limits table gives the default, 60; the catalog's examples use 1440).
  {
    fn: 'ZstartThread',
    param: 'archiveDuration',
    values: ['60', '1440', '4320', '10080'],
    caseInsensitive: false,
    halts: false,
    source: 'thread auto-archive durations in minutes (document 000 limits table: default 60)',
  },
  {
    fn: 'ZeditThread',
    param: 'archiveDuration',
    values: ['60', '1440', '4320', '10080'],
    caseInsensitive: false,
    halts: true,
    source: 'thread auto-archive durations in minutes (same set as ZstartThread); the engine halts ZeditThread on another value',
  },
  {
    fn: 'ZcreateChannel',
    param: 'type',
    values: ['text', 'voice', 'category', 'stage', 'forum'],
    caseInsensitive: true,
    halts: true,
    source: 'the engine (v1.8.5) lower-cases the type and halts on other words',
  },
  {
    fn: 'ZuserRoles',
    param: 'returnType',
    values: ['name', 'id', 'both'],
    caseInsensitive: false,
    halts: true,
    source: 'the engine (v1.8.5) compares the word exactly and halts on others',
  },
  {
    fn: 'Zsort',
    param: 'direction',
    values: ['asc', 'desc'],
    caseInsensitive: false,
    halts: true,
    source: 'the engine (v1.8.5) takes exactly asc or desc and halts on other words (the catalog example\'s "descending" included)',
  },
  {
    fn: 'ZisMessageEdited',
    param: 'type',
    values: ['edited', 'timestamp'],
    caseInsensitive: false,
    halts: true,
    source: 'the engine (v1.8.5) compares the word exactly and halts on others',
  },
  {
    fn: 'ZfromTimestamp',
    param: 'format',
    values: ['full', 'date', 'time', 'relative'],
    caseInsensitive: false,
    halts: false,
    otherwise: 'prints the full date and time (2026-01-01 09:00:00), whatever the pattern says',
    source: 'the engine (v1.8.5) knows exactly these words; any other, a % pattern included, gives the full form',
  },
  {
    fn: 'ZtimeDiff',
    param: 'unit',
    values: ['seconds', 'minutes', 'hours', 'days'],
    caseInsensitive: false,
    halts: false,
    otherwise: 'counts seconds',
    // Any spelling of seconds gives seconds, as meant.
    alsoMeant: ['s', 'sec', 'secs', 'second', 'seconds'],
    source: 'the engine (v1.8.5) converts exactly minutes, hours and days; any other word gives seconds',
  },
  {
    fn: 'ZmembersCount',
    param: 'status',
    values: ['online', 'idle', 'dnd', 'offline'],
    caseInsensitive: false,
    halts: false,
    otherwise: 'counts no one and prints 0',
    source: 'the engine (v1.8.5) counts members by exactly these presence words; any other counts no one',
  },
  {
    fn: 'ZcategoryChannels',
    param: 'returnType',
    values: ['name', 'id', 'mention', 'count'],
    caseInsensitive: true,
    halts: false,
    otherwise: 'lists the channel names',
    alsoMeant: ['names'],
    source: 'the engine (v1.8.5) lower-cases the word and knows id, mention and count; any other lists names',
  },
];

/** By function, then parameter: a look-up per literal argument, with no key to build. */
const byFunction = new Map<string, Map<string, ValueSet>>();
for (const set of VALUE_SETS) {
  let params = byFunction.get(set.fn);
  if (!params) byFunction.set(set.fn, (params = new Map()));
  params.set(set.param, set);
}

/** The closed set of a parameter, or undefined when its values are open. */
export function valueSetFor(fn: string, param: string): ValueSet | undefined {
  return byFunction.get(fn)?.get(param);
}

/** Whether a literal word belongs to the set. */
export function inValueSet(set: ValueSet, text: string): boolean {
  const t = text.trim();
  if (set.alsoMeant?.some((w) => w.toLowerCase() === t.toLowerCase())) return true;
  return set.caseInsensitive ? set.values.some((v) => v.toLowerCase() === t.toLowerCase()) : set.values.includes(t);
}
