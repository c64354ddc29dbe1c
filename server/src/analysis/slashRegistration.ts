/**
 * What Discord refuses when the engine registers a slash command. The engine
 * builds the command from the header lines as they are (the #description,
 * each #option's name, description and required flag) and only logs
 * Discord's refusal to its console: the command never appears in Discord,
 * and nothing tells the author why. Discord's rules: a description of 1 to
 * 100 characters; option names of 1 to 32 lower-case letters, digits, `-`
 * or `_`, each once; required options before the others; at most 25.
 */
import { engineFacts } from '../catalog/engine';
import type { AnalysisDiagnostic } from './diagnostic';
import { optionRequired } from '../language/headerWords';

/** A header line the engine read (its value trimmed by the caller's reading), absolute offsets of the value. */
export interface RegistrationLine {
  readonly name: '#description' | '#option';
  readonly value: string;
  readonly valueStart: number;
  readonly valueEnd: number;
  /** An #option's value split at `|`. */
  readonly fields: readonly string[] | undefined;
}

const MAX_DESCRIPTION = 100;
const MAX_OPTIONS = 25;
/** Discord's option name rule, without its case rule (checked apart: the fix lower-cases). Devanagari and Thai marks count as letters. */
const NAME = /^[-_\p{L}\p{N}\p{sc=Devanagari}\p{sc=Thai}]{1,32}$/u;

/** A name Discord takes for a command, subcommand or option: 1 to 32 lower-case letters, digits, "-" or "_". */
export function isDiscordName(name: string): boolean {
  return NAME.test(name) && name === name.toLowerCase();
}

/** Discord counts characters (code points), not UTF-16 units. */
function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `reads`: the file's Zoption{name} arguments (absolute ranges), renamed with an option by its fix. */
export function checkSlashRegistration(
  lines: readonly RegistrationLine[],
  reads: readonly { name: string; start: number; end: number }[],
  out: AnalysisDiagnostic[],
): void {
  const refused = (start: number, end: number, message: string, fix?: { title: string; edits: { start: number; end: number; newText: string }[] }) =>
    out.push({
      code: 'slash-not-registered',
      severity: 'error',
      start,
      end,
      message: `${message} Discord refuses to register the command, and it never appears (the engine only logs the refusal).`,
      fixes: fix ? [{ ...fix, preferred: true }] : undefined,
    });
  // The engine keeps the last #description.
  const description = lines.filter((l) => l.name === '#description').at(-1);
  const described = description ? characters(description.value.trim()) : 0;
  if (description && described > MAX_DESCRIPTION)
    refused(
      description.valueStart,
      description.valueEnd,
      `This description has ${described} characters; a slash command's may have at most ${MAX_DESCRIPTION}.`,
    );
  const seen = new Set<string>();
  let optional = false;
  let count = 0;
  for (const line of lines) {
    if (line.name !== '#option') continue;
    const parts = line.fields ?? line.value.split('|');
    if (parts.length !== 4) continue; // invalid-option: the file is not loaded at all
    count++;
    const name = parts[0].trim();
    const nameStart = line.valueStart + parts[0].indexOf(name);
    if (count === MAX_OPTIONS + 1) refused(line.valueStart, line.valueEnd, `This is option ${count}; a slash command has at most ${MAX_OPTIONS}.`);
    if (!NAME.test(name) || name !== name.toLowerCase()) {
      const meant = [
        ...name
          .toLowerCase()
          .replace(/\s+/g, '-')
          .replace(/[^-_\p{L}\p{N}\p{sc=Devanagari}\p{sc=Thai}]/gu, ''),
      ]
        .slice(0, 32)
        .join('');
      refused(
        nameStart,
        nameStart + name.length,
        `"${name}" is no option name Discord takes: 1 to 32 lower-case letters, digits, "-" or "_", no spaces.`,
        // A name the engine runs as a function inside Zoption{...} (message, time) would read another option.
        meant !== '' && meant !== name && NAME.test(meant) && !engineFacts.endingRunsAsWord(meant, 0, meant.length)
          ? {
              // The Zoption reads of the name follow it.
              title: `Change to ${meant}`,
              edits: [
                { start: nameStart, end: nameStart + name.length, newText: meant },
                ...reads.filter((r) => r.name === name).map((r) => ({ start: r.start, end: r.end, newText: meant })),
              ],
            }
          : undefined,
      );
    } else if (seen.has(name)) refused(nameStart, nameStart + name.length, `The option "${name}" is declared twice.`);
    seen.add(name);
    const about = parts[1].trim();
    const aboutStart = line.valueStart + parts[0].length + 1 + parts[1].indexOf(about);
    const aboutLength = characters(about);
    if (aboutLength === 0 || aboutLength > MAX_DESCRIPTION)
      refused(
        about.length === 0 ? line.valueStart : aboutStart,
        about.length === 0 ? line.valueEnd : aboutStart + about.length,
        about.length === 0
          ? `The option "${name}" has no description; Discord needs 1 to ${MAX_DESCRIPTION} characters.`
          : `The option "${name}" has a description of ${aboutLength} characters; Discord takes at most ${MAX_DESCRIPTION}.`,
      );
    const required = optionRequired(parts);
    if (required && optional)
      refused(
        line.valueStart,
        line.valueEnd,
        `The required option "${name}" comes after an optional one; Discord wants the required options first. Move this line above the optional ones.`,
      );
    if (!required) optional = true;
  }
}
