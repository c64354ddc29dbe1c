/**
 * Whether a folder is a bot's root (it holds zbr.json), read from disk: the
 * engine loads the files directly in the `commands/` folder next to it. Used
 * by the language server and zscript-check for the file-not-loaded notice.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const known = new Map<string, { value: boolean; at: number }>();

/**
 * `folderUri`: a file URI without the trailing slash. Remembered for a few
 * seconds (the check runs for every file's diagnostics; a zbr.json created
 * meanwhile is seen soon after).
 */
export function botRootOnDisk(folderUri: string): boolean {
  const now = Date.now();
  const seen = known.get(folderUri);
  if (seen && now - seen.at < 5000) return seen.value;
  let value = false;
  try {
    value = fs.statSync(path.join(fileURLToPath(`${folderUri}/`), 'zbr.json')).isFile();
  } catch {
    value = false; // not a file URI, no such folder, or no zbr.json
  }
  if (known.size > 1000) known.clear();
  known.set(folderUri, { value, at: now });
  return value;
}

/**
 * The names of the command files (`.zbr`) directly in a folder, read from
 * disk; undefined when it cannot be read. Read afresh each time: a file
 * created since, and not yet known, must count (callers remember the answer
 * they derive, see LanguageService.knowsWholeFolder).
 */
export function commandFilesOnDisk(folderUri: string): readonly string[] | undefined {
  try {
    return fs
      .readdirSync(fileURLToPath(`${folderUri}/`), { withFileTypes: true })
      .filter((entry) => entry.name.endsWith('.zbr') && !entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return undefined;
  }
}
