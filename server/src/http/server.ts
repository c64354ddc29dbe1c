/**
 * The catalog HTTP module: serves the loaded catalog on the seed's four routes
 * plus per-record routes, /openapi.json and /healthz, using node:http only.
 *
 * Hot path: one Map lookup of the request path in the current snapshot, one
 * Accept-Encoding choice (cached per header string), then writeHead with a
 * precomputed header list and end with a precomputed Buffer.
 */
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo, Socket } from 'net';
import * as path from 'path';
import { bundledCatalog, Catalog, CATALOG_FILES, loadCatalogFromDirectory } from '../catalog';
import { AccessLineFormat, AccessLogOptions, BufferedLog } from './accessLog';
import { chooseEncoding, closestNames, etagMatches, notModifiedSince } from './negotiate';
import { ALLOWED_METHODS } from './openapi';
import { buildSnapshot, EXPOSE_HEADERS, JSON_TYPE, Resource, Snapshot } from './snapshot';

export interface ServeOptions {
  /** Interface to bind; default 127.0.0.1 (local tooling only). */
  host?: string;
  /** Port; 0 picks a free one. Default 8080. */
  port?: number;
  /** Catalog directory to serve and watch; default: the package's catalog/ folder, else the bundled copy. */
  catalogDir?: string;
  /** No access log lines (reload notices and errors are still logged). */
  quiet?: boolean;
  /** How the access log is buffered (accessLog.ts); the lines reach `log` several at a time. */
  accessLog?: AccessLogOptions;
  /** Where log lines go; default stdout. */
  log?: (line: string) => void;
  /** Watch the catalog directory and reload on change; default true when serving a directory. */
  watch?: boolean;
  /** Debounce of file-change events, ms (default 150). */
  debounceMs?: number;
  /** Fallback poll interval for platforms where fs.watch misses events, ms (default 2000). */
  pollMs?: number;
  /** Socket timeouts; defaults below. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  /** Largest accepted request head, bytes (default 16 KiB); beyond it the answer is 431. */
  maxHeaderSize?: number;
}

export type ReloadResult =
  | { ok: true; functions: number; triggers: number; source: string }
  | { ok: false; error: string };

export interface CatalogServer {
  /** `http://host:port`, the base URL clients use. */
  readonly url: string;
  address(): { host: string; port: number };
  /** Stops listening, lets in-flight responses finish, closes idle keep-alive sockets. */
  stop(): Promise<void>;
  /** Reloads the catalog directory now (also what the watcher calls). */
  reload(): Promise<ReloadResult>;
  /** The catalog currently served. */
  readonly catalog: Catalog;
  /** Where the catalog comes from: a directory, or "bundled". */
  readonly source: string;
}

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSize: 16 * 1024,
  debounceMs: 150,
  pollMs: 2_000,
  /** How long stop() waits for in-flight responses before cutting the remaining sockets. */
  stopGraceMs: 5_000,
} as const;

