/**
 * The shapes of the four catalog data sets. These mirror the function record of
 * the seed's service document; the trigger and tag shapes are ours (the seed
 * leaves them unspecified) and are documented in README.md and catalog/schema/.
 */

/** The parameter types the seed's record shape allows, as full words. */
export const ARGUMENT_TYPES = ['string', 'integer', 'number', 'boolean', 'snowflake', 'emoji', 'url', 'duration', 'permission'] as const;
export type ArgumentType = (typeof ARGUMENT_TYPES)[number];

export interface ArgumentRecord {
  readonly name: string;
  readonly type: ArgumentType;
  readonly required: boolean;
  /** Present only where the catalog gives one; always a string, sometimes a description ("current guild"). */
  readonly default?: string;
}

export interface FunctionRecord {
  readonly name: string;
  readonly description: string;
  readonly syntax: string;
  readonly variadic: boolean;
  readonly arguments: readonly ArgumentRecord[];
  readonly example: string;
}

/** What an event leaves in the execution context; null where the value is empty for that event. */
export interface TriggerContext {
  readonly author: string | null;
  readonly channel: string | null;
  readonly message: string | null;
  readonly target: string | null;
}

export type TriggerKind = 'event' | 'interaction';

export interface TriggerRecord {
  readonly name: string;
  readonly kind: TriggerKind;
  /** A full sentence saying what fires the trigger. */
  readonly description: string;
  /** How the trigger is written after `#trigger`, e.g. `onBanAdd` or `onInteraction{customID}`. */
  readonly syntax: string;
  readonly context: TriggerContext;
  readonly example: string;
}

/** One tag of functions_tag.json / triggers_tag.json: a section of the catalog and the names it holds. */
export interface TagRecord {
  /** Stable identifier, lower-case words joined by '-'. */
  readonly tag: string;
  /** The human title (the catalog documents' section heading). */
  readonly title: string;
  readonly description: string;
  /** Names of functions (or triggers) in this tag, in catalog order. */
  readonly members: readonly string[];
}

/** The four data sets as they are stored and served. */
export interface CatalogData {
  readonly functions: readonly FunctionRecord[];
  readonly functionTags: readonly TagRecord[];
  readonly triggers: readonly TriggerRecord[];
  readonly triggerTags: readonly TagRecord[];
}

/** File names of the four data sets, in the order the seed lists their endpoints. */
export const CATALOG_FILES = {
  functions: 'functions.json',
  functionTags: 'functions_tag.json',
  triggers: 'triggers.json',
  triggerTags: 'triggers_tag.json',
} as const satisfies Record<keyof CatalogData, string>;
