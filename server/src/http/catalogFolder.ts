/**
 * The catalog folder on disk as the server sees it: which files make the
 * catalog, the update-in-progress marker, their modification time and a cheap
 * fingerprint of them. Reads only; what to do with the answers is the live
 * catalog's (liveCatalog.ts) and the reload watcher's (reloadWatcher.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CATALOG_FILES } from '../catalog';

export const CATALOG_FILE_NAMES: ReadonlySet<string> = new Set<string>(Object.values(CATALOG_FILES));

/**
 * The update rule for tools that write several catalog files: create this file
 * in the catalog folder first, write the data files (in any order, taking any
 * time), delete it last. While it exists no reload happens, so the catalog
 * served switches once, from the complete old one to the complete new one.
 * A marker left behind by a tool that died is ignored after MARKER_STALE_MS.
 */
export const UPDATE_MARKER = '.catalog-updating';
export const MARKER_STALE_MS = 10 * 60_000;

/** Whether an update is in progress in `dir` (a fresh marker file is there). */
export function updateInProgress(dir: string): boolean {
  try {
    return Date.now() - fs.statSync(path.join(dir, UPDATE_MARKER)).mtimeMs < MARKER_STALE_MS;
  } catch {
    return false;
  }
}

/**
 * The catalog folder next to the bundle (dist/../catalog), or next to the
 * compiled sources (out/server/src/http/../../../../catalog); undefined when
 * neither holds a catalog (then the bundled copy is served).
 */
export function defaultCatalogDir(): string | undefined {
  const candidates = [path.resolve(__dirname, '../catalog'), path.resolve(__dirname, '../../../../catalog')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, CATALOG_FILES.functions)));
}

/** Newest modification time of the catalog files in `dir` (0 when none can be read). */
export function catalogMtime(dir: string): number {
  let newest = 0;
  for (const file of CATALOG_FILE_NAMES) {
    try {
      newest = Math.max(newest, fs.statSync(path.join(dir, file)).mtimeMs);
    } catch {
      // Missing files are reported by the loader.
    }
  }
  return newest;
}

/** A cheap fingerprint of the catalog files and the marker, used by the fallback poll. */
export function catalogSignature(dir: string): string {
  const parts: string[] = [];
  for (const file of [...CATALOG_FILE_NAMES, UPDATE_MARKER]) {
    try {
      const st = fs.statSync(path.join(dir, file));
      parts.push(`${st.ino}:${st.size}:${st.mtimeMs}`);
    } catch {
      parts.push('-');
    }
  }
  return parts.join('|');
}