const CATALOG_FILE_NAMES = new Set<string>(Object.values(CATALOG_FILES));

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
function updateInProgress(dir: string): boolean {
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

/** A cheap fingerprint of the catalog files, used by the fallback poll. */
function catalogSignature(dir: string): string {
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

function errorBody(status: number, error: string, extra: Record<string, unknown> = {}): Buffer {
  return Buffer.from(JSON.stringify({ error, status, ...extra }), 'utf8');
}

/** A complete raw response for errors answered outside a request handler ('clientError', CONNECT). */
function rawErrorResponse(status: number, error: string, more: string[] = []): string {
  const body = errorBody(status, error);
  let extra = '';
  for (let i = 0; i < more.length; i += 2) extra += `${more[i]}: ${more[i + 1]}\r\n`;
  return (
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
    extra +
    `Content-Type: ${JSON_TYPE}\r\n` +
    `Content-Length: ${body.length}\r\n` +
    'Access-Control-Allow-Origin: *\r\n' +
    'Cache-Control: no-store\r\n' +
    'Connection: close\r\n\r\n' +
    body.toString('utf8')
  );
}

interface RequestFields {
  host: boolean;
  acceptEncoding?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/**
 * The four request fields the hot path reads, straight from rawHeaders: Node
 * builds req.headers lazily, and not touching it saves that object per request.
 * Repeated list fields are joined with ", " as Node would; If-Modified-Since keeps the first.
 */
function requestFields(raw: string[]): RequestFields {
  // Every field set from the start: one object shape for every request.
  const fields: RequestFields = { host: false, acceptEncoding: undefined, ifNoneMatch: undefined, ifModifiedSince: undefined };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    switch (name.length) {
      case 4:
        if (name.toLowerCase() === 'host') fields.host = true;
        break;
      case 15:
        if (name.toLowerCase() === 'accept-encoding') fields.acceptEncoding = fields.acceptEncoding === undefined ? raw[i + 1] : `${fields.acceptEncoding}, ${raw[i + 1]}`;
        break;
      case 13:
        if (name.toLowerCase() === 'if-none-match') fields.ifNoneMatch = fields.ifNoneMatch === undefined ? raw[i + 1] : `${fields.ifNoneMatch}, ${raw[i + 1]}`;
        break;
      case 17:
        if (fields.ifModifiedSince === undefined && name.toLowerCase() === 'if-modified-since') fields.ifModifiedSince = raw[i + 1];
        break;
    }
  }
  return fields;
}

/** Whether a Host header names this machine's loopback interface (127.0.0.0/8, ::1, localhost), with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '');
  return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

const TOKEN_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
const DEFAULT_ALLOW_HEADERS = 'Accept, Accept-Encoding, If-None-Match, If-Modified-Since, Cache-Control';

/** Starts serving. Rejects (with a one-line message) when the catalog cannot be loaded or the port cannot be bound. */
export async function serveCatalog(options: ServeOptions = {}): Promise<CatalogServer> {
  const log = options.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const host = options.host ?? DEFAULTS.host;
  const port = options.port ?? DEFAULTS.port;
  const accessLog = !options.quiet;
  const accessLines = new BufferedLog(log, options.accessLog);
  const accessFormat = new AccessLineFormat();

  // --- the catalog and its first snapshot ---------------------------------
  let dir: string | undefined;
  let catalog: Catalog;
  if (options.catalogDir !== undefined) {
    dir = path.resolve(options.catalogDir);
    const loaded = loadCatalogFromDirectory(dir);
    if (!loaded.ok) throw new Error(loaded.error);
    catalog = loaded.catalog;
  } else {
    dir = defaultCatalogDir();
    const loaded = dir !== undefined ? loadCatalogFromDirectory(dir) : undefined;
    if (loaded?.ok) catalog = loaded.catalog;
    else {
      if (loaded) log(`catalog: ${loaded.error}; serving the bundled catalog`);
      dir = undefined;
      catalog = bundledCatalog();
    }
  }
  const source = dir ?? 'bundled';
  let snapshot: Snapshot = await buildSnapshot(catalog, dir !== undefined ? catalogMtime(dir) : Date.now());
  /** The last failed reload: `error` in full (log, local tools), `summary` without paths or file content. */
  let lastReloadError: { error: string; summary: string } | null = null;
  let stopping = false;
  let watcher: fs.FSWatcher | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let debounceTimer: NodeJS.Timeout | undefined;
  let lastSignature = dir !== undefined ? catalogSignature(dir) : '';

  // --- request handling -----------------------------------------------------
  // writeHead with a flat header list bypasses the response's header map, so
  // getHeader() cannot tell the access log what was sent; send() records it here. Answers end
  // synchronously, so the last one sent is the one being logged: two variables, no object per
  // request. A WeakMap entry per response (an ephemeron the garbage collector must trace) cost
  // about a quarter of the requests/s; one is kept only for a response still open when its
  // handler returns, and looked up only while there is one.
  type Sent = { bytes: number; coding: string };
  let sentBytes = 0;
  let sentCoding = 'identity';
  let openAnswers = 0;
  function logLine(req: http.IncomingMessage, res: http.ServerResponse, bytes: number, coding: string, started: number): void {
    accessLines.add(accessFormat.line(req.socket.remoteAddress ?? '-', req.method ?? '', req.url ?? '', req.httpVersion, res.statusCode, bytes, coding, performance.now() - started));
  }
  const stillOpen = new WeakMap<http.ServerResponse, Sent>();

  /** `coding` is the Content-Encoding among `headers` (`identity`: none), for the access log. */
  function send(res: http.ServerResponse, status: number, headers: readonly string[], body: Buffer | undefined, head: boolean, coding = 'identity'): void {
    if (stopping) res.setHeader('Connection', 'close');
    if (accessLog) {
      sentBytes = head || body === undefined ? 0 : body.length;
      sentCoding = coding;
      if (openAnswers !== 0 && stillOpen.has(res)) stillOpen.set(res, { bytes: sentBytes, coding });
    }
    res.writeHead(status, headers as string[]);
    if (head || body === undefined) res.end();
    else res.end(body);
  }

  function sendError(res: http.ServerResponse, status: number, error: string, head: boolean, extra: Record<string, unknown> = {}, more: string[] = []): void {
    const body = errorBody(status, error, extra);
    send(
      res,
      status,
      ['Content-Type', JSON_TYPE, 'Content-Length', String(body.length), 'Cache-Control', 'no-store', 'Access-Control-Allow-Origin', '*', ...more],
      body,
      head,
    );
  }

  function sendResource(fields: RequestFields, res: http.ServerResponse, resource: Resource, head: boolean): void {
    const coding = chooseEncoding(fields.acceptEncoding, resource.br !== undefined, resource.gzip !== undefined);
    const variant = coding === 'br' ? resource.br! : coding === 'gzip' ? resource.gzip! : resource.identity;
    const ifNoneMatch = fields.ifNoneMatch;
    const ifModifiedSince = fields.ifModifiedSince;
    // If-Modified-Since is only evaluated without If-None-Match (RFC 9110 §13.2.2).
    if (ifNoneMatch !== undefined ? etagMatches(ifNoneMatch, variant.etag) : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, resource.lastModifiedMs)) {
      send(res, 304, variant.notModifiedHeaders, undefined, true);
      return;
    }
    send(res, 200, variant.headers, variant.body, head, variant.coding);
  }

  /**
   * Health. The catalog folder's path and the reload error (which can quote
   * the files' content: a link to /etc/passwd shows its first line) are only
   * given to local tools: requests without an Origin header (no browser page)
   * addressed to a loopback name (no DNS rebinding). Anyone else, any web
   * page included, gets the status with `source` as "folder" or "bundled" and
   * the error as file name and kind of problem.
   */
  function sendHealth(req: http.IncomingMessage, res: http.ServerResponse, head: boolean): void {
    const current = snapshot;
    const detailed = req.headers.origin === undefined && isLoopbackHost(req.headers.host);
    const body = Buffer.from(
      JSON.stringify({
        status: lastReloadError === null ? 'ok' : 'degraded',
        functions: current.catalog.functions.length,
        triggers: current.catalog.triggers.length,
        source: detailed || dir === undefined ? source : 'folder',
        loadedAt: current.loadedAt.toISOString(),
        version: current.version,
        watching: watcher !== undefined || pollTimer !== undefined,
        lastReloadError: lastReloadError === null ? null : detailed ? lastReloadError.error : lastReloadError.summary,
      }),
      'utf8',
    );
    send(
      res,
      200,
      [
        'Content-Type', JSON_TYPE,
        'Content-Length', String(body.length),
        'Cache-Control', 'no-store',
        'Vary', 'Origin, Host',
        'Access-Control-Allow-Origin', '*',
        'Access-Control-Expose-Headers', EXPOSE_HEADERS,
      ],
      body,
      head,
    );
  }

  /** Whether a path names something this server has (for OPTIONS and 405). */
  function isKnownPath(p: string, current: Snapshot): boolean {
    return current.routes.has(p) || p === '/healthz' || p.startsWith('/functions/') || p.startsWith('/triggers/');
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const current = snapshot; // one read: the whole request sees one catalog
    const method = req.method ?? '';
    const url = req.url ?? '';
    const q = url.indexOf('?');
    let p = q === -1 ? url : url.slice(0, q);
    if (p.charCodeAt(0) !== 47 /* '/' */) {
      // absolute-form must be accepted (RFC 9112 §3.2.2); asterisk-form only with OPTIONS.
      const absolute = /^https?:\/\/[^/?#]*/i.exec(p);
      if (absolute) p = p.slice(absolute[0].length) || '/';
      else if (p === '*' && method === 'OPTIONS') {
        send(res, 204, ['Allow', ALLOWED_METHODS, 'Access-Control-Allow-Origin', '*'], undefined, true);
        return;
      } else {
        sendError(res, 400, 'Malformed request target', method === 'HEAD');
        return;
      }
    }
    const head = method === 'HEAD';
    if (req.httpVersionMajor !== 1) {
      // HTTP/2.0 in an HTTP/1 request line, or an HTTP/0.9-style line without a version: neither is spoken here.
      res.shouldKeepAlive = false;
      return sendError(res, 505, `HTTP/${req.httpVersion} is not supported; use HTTP/1.1`, head);
    }
    const fields = requestFields(req.rawHeaders);
    if (!fields.host && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      // RFC 9112 §3.2: a server MUST answer 400 to an HTTP/1.1 request without Host.
      res.shouldKeepAlive = false;
      return sendError(res, 400, 'Missing Host header', head);
    }
    if (method === 'GET' || head) {
      const resource = current.routes.get(p);
      if (resource !== undefined) return sendResource(fields, res, resource, head);
      if (p === '/healthz') return sendHealth(req, res, head);
      const kind = p.startsWith('/functions/') ? 'function' : p.startsWith('/triggers/') ? 'trigger' : undefined;
      if (kind !== undefined) {
        let name: string;
        try {
          name = decodeURIComponent(p.slice(kind === 'function' ? 11 : 10));
        } catch {
          return sendError(res, 400, 'Malformed percent-encoding in the path', head);
        }
        const again = current.routes.get(`/${kind}s/${encodeURIComponent(name)}`);
        if (again !== undefined) return sendResource(fields, res, again, head);
        const suggestions = closestNames(name, kind === 'function' ? current.functionNames : current.triggerNames);
        const hint = suggestions.length > 0 ? `; closest: ${suggestions.join(', ')}` : '';
        return sendError(res, 404, `No ${kind} named ${JSON.stringify(name)}${hint}`, head, { name, suggestions });
      }
      return sendError(res, 404, `No route ${JSON.stringify(p)}; see /openapi.json`, head);
    }
    if (!isKnownPath(p, current)) return sendError(res, 404, `No route ${JSON.stringify(p)}; see /openapi.json`, false);
    if (method === 'OPTIONS') {
      const requested = req.headers['access-control-request-headers'];
      const allowHeaders = typeof requested === 'string' && TOKEN_LIST.test(requested.trim()) ? requested.trim() : DEFAULT_ALLOW_HEADERS;
      send(
        res,
        204,
        [
          'Allow', ALLOWED_METHODS,
          'Access-Control-Allow-Origin', '*',
          'Access-Control-Allow-Methods', ALLOWED_METHODS,
          'Access-Control-Allow-Headers', allowHeaders,
          'Access-Control-Max-Age', '86400',
          'Vary', 'Access-Control-Request-Headers',
        ],
        undefined,
        true,
      );
      return;
    }
    sendError(res, 405, `Method ${method} not allowed; use ${ALLOWED_METHODS}`, false, {}, ['Allow', ALLOWED_METHODS]);
  }

  // --- the server -----------------------------------------------------------
  /**
   * Runs `answer` for a request, with its access-log line when logging. Answers are written
   * synchronously (the catalog is in memory), so the line is made right after, with the time
   * the answer took; a listener per response on 'finish' and bigint clocks cost the server
   * about a tenth of its requests/s. An answer still open (none today) is logged when it finishes.
   */
  function logged(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): (req: http.IncomingMessage, res: http.ServerResponse) => void {
    if (!accessLog) return answer;
    // No closure made per request: the bundle names every function it creates (esbuild's
    // keepNames), and a per-request named closure showed in the profile.
    return (req, res) => {
      const started = performance.now();
      sentBytes = 0;
      sentCoding = 'identity';
      answer(req, res);
      if (res.writableEnded) logLine(req, res, sentBytes, sentCoding, started);
      else {
        openAnswers++;
        stillOpen.set(res, { bytes: 0, coding: 'identity' });
        res.once('finish', () => {
          const sent = stillOpen.get(res)!;
          logLine(req, res, sent.bytes, sent.coding, started);
        });
        res.once('close', () => openAnswers--);
      }
    };
  }

  const server = http.createServer(
    {
      maxHeaderSize: options.maxHeaderSize ?? DEFAULTS.maxHeaderSize,
      headersTimeout: options.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULTS.keepAliveTimeoutMs,
      // Timeouts are enforced on this tick; Node's default (30 s) would make a 10 s header timeout up to 40 s.
      connectionsCheckingInterval: 1_000,
      // Checked in handle() instead, so the 400 carries the JSON body and CORS header like every other error.
      requireHostHeader: false,
    },
    logged(handle),
  );
  // An Expect other than 100-continue: Node's own 417 has no body, CORS header or log line; this one has all three.
  server.on(
    'checkExpectation',
    logged((req, res) => {
      res.shouldKeepAlive = false;
      sendError(res, 417, `Expectation ${JSON.stringify(String(req.headers.expect ?? ''))} is not supported`, req.method === 'HEAD');
    }),
  );
  // CONNECT is not a method this server has: answered like any other (Node would drop the socket unanswered).
  server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
    if (accessLog) accessLines.add(`${socket.remoteAddress ?? '-'} "${req.method} ${req.url} HTTP/${req.httpVersion}" 405 (CONNECT)`);
    socket.on('error', () => socket.destroy());
    socket.end(rawErrorResponse(405, `Method CONNECT not allowed; use ${ALLOWED_METHODS}`, ['Allow', ALLOWED_METHODS]));
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? DEFAULTS.keepAliveTimeoutMs;

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const inProgress = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    let status = 400;
    let message = 'Malformed request';
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      status = 431;
      message = 'Request header fields too large';
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      message = 'Request timeout';
    }
    if (accessLog) accessLines.add(`${socket.remoteAddress ?? '-'} "-" ${status} (${error.code ?? error.message})`);
    socket.end(rawErrorResponse(status, message));
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      const reason = error.code === 'EADDRINUSE' ? 'is already in use' : error.code === 'EACCES' ? 'needs more privileges' : `cannot be bound (${error.code ?? error.message})`;
      const wrapped = new Error(`port ${port} on ${host} ${reason}`) as NodeJS.ErrnoException;
      wrapped.code = error.code;
      reject(wrapped);
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  server.on('error', (error) => log(`server error: ${error.message}`));

  const bound = server.address() as AddressInfo;
  const urlHost = bound.family === 'IPv6' || bound.address.includes(':') ? `[${bound.address}]` : bound.address;
  const url = `http://${urlHost}:${bound.port}`;

  // --- reload and watching ---------------------------------------------------
  let reloading: Promise<ReloadResult> | undefined;
  let reloadAgain = false;

  async function reloadOnce(): Promise<ReloadResult> {
    if (dir === undefined) return { ok: true, functions: snapshot.catalog.functions.length, triggers: snapshot.catalog.triggers.length, source };
    lastSignature = catalogSignature(dir);
    if (updateInProgress(dir)) {
      // Not an error: the marker's removal (seen by the watcher or the poll) brings the reload.
      const note = `${path.join(dir, UPDATE_MARKER)} exists: an update is in progress; reloading once it is removed`;
      log(`catalog reload deferred: ${note}`);
      return { ok: false, error: note };
    }
    const loaded = loadCatalogFromDirectory(dir);
    if (!loaded.ok) {
      lastReloadError = { error: loaded.error, summary: loaded.summary ?? 'the catalog could not be loaded' };
      log(`catalog reload failed: ${loaded.error}; still serving the catalog loaded at ${snapshot.loadedAt.toISOString()}`);
      return { ok: false, error: loaded.error };
    }
    const next = await buildSnapshot(loaded.catalog, catalogMtime(dir));
    snapshot = next; // the atomic switch
    lastReloadError = null;
    log(`catalog reloaded from ${dir}: ${next.catalog.functions.length} functions, ${next.catalog.triggers.length} triggers`);
    return { ok: true, functions: next.catalog.functions.length, triggers: next.catalog.triggers.length, source };
  }

  /** Serialised: one reload at a time; a change during a reload triggers one more. */
  function reload(): Promise<ReloadResult> {
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    reloading = (async () => {
      let result: ReloadResult;
      do {
        reloadAgain = false;
        result = await reloadOnce();
      } while (reloadAgain && !stopping);
      reloading = undefined;
      return result;
    })();
    return reloading;
  }

  function scheduleReload(): void {
    if (stopping) return;
    if (debounceTimer) clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => {
      debounceTimer = undefined;
      void reload();
    }, options.debounceMs ?? DEFAULTS.debounceMs);
    debounceTimer.unref();
  }

  if (dir !== undefined && (options.watch ?? true)) {
    const watchedDir = dir;
    try {
      watcher = fs.watch(watchedDir, { persistent: false }, (_event, filename) => {
        if (!filename || CATALOG_FILE_NAMES.has(filename.toString()) || filename.toString() === UPDATE_MARKER) scheduleReload();
      });
      watcher.on('error', (error) => {
        log(`catalog watch: ${error.message}; relying on polling`);
        watcher?.close();
        watcher = undefined;
      });
    } catch (error) {
      log(`catalog watch unavailable (${(error as Error).message}); polling every ${options.pollMs ?? DEFAULTS.pollMs} ms`);
    }
    // Polling backs fs.watch up (network file systems, editors that swap directories).
    pollTimer = setInterval(() => {
      if (catalogSignature(watchedDir) !== lastSignature) scheduleReload();
    }, options.pollMs ?? DEFAULTS.pollMs);
    pollTimer.unref();
  }

  // --- stopping --------------------------------------------------------------
  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    if (stopped) return stopped;
    stopping = true;
    watcher?.close();
    watcher = undefined;
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = undefined;
    if (debounceTimer) clearTimeout(debounceTimer);
    stopped = new Promise<void>((resolve) => {
      const grace = setTimeout(() => server.closeAllConnections(), DEFAULTS.stopGraceMs);
      grace.unref();
      server.close(() => {
        clearTimeout(grace);
        // The last responses' lines included.
        accessLines.flush();
        resolve();
      });
      // In-flight responses finish (they carry Connection: close); idle keep-alive sockets go now.
      server.closeIdleConnections();
    });
    return stopped;
  }

  return {
    url,
    address: () => ({ host: bound.address, port: bound.port }),
    stop,
    reload,
    get catalog() {
      return snapshot.catalog;
    },
    source,
  };
}

