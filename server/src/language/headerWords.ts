/**
 * The words the engine accepts in header values (docs/language.md, "Header
 * directives"): one table for the analysis (which warns about other words),
 * completion and hover. The directive names themselves belong to the syntax
 * layer (`KNOWN_DIRECTIVES`), which needs them for recovery.
 */

/** `#type` values; any other word silently becomes `prefix`. */
export const COMMAND_TYPE_WORDS: readonly string[] = ['prefix', 'slash', 'sub-slash', 'interaction', 'event'];

/** `#scope` values; any other word silently becomes `guild`. */
export const SCOPE_WORDS: readonly string[] = ['guild', 'global', 'both'];

/** Third part of `#option`; any other type stops the file from loading. */
export const OPTION_TYPES: readonly string[] = ['string', 'integer', 'number', 'boolean', 'user', 'channel', 'role', 'mentionable', 'attachment'];

/** Whether the engine makes an option required: its fourth `|` part is exactly `required`, trimmed (loader.rs). */
export function optionRequired(parts: readonly string[]): boolean {
  return parts[3]?.trim() === 'required';
}

/**
 * Whether the engine's loader refuses a file for this `#option` value (the
 * text after `#option `): it splits at every `|` and needs four parts, the
 * third a known type, not trimmed (loader.rs returns an error, and the file
 * is not loaded).
 */
export function optionRefused(value: string): boolean {
  return optionRefusal(value) !== undefined;
}

/** Why the loader refuses an `#option` value: not four parts, or an unknown type part (as written, spaces included). */
export type OptionRefusal = { readonly kind: 'parts'; readonly count: number } | { readonly kind: 'type'; readonly type: string };

/** The reason optionRefused is true, for the messages that explain it; undefined when the loader accepts the value. */
export function optionRefusal(value: string): OptionRefusal | undefined {
  const parts = value.trim().split('|');
  if (parts.length !== 4) return { kind: 'parts', count: parts.length };
  if (!OPTION_TYPES.includes(parts[2].toLowerCase())) return { kind: 'type', type: parts[2] };
  return undefined;
}
