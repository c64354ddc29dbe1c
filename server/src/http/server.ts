/**
 * The catalog HTTP server: serves the loaded catalog on the seed's four routes
 * plus per-record routes, /openapi.json and /healthz, using node:http only.
 * This module puts the parts together and owns the sockets: listening,
 * parser-level errors, CONNECT, the access log, stopping. What each request
 * gets is the router's (router.ts), the catalog and its reloads the live
 * catalog's (liveCatalog.ts), noticing changes the reload watcher's
 * (reloadWatcher.ts).
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Catalog } from '../catalog';
import { AccessLineFormat, type AccessLogOptions, BufferedLog } from './accessLog';
import { LiveCatalog, type ReloadResult } from './liveCatalog';
import { ALLOWED_METHODS } from './openapi';
import { ReloadWatcher } from './reloadWatcher';
import { rawErrorResponse, Responses, type Sent } from './responses';
import { Router } from './router';

export type { ReloadResult } from './liveCatalog';
export { defaultCatalogDir } from './catalogFolder';

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
  /**
   * Compress the catalog on this thread before listening: a standalone server,
   * which has nothing else to do while it starts, then serves with less CPU
   * per request (snapshot.ts, buildSnapshot). Default false: a server started
   * inside another process (the language server) must not block it.
   */
  compressBeforeListening?: boolean;
}

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

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Starts serving. Rejects (with a one-line message) when the catalog cannot be loaded or the port cannot be bound. */
export async function serveCatalog(options: ServeOptions = {}): Promise<CatalogServer> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const host = options.host ?? DEFAULTS.host;
  const port = options.port ?? DEFAULTS.port;
  const accessLog = !options.quiet;
  const accessLines = new BufferedLog(log, options.accessLog);
  const accessFormat = new AccessLineFormat();

  let watcher: ReloadWatcher | undefined;
  const live = await LiveCatalog.open({
    catalogDir: options.catalogDir,
    log,
    onRead: () => watcher?.noteRead(),
    firstCompression: options.compressBeforeListening ? 'sync' : 'async',
  });
  if (live.dir !== undefined && (options.watch ?? true)) {
    const reload = (): void => void live.reload();
    watcher = new ReloadWatcher(live.dir, { debounceMs: options.debounceMs ?? DEFAULTS.debounceMs, pollMs: options.pollMs ?? DEFAULTS.pollMs, log }, reload);
  }
  const responses = new Responses(accessLog);
  const router = new Router(live, responses, () => watcher?.watching ?? false);

  // --- the access log -----------------------------------------------------------
  function logLine(req: http.IncomingMessage, res: http.ServerResponse, bytes: number, coding: string, at: number): void {
    accessLines.add(accessFormat.line(at, req.socket.remoteAddress ?? '-', req.method ?? '', req.url ?? '', req.httpVersion, res.statusCode, bytes, coding));
  }

  /**
   * Runs `answer` for a request, with its access-log line when logging. Answers are written
   * synchronously (the catalog is in memory), so the line is made right after; a listener per
   * response on 'finish' cost the server about a tenth of its requests/s. An answer still open
   * (none today) is logged when it finishes.
   */
  function logged(answer: Handler): Handler {
    if (!accessLog) return answer;
    // No closure made per request: each one is an allocation on the hottest path.
    return (req, res) => {
      const at = Date.now();
      responses.begin();
      answer(req, res);
      if (res.writableEnded) logLine(req, res, responses.sentBytes, responses.sentCoding, at);
      else responses.whenFinished(res, (sent: Sent) => logLine(req, res, sent.bytes, sent.coding, at));
    };
  }

  // --- the server -----------------------------------------------------------
  const server = http.createServer(
    {
      maxHeaderSize: options.maxHeaderSize ?? DEFAULTS.maxHeaderSize,
      headersTimeout: options.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULTS.keepAliveTimeoutMs,
      // Timeouts are enforced on this tick; Node's default (30 s) would make a 10 s header timeout up to 40 s.
      connectionsCheckingInterval: 1_000,
      // Checked by the router instead, so the 400 carries the JSON body and CORS header like every other error.
      requireHostHeader: false,
    },
    logged((req, res) => router.answer(req, res)),
  );
  server.on(
    'checkExpectation',
    logged((req, res) => router.answerExpectation(req, res)),
  );
  // CONNECT is not a method this server has: answered like any other (Node would drop the socket unanswered).
  server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
    if (accessLog)
      accessLines.add(`${accessFormat.time(Date.now())} ${socket.remoteAddress ?? '-'} "${req.method} ${req.url} HTTP/${req.httpVersion}" 405 (CONNECT)`);
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
    if (accessLog) accessLines.add(`${accessFormat.time(Date.now())} ${socket.remoteAddress ?? '-'} "-" ${status} (${error.code ?? error.message})`);
    socket.end(rawErrorResponse(status, message));
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      const reason =
        error.code === 'EADDRINUSE'
          ? 'is already in use'
          : error.code === 'EACCES'
            ? 'needs more privileges'
            : `cannot be bound (${error.code ?? error.message})`;
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

  watcher?.start();

  // --- stopping --------------------------------------------------------------
  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    if (stopped) return stopped;
    responses.closing = true;
    live.stop();
    watcher?.close();
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
    reload: () => live.reload(),
    get catalog() {
      return live.current.catalog;
    },
    source: live.source,
  };
}
