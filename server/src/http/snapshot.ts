/**
 * A snapshot is everything the server answers for one loaded catalog: every
 * route's bytes in each content coding, with their headers, computed once.
 * Snapshots are immutable; a reload builds a new one and swaps it in with a
 * single assignment, so a request sees either the old catalog or the new one.
 * Every response of a snapshot carries its `Catalog-Version`: a client reading
 * several routes compares them and reads again when a reload came in between.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import type { Catalog } from '../catalog';
import type { Coding } from './negotiate';
import { LIST_ROUTES, openapiDocument } from './openapi';
import { catalogPage, HTML_TYPE, PAGE_CSP } from './page';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** One encoded representation with the header lists for 200 and 304, flat [name, value, ...] for writeHead. */
export interface Variant {
  /** Its Content-Encoding (`identity`: none), for the access log without searching the header list. */
  readonly coding: Coding;
  readonly body: Buffer;
  readonly etag: string;
  readonly headers: readonly string[];
  readonly notModifiedHeaders: readonly string[];
}

export interface Resource {
  readonly identity: Variant;
  readonly gzip?: Variant;
  readonly br?: Variant;
  readonly lastModifiedMs: number;
}

export interface Snapshot {
  readonly catalog: Catalog;
  /** Exact request path → resource. The only thing the hot path touches. */
  readonly routes: ReadonlyMap<string, Resource>;
  readonly functionNames: readonly string[];
  readonly triggerNames: readonly string[];
  readonly loadedAt: Date;
  /** Identifies the catalog's content (the same four data sets give the same version). */
  readonly version: string;
}

/** The response header naming the snapshot a response came from. */
export const VERSION_HEADER = 'Catalog-Version';

export const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The catalog changes rarely but a reload should reach clients within a
 * minute: caches may reuse a response for 60 s, then must revalidate
 * (a cheap 304 thanks to the ETag). `public` lets shared caches keep it.
 */
export const CACHE_CONTROL = 'public, max-age=60, must-revalidate';
/** Headers a browser script may read besides the CORS-safelisted ones. */
export const EXPOSE_HEADERS = 'ETag, Content-Encoding, Vary, Catalog-Version';
/** Bodies smaller than this are not worth compressing (one TCP segment either way). */
export const COMPRESS_MIN_BYTES = 1024;

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function makeVariant(
  body: Buffer,
  coding: Coding,
  lastModified: string,
  vary: boolean,
  contentType: string,
  version: string,
  extra: readonly string[],
): Variant {
  const etag = etagOf(body);
  const common = [
    'ETag',
    etag,
    VERSION_HEADER,
    version,
    'Last-Modified',
    lastModified,
    'Cache-Control',
    CACHE_CONTROL,
    'Access-Control-Allow-Origin',
    '*',
    'Access-Control-Expose-Headers',
    EXPOSE_HEADERS,
  ];
  if (vary) common.push('Vary', 'Accept-Encoding');
  const headers = ['Content-Type', contentType, 'Content-Length', String(body.length), 'X-Content-Type-Options', 'nosniff', ...extra, ...common];
  if (coding !== 'identity') headers.push('Content-Encoding', coding);
  return { coding, body, etag, headers: Object.freeze(headers), notModifiedHeaders: Object.freeze(common) };
}

/** A route's body: a value served as JSON, or ready text with its own type and extra headers (the HTML page). */
type Content = { json: unknown } | { text: string; contentType: string; headers: readonly string[]; brotliQuality?: number };

/** How a snapshot's bodies are compressed: on the thread pool, or on this thread (see buildSnapshot). */
export type Compression = 'async' | 'sync';

async function makeResource(content: Content, lastModifiedMs: number, version: string, compression: Compression): Promise<Resource> {
  const identityBody = Buffer.from('json' in content ? JSON.stringify(content.json) : content.text, 'utf8');
  const contentType = 'json' in content ? JSON_TYPE : content.contentType;
  const extra = 'json' in content ? [] : content.headers;
  const lastModified = new Date(lastModifiedMs).toUTCString();
  if (identityBody.length < COMPRESS_MIN_BYTES) {
    return Object.freeze({ identity: makeVariant(identityBody, 'identity', lastModified, false, contentType, version, extra), lastModifiedMs });
  }
  const brotliOptions = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 'json' in content ? 11 : (content.brotliQuality ?? 11),
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identityBody.length,
    },
  };
  // zlib's async API runs on the thread pool: a reload never stalls requests being served.
  const [gz, br] =
    compression === 'sync'
      ? [zlib.gzipSync(identityBody, { level: 9 }), zlib.brotliCompressSync(identityBody, brotliOptions)]
      : await Promise.all([gzip(identityBody, { level: 9 }), brotli(identityBody, brotliOptions)]);
  return Object.freeze({
    identity: makeVariant(identityBody, 'identity', lastModified, true, contentType, version, extra),
    gzip: gz.length < identityBody.length ? makeVariant(gz, 'gzip', lastModified, true, contentType, version, extra) : undefined,
    br: br.length < identityBody.length ? makeVariant(br, 'br', lastModified, true, contentType, version, extra) : undefined,
    lastModifiedMs,
  });
}

/**
 * Builds the snapshot for a catalog. `lastModifiedMs` is when the catalog
 * files last changed (whole seconds, as HTTP dates carry).
 *
 * `compression`: 'async' (the default) for a reload while requests are being
 * served; 'sync' for the first snapshot, built before the server listens.
 * Measured (wrk, gzip, 6 fresh processes of each, two rounds): the
 * processes that had compressed on the thread pool then served at 1.15×
 * the bare node:http script's CPU per request, those that had compressed
 * on this thread at 1.08×. The hundreds of callbacks and promises of an
 * async build leave node's own stream code slower in some processes (perf
 * shows V8's slow paths for object literals and map migrations under
 * process.nextTick there), and a startup has nothing else to do meanwhile.
 */
export async function buildSnapshot(catalog: Catalog, lastModifiedMs: number, compression: Compression = 'async'): Promise<Snapshot> {
  const modified = Math.floor(lastModifiedMs / 1000) * 1000;
  const version = createHash('sha256').update(JSON.stringify(catalog.data)).digest('base64url').slice(0, 16);
  const routes = new Map<string, Resource>();
  const pending: Promise<void>[] = [];
  const add = (path: string, value: unknown): void => {
    pending.push(makeResource({ json: value }, modified, version, compression).then((resource) => void routes.set(path, resource)));
  };
  for (const route of LIST_ROUTES) add(route.path, catalog.data[route.key]);
  for (const fn of catalog.functions) add(`/functions/${encodeURIComponent(fn.name)}`, fn);
  for (const trigger of catalog.triggers) add(`/triggers/${encodeURIComponent(trigger.name)}`, trigger);
  add('/openapi.json', openapiDocument());
  // Brotli quality 9 for the page: on its ~430 KB, quality 11 takes ~500 ms of every
  // catalog load and reload to save ~3 KB (33.4 KB against 36.7 KB); 9 takes ~25 ms.
  const page = {
    text: catalogPage(catalog),
    contentType: HTML_TYPE,
    headers: ['Content-Security-Policy', PAGE_CSP, 'Referrer-Policy', 'no-referrer'],
    brotliQuality: 9,
  };
  pending.push(makeResource(page, modified, version, compression).then((resource) => void routes.set('/', resource)));
  await Promise.all(pending);
  return Object.freeze({
    catalog,
    routes,
    functionNames: Object.freeze(catalog.functions.map((f) => f.name)),
    triggerNames: Object.freeze(catalog.triggers.map((t) => t.name)),
    loadedAt: new Date(),
    version,
  });
}
