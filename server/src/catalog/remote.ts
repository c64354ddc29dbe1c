/**
 * The language server as a client of a catalog endpoint (ours or the engine's):
 * fetch the data sets, validate them with the one loader, keep the last good
 * copy in a cache directory, and fall back to that cache, then to the bundled
 * catalog, when the endpoint is unreachable or answers garbage.
 *
 * No LSP imports: the caller decides where the message goes (status bar, log).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from './catalog';
import { bundledCatalog, catalogFromTexts } from './load';
import { readRegularFileSync } from './boundedRead';

export type CatalogOrigin = 'remote' | 'cache' | 'bundled';

export interface RemoteCatalogOptions {
  /** e.g. `http://127.0.0.1:8080`; the routes are appended to it. */
  baseUrl: string;
  /** A directory the user or editor configured (the LSP passes its global storage path). Nothing is written elsewhere. */
  cacheDir?: string;
  fetchImpl?: typeof fetch;
  /** Per request; default 5000. */
  timeoutMs?: number;
}

export interface RemoteCatalogResult {
  catalog: Catalog;
  origin: CatalogOrigin;
  /** One line for a human: which catalog is in use and why. */
  message: string;
}

/** Route → key of catalogFromTexts' argument. functions_list is required, the others optional. */
const ROUTES = [
  ['functions', '/functions_list'],
  ['functionTags', '/functions_tag_list'],
  ['triggers', '/triggers_list'],
  ['triggerTags', '/triggers_tag_list'],
] as const;

type Texts = { functions: string; functionTags?: string; triggers?: string; triggerTags?: string };

/**
 * The cache keeps one file per endpoint URL (one file each, so one rename makes
 * a write atomic): a copy is only ever used for the URL it came from, never as
 * a stand-in for another endpoint. The file records its URL, which is checked
 * on reading (a hash collision or a hand-copied file cannot mix endpoints up).
 */
export function cacheFileName(baseUrl: string): string {
  return `zscript-remote-catalog-${createHash('sha256').update(normalizeBaseUrl(baseUrl)).digest('hex').slice(0, 16)}.json`;
}
const CACHE_FILE_PATTERN = /^zscript-remote-catalog-[0-9a-f]{16}\.json$/;
/** Copies of this many endpoints are kept; older ones are removed when a new one is written. */
export const CACHED_URLS_KEPT = 8;
/** Largest body accepted from an endpoint, counted after decompression. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** The header our catalog server puts on every response: the snapshot (catalog version) it came from. */
const VERSION_HEADER = 'catalog-version';
/** Reads of the four routes that straddled a reload on the server are repeated this many times at most. */
const CONSISTENT_READ_TRIES = 3;

function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

interface CacheFile {
  url: string;
  fetchedAt: string;
  texts: Texts;
}

class FetchProblem extends Error {}

function describeFetchError(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  if (err instanceof FetchProblem) return err.message;
  const code = err?.cause?.code;
  if (code && STALE_SOCKET_CODES.has(code)) return `closed the connection (${code})`;
  if (code) return `unreachable (${code})`;
  return `unreachable (${err?.cause?.message ?? err?.message ?? String(error)})`;
}

/** Errors of a pooled keep-alive socket that the server closed meanwhile: worth one retry on a fresh one. */
const STALE_SOCKET_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

async function fetchText(fetchImpl: typeof fetch, url: string, timeoutMs: number): Promise<{ status: number; text?: string; version?: string }> {
  const init = { headers: { accept: 'application/json' } };
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (!code || !STALE_SOCKET_CODES.has(code)) throw error;
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  }
  if (response.status !== 200) {
    // Drain (boundedly) so the connection can be reused.
    await readCapped(response).catch(() => undefined);
    return { status: response.status };
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new FetchProblem(`answered ${length} bytes, more than a catalog can be`);
  const text = await readCapped(response);
  return { status: 200, text, version: response.headers.get(VERSION_HEADER) ?? undefined };
}

/**
 * The body as text, counted as it arrives: Content-Length may be absent
 * (chunked) or describe compressed bytes that inflate a thousandfold (the
 * body stream yields them decompressed), so the cap is applied to what is
 * actually received, and the transfer is cancelled the moment it is passed.
 */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new FetchProblem(`answered more than ${MAX_BODY_BYTES} bytes, more than a catalog can be`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** Whether the answers that name a catalog version all name the same one. */
function sameVersion(answers: readonly { text?: string; version?: string }[]): boolean {
  const versions = new Set(answers.filter((a) => a.text !== undefined && a.version !== undefined).map((a) => a.version));
  return versions.size <= 1;
}

function count(catalog: Catalog): string {
  return `${catalog.functions.length} functions, ${catalog.triggers.length} triggers`;
}

/** Writes `data` to `file` through a temporary file in the same directory and a rename. */
function writeAtomically(file: string, data: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    fs.writeFileSync(temp, data, 'utf8');
    fs.renameSync(temp, file);
  } catch (error) {
    try {
      fs.unlinkSync(temp);
    } catch {
      // nothing to clean up
    }
    throw error;
  }
}

