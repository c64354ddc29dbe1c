/**
 * The one catalog loader. It reads the four data sets from a directory (or
 * takes the copy bundled into the build), validates them and returns either a
 * Catalog or a one-line error that names the file and the problem.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Catalog } from './catalog';
import { CATALOG_FILES, CatalogData } from './types';
import { CatalogValidationError, validateCatalogData } from './validate';
import bundledFunctions from '../../../catalog/functions.json';
import bundledFunctionTags from '../../../catalog/functions_tag.json';
import bundledTriggers from '../../../catalog/triggers.json';
import bundledTriggerTags from '../../../catalog/triggers_tag.json';

export type LoadResult = { ok: true; catalog: Catalog } | { ok: false; error: string };

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
      functionTags: texts.functionTags !== undefined ? parseJsonFile(texts.functionTags, CATALOG_FILES.functionTags) : fallbackTags(fallback.functionTags, functions),
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

/** Loads the four data sets from `dir`. Never throws. */
export function loadCatalogFromDirectory(dir: string): LoadResult {
  const texts: Record<string, string> = {};
  for (const [key, file] of Object.entries(CATALOG_FILES)) {
    const full = path.join(dir, file);
    try {
      texts[key] = fs.readFileSync(full, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { ok: false, error: `${full}: cannot be read (${code === 'ENOENT' ? 'no such file' : code ?? (error as Error).message})` };
    }
  }
  const result = catalogFromTexts(
    { functions: texts.functions, functionTags: texts.functionTags, triggers: texts.triggers, triggerTags: texts.triggerTags },
    dir,
  );
  return result.ok ? result : { ok: false, error: `${dir}${path.sep}${result.error}` };
}

function errorMessage(error: unknown): string {
  if (error instanceof CatalogValidationError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
