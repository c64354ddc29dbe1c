/**
 * Which catalog the server uses, from the `zscript.catalog.*` settings:
 * the bundled copy, a directory with the four JSON files, or a base URL (the
 * HTTP endpoints; fetching, validation and the on-disk cache are the remote
 * loader's job). Whatever goes wrong, the answer is a usable catalog plus a
 * one-line message saying which one and why.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { bundledCatalog, loadCatalogFromDirectory, type Catalog } from '../catalog';
import { loadRemoteCatalog } from '../catalog/remote';
import type { ServerSettings } from './clientSettings';

export interface CatalogChoice {
  catalog: Catalog;
  /** 'bundled' | 'file' | 'url' | 'cache': where the catalog in use came from. */
  source: string;
  /** A one-line human description (shown in VS Code's status bar, logged elsewhere). */
  message: string;
  /** Set when the configured folder could not be loaded (the bundled catalog stands in). */
  failedDir?: string;
  /** The folder a `file` catalog was loaded from. */
  dir?: string;
}

/** Where the remote catalog may cache its last good copy; nothing else is ever written. */
export function defaultCacheDir(initializationOptions: unknown): string {
  const opts = initializationOptions as { globalStoragePath?: unknown; cacheDir?: unknown } | undefined;
  if (opts && typeof opts.globalStoragePath === 'string' && opts.globalStoragePath) return path.join(opts.globalStoragePath, 'catalog-cache');
  if (opts && typeof opts.cacheDir === 'string' && opts.cacheDir) return opts.cacheDir;
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'zscript');
  return path.join(os.homedir(), '.cache', 'zscript');
}

export function expandPath(p: string, baseDir: string | undefined): string {
  let out = p.trim();
  if (out === '~' || out.startsWith('~/')) out = path.join(os.homedir(), out.slice(1));
  if (!path.isAbsolute(out) && baseDir) out = path.resolve(baseDir, out);
  return out;
}

export async function chooseCatalog(settings: ServerSettings, context: { workspaceDir?: string; cacheDir: string }): Promise<CatalogChoice> {
  const bundled = bundledCatalog();
  const fallback = (why: string): CatalogChoice => ({
    catalog: bundled,
    source: 'bundled',
    message: `${why}; using the bundled catalog (${bundled.functions.length} functions)`,
  });
  const c = settings.catalog;
  if (c.source === 'file') {
    if (!c.path.trim()) return fallback('zscript.catalog.path is empty');
    const dir = expandPath(c.path, context.workspaceDir);
    const result = loadCatalogFromDirectory(dir);
    if (!result.ok) return { ...fallback(`catalog directory ${dir}: ${result.error}`), failedDir: dir };
    return { catalog: result.catalog, source: 'file', dir, message: `catalog from ${dir} (${result.catalog.functions.length} functions)` };
  }
  if (c.source === 'url') {
    if (!c.url.trim()) return fallback('zscript.catalog.url is empty');
    try {
      const result = await loadRemoteCatalog({ baseUrl: c.url.trim(), cacheDir: context.cacheDir });
      const source = result.origin === 'remote' ? 'url' : result.origin;
      return { catalog: result.catalog, source, message: result.message };
    } catch (error) {
      return fallback(`catalog URL ${c.url}: ${(error as Error)?.message ?? String(error)}`);
    }
  }
  return { catalog: bundled, source: 'bundled', message: `bundled catalog (${bundled.functions.length} functions)` };
}