/** Removes the copies of the least recently fetched endpoints beyond CACHED_URLS_KEPT. */
function pruneCache(cacheDir: string): void {
  const copies = fs
    .readdirSync(cacheDir)
    .filter((name) => CACHE_FILE_PATTERN.test(name))
    .map((name) => ({ name, mtime: fs.statSync(path.join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of copies.slice(CACHED_URLS_KEPT)) fs.rmSync(path.join(cacheDir, old.name), { force: true });
}

function readCache(cacheDir: string, baseUrl: string): { ok: true; catalog: Catalog; entry: CacheFile } | { ok: false; error: string } {
  const file = path.join(cacheDir, cacheFileName(baseUrl));
  let entry: CacheFile;
  try {
    entry = JSON.parse(readRegularFileSync(file, 4 * MAX_BODY_BYTES).toString('utf8')) as CacheFile;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, error: code === 'ENOENT' ? `no cached copy of ${baseUrl}` : `cached copy unreadable (${code ?? (error as Error).message})` };
  }
  if (typeof entry?.texts?.functions !== 'string') return { ok: false, error: 'cached copy has an unknown shape' };
  if (entry.url !== baseUrl) return { ok: false, error: `no cached copy of ${baseUrl} (the cache file holds ${JSON.stringify(String(entry.url))})` };
  const loaded = catalogFromTexts(entry.texts, `${entry.url} (cached ${entry.fetchedAt})`);
  if (!loaded.ok) return { ok: false, error: `cached copy invalid (${loaded.error})` };
  return { ok: true, catalog: loaded.catalog, entry };
}

/**
 * Loads the catalog from `baseUrl`, or explains why not and falls back.
 * Never throws.
 */
export async function loadRemoteCatalog(options: RemoteCatalogOptions): Promise<RemoteCatalogResult> {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;

  let problem: string;
  try {
    new URL(baseUrl);
    const readAll = () =>
      Promise.all(
        ROUTES.map(async ([key, route]) => {
          try {
            return { key, route, ...(await fetchText(fetchImpl, baseUrl + route, timeoutMs)) };
          } catch (error) {
            // The optional routes may fail on their own; only functions_list decides.
            if (key === 'functions') throw error;
            return { key, route, status: 0, text: undefined, version: undefined };
          }
        }),
      );
    let answers = await readAll();
    // An endpoint that names its catalog version on each response (ours does): all four must come from one catalog.
    for (let tries = 1; tries < CONSISTENT_READ_TRIES && !sameVersion(answers); tries++) answers = await readAll();
    if (!sameVersion(answers)) throw new FetchProblem('changed its catalog during every read (the routes came from different catalog versions)');
    const functions = answers[0];
    if (functions.text === undefined) throw new FetchProblem(`answered HTTP ${functions.status} on ${functions.route}`);
    const texts: Texts = { functions: functions.text };
    for (const answer of answers.slice(1)) if (answer.text !== undefined) texts[answer.key as Exclude<keyof Texts, 'functions'>] = answer.text;
    const loaded = catalogFromTexts(texts, baseUrl);
    if (!loaded.ok) throw new FetchProblem(`answered an unusable catalog (${loaded.error})`);
    let cacheNote = '';
    if (options.cacheDir) {
      try {
        const entry: CacheFile = { url: baseUrl, fetchedAt: new Date().toISOString(), texts };
        writeAtomically(path.join(options.cacheDir, cacheFileName(baseUrl)), JSON.stringify(entry));
        pruneCache(options.cacheDir);
      } catch (error) {
        cacheNote = ` (cache not written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      }
    }
    const missing = answers
      .slice(1)
      .filter((a) => a.text === undefined)
      .map((a) => a.route);
    const missingNote = missing.length > 0 ? `; ${missing.join(', ')} not served, bundled data used for them` : '';
    return { catalog: loaded.catalog, origin: 'remote', message: `Using catalog from ${baseUrl}: ${count(loaded.catalog)}${missingNote}${cacheNote}` };
  } catch (error) {
    problem = error instanceof TypeError && /Invalid URL/i.test(error.message) ? 'is not a valid URL' : describeFetchError(error, timeoutMs);
  }

  const head = `Catalog endpoint ${baseUrl} ${problem}`;
  let cacheProblem = 'no cache directory';
  if (options.cacheDir) {
    const cached = readCache(options.cacheDir, baseUrl);
    if (cached.ok) {
      return {
        catalog: cached.catalog,
        origin: 'cache',
        message: `${head}; using cached copy from ${cached.entry.url} fetched ${cached.entry.fetchedAt}: ${count(cached.catalog)}`,
      };
    }
    cacheProblem = cached.error;
  }
  const catalog = bundledCatalog();
  return { catalog, origin: 'bundled', message: `${head}; ${cacheProblem}; using bundled catalog: ${count(catalog)}` };
}
