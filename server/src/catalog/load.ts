/**
 * The one catalog loader. It reads the four data sets from a directory (or
 * takes the copy bundled into the build), validates them and returns either a
 * Catalog or a one-line error that names the file and the problem.
 */
import * as path from 'node:path';
import { Catalog } from './catalog';
import { CATALOG_FILES, type CatalogData } from './types';
import { CatalogValidationError, validateCatalogData } from './validate';
import { BoundedReadError, readRegularFileSync } from './boundedRead';
import bundledFunctions from '../../../catalog/functions.json';
import bundledFunctionTags from '../../../catalog/functions_tag.json';
import bundledTriggers from '../../../catalog/triggers.json';
import bundledTriggerTags from '../../../catalog/triggers_tag.json';

/**
 * `error` names the file and the problem (for the log and the person who
 * configured the folder); `summary` says the same without the folder's path
 * or anything quoted from the file (for answers other processes can read).
 */
export type LoadResult = { ok: true; catalog: Catalog } | { ok: false; error: string; summary?: string };

/**
 * Largest catalog data file read (the bundled functions.json is under 200 KiB;
 * the remote client has the same cap). A catalog folder can come from a
 * workspace's own settings: a link to /dev/zero must not be read until the heap runs out.
 */
export const MAX_CATALOG_FILE_BYTES = 64 * 1024 * 1024;

let bundled: Catalog | undefined;

/** The catalog shipped inside the build. Validated once, on first use. */
export function bundledCatalog(): Catalog {
  if (!bundled) {
    const data = validateCatalogData({
      functions: bundledFunctions as unknown,
      functionTags: bundledFunctionTags as unknown,
      triggers: bundledTriggers as unknown,
      triggerTags: bundledTriggerTags as unknown,
    });
    bundled = new Catalog(data, 'bundled');
  }
  return bundled;
}

/** Parses JSON text, turning a syntax error into a message that names the file. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CatalogValidationError(file, `is not valid JSON (${(error as Error).message})`);
  }
}

/**
 * Builds a Catalog from the raw text of the data sets. Trigger files are
 * optional here (a remote endpoint may serve only functions); missing ones are
 * taken from `fallback`.
 */
export function catalogFromTexts(
  texts: { functions: string; functionTags?: string; triggers?: string; triggerTags?: string },
  source: string,
  fallback: CatalogData = bundledCatalog().data,
): LoadResult {
  try {
    const functions = parseJsonFile(texts.functions, CATALOG_FILES.functions);
    const triggers = texts.triggers !== undefined ? parseJsonFile(texts.triggers, CATALOG_FILES.triggers) : fallback.triggers;
    const data = validateCatalogData({
      functions,
      // Tags that are absent are derived as "every function keeps its bundled tags where it has one".
      functionTags:
        texts.functionTags !== undefined ? parseJsonFile(texts.functionTags, CATALOG_FILES.functionTags) : fallbackTags(fallback.functionTags, functions),
      triggers,
      triggerTags: texts.triggerTags !== undefined ? parseJsonFile(texts.triggerTags, CATALOG_FILES.triggerTags) : fallbackTags(fallback.triggerTags, triggers),
    });
    return { ok: true, catalog: new Catalog(data, source) };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

function fallbackTags(tags: CatalogData['functionTags'], records: unknown): unknown {
  const names = new Set(Array.isArray(records) ? records.map((r) => (r as { name?: unknown })?.name) : []);
  return tags.map((tag) => ({ ...tag, members: tag.members.filter((m) => names.has(m)) }));
}

/**
 * Loads the four data sets from `dir`. Never throws. Each must be a regular
 * file (a FIFO or a device is refused without waiting or reading) of at most
 * MAX_CATALOG_FILE_BYTES; the caller keeps its last good catalog on failure.
 */
export function loadCatalogFromDirectory(dir: string): LoadResult {
  const texts: Record<string, string> = {};
  for (const [key, file] of Object.entries(CATALOG_FILES)) {
    const full = path.join(dir, file);
    try {
      texts[key] = readRegularFileSync(full, MAX_CATALOG_FILE_BYTES).toString('utf8');
    } catch (error) {
      const reason = error instanceof BoundedReadError ? error.message : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
      const problem =
        error instanceof BoundedReadError && error.problem !== 'unreadable' && error.problem !== 'not-found' ? reason : `cannot be read (${reason})`;
      return { ok: false, error: `${full}: ${problem}`, summary: `${file}: ${problem}` };
    }
  }
  const result = catalogFromTexts(
    { functions: texts.functions, functionTags: texts.functionTags, triggers: texts.triggers, triggerTags: texts.triggerTags },
    dir,
  );
  return result.ok ? result : { ok: false, error: `${dir}${path.sep}${result.error}`, summary: publicSummary(result.error) };
}

/**
 * A loader message without what it quotes: JSON parse errors and validation
 * messages cite the file's content, which may be anything a link points at.
 */
function publicSummary(error: string): string {
  const file = Object.values(CATALOG_FILES).find((f) => error.startsWith(f));
  if (!file) return 'the catalog is invalid';
  return / is not valid JSON/.test(error) ? `${file}: is not valid JSON` : `${file}: does not match the catalog schema`;
}

function errorMessage(error: unknown): string {
  if (error instanceof CatalogValidationError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
