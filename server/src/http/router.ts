/**
 * Routing: from a request's method and path to its answer. The catalog's
 * routes come from the live catalog's current snapshot; /healthz is built per
 * request; everything else is an error with a JSON body, a CORS preflight or
 * a 405.
 *
 * Hot path: one Map lookup of the request path in the current snapshot, one
 * Accept-Encoding choice (cached per header string), then writeHead with a
 * precomputed header list and end with a precomputed Buffer.
 */
import type * as http from 'node:http';
import type { LiveCatalog } from './liveCatalog';
import { chooseEncoding, closestNames, etagMatches, notModifiedSince } from './negotiate';
import { ALLOWED_METHODS } from './openapi';
import type { Responses } from './responses';
import { EXPOSE_HEADERS, JSON_TYPE, type Resource, type Snapshot } from './snapshot';

interface RequestFields {
  host: boolean;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
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
        if (name.toLowerCase() === 'accept-encoding')
          fields.acceptEncoding = fields.acceptEncoding === undefined ? raw[i + 1] : `${fields.acceptEncoding}, ${raw[i + 1]}`;
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

export class Router {
  constructor(
    private readonly live: LiveCatalog,
    private readonly responses: Responses,
    /** Whether the catalog folder is being watched, for /healthz. */
    private readonly watching: () => boolean,
  ) {}

  /** Answers a request, synchronously (the catalog is in memory). */
  answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const current = this.live.current; // one read: the whole request sees one catalog
    const method = req.method ?? '';
    const url = req.url ?? '';
    const q = url.indexOf('?');
    let p = q === -1 ? url : url.slice(0, q);
    if (p.charCodeAt(0) !== 47 /* '/' */) {
      // absolute-form must be accepted (RFC 9112 §3.2.2); asterisk-form only with OPTIONS.
      const absolute = /^https?:\/\/[^/?#]*/i.exec(p);
      if (absolute) p = p.slice(absolute[0].length) || '/';
      else if (p === '*' && method === 'OPTIONS') {
        this.responses.send(res, 204, ['Allow', ALLOWED_METHODS, 'Access-Control-Allow-Origin', '*'], undefined, true);
        return;
      } else {
        this.responses.error(res, 400, 'Malformed request target', method === 'HEAD');
        return;
      }
    }
    const head = method === 'HEAD';
    if (req.httpVersionMajor !== 1) {
      // HTTP/2.0 in an HTTP/1 request line, or an HTTP/0.9-style line without a version: neither is spoken here.
      res.shouldKeepAlive = false;
      return this.responses.error(res, 505, `HTTP/${req.httpVersion} is not supported; use HTTP/1.1`, head);
    }
    const fields = requestFields(req.rawHeaders);
    if (!fields.host && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      // RFC 9112 §3.2: a server MUST answer 400 to an HTTP/1.1 request without Host.
      res.shouldKeepAlive = false;
      return this.responses.error(res, 400, 'Missing Host header', head);
    }
    if (method === 'GET' || head) {
      const resource = current.routes.get(p);
      if (resource !== undefined) return this.sendResource(fields, res, resource, head);
      if (p === '/healthz') return this.sendHealth(req, res, head);
      const kind = p.startsWith('/functions/') ? 'function' : p.startsWith('/triggers/') ? 'trigger' : undefined;
      if (kind !== undefined) {
        let name: string;
        try {
          name = decodeURIComponent(p.slice(kind === 'function' ? 11 : 10));
        } catch {
          return this.responses.error(res, 400, 'Malformed percent-encoding in the path', head);
        }
        const again = current.routes.get(`/${kind}s/${encodeURIComponent(name)}`);
        if (again !== undefined) return this.sendResource(fields, res, again, head);
        const suggestions = closestNames(name, kind === 'function' ? current.functionNames : current.triggerNames);
        const hint = suggestions.length > 0 ? `; closest: ${suggestions.join(', ')}` : '';
        return this.responses.error(res, 404, `No ${kind} named ${JSON.stringify(name)}${hint}`, head, { name, suggestions });
      }
      return this.responses.error(res, 404, `No route ${JSON.stringify(p)}; see /openapi.json`, head);
    }
    if (!isKnownPath(p, current)) return this.responses.error(res, 404, `No route ${JSON.stringify(p)}; see /openapi.json`, false);
    if (method === 'OPTIONS') {
      const requested = req.headers['access-control-request-headers'];
      const allowHeaders = typeof requested === 'string' && TOKEN_LIST.test(requested.trim()) ? requested.trim() : DEFAULT_ALLOW_HEADERS;
      this.responses.send(
        res,
        204,
        [
          'Allow',
          ALLOWED_METHODS,
          'Access-Control-Allow-Origin',
          '*',
          'Access-Control-Allow-Methods',
          ALLOWED_METHODS,
          'Access-Control-Allow-Headers',
          allowHeaders,
          'Access-Control-Max-Age',
          '86400',
          'Vary',
          'Access-Control-Request-Headers',
        ],
        undefined,
        true,
      );
      return;
    }
    this.responses.error(res, 405, `Method ${method} not allowed; use ${ALLOWED_METHODS}`, false, {}, ['Allow', ALLOWED_METHODS]);
  }

  /** An `Expect` other than 100-continue: Node's own 417 has no body, CORS header or log line; this one has all three. */
  answerExpectation(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.shouldKeepAlive = false;
    this.responses.error(res, 417, `Expectation ${JSON.stringify(String(req.headers.expect ?? ''))} is not supported`, req.method === 'HEAD');
  }

  private sendResource(fields: RequestFields, res: http.ServerResponse, resource: Resource, head: boolean): void {
    const coding = chooseEncoding(fields.acceptEncoding, resource.br !== undefined, resource.gzip !== undefined);
    const variant = coding === 'br' ? resource.br! : coding === 'gzip' ? resource.gzip! : resource.identity;
    const ifNoneMatch = fields.ifNoneMatch;
    const ifModifiedSince = fields.ifModifiedSince;
    // If-Modified-Since is only evaluated without If-None-Match (RFC 9110 §13.2.2).
    if (
      ifNoneMatch !== undefined
        ? etagMatches(ifNoneMatch, variant.etag)
        : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, resource.lastModifiedMs)
    ) {
      this.responses.send(res, 304, variant.notModifiedHeaders, undefined, true);
      return;
    }
    this.responses.send(res, 200, variant.headers, variant.body, head, variant.coding);
  }

  /**
   * Health. The catalog folder's path and the reload error (which can quote
   * the files' content: a link to /etc/passwd shows its first line) are only
   * given to local tools: requests without an Origin header (no browser page)
   * addressed to a loopback name (no DNS rebinding). Anyone else, any web
   * page included, gets the status with `source` as "folder" or "bundled" and
   * the error as file name and kind of problem.
   */
  private sendHealth(req: http.IncomingMessage, res: http.ServerResponse, head: boolean): void {
    const live = this.live;
    const current = live.current;
    const detailed = req.headers.origin === undefined && isLoopbackHost(req.headers.host);
    const body = Buffer.from(
      JSON.stringify({
        status: live.lastReloadError === null ? 'ok' : 'degraded',
        functions: current.catalog.functions.length,
        triggers: current.catalog.triggers.length,
        source: detailed || live.dir === undefined ? live.source : 'folder',
        loadedAt: current.loadedAt.toISOString(),
        version: current.version,
        watching: this.watching(),
        lastReloadError: live.lastReloadError === null ? null : detailed ? live.lastReloadError.error : live.lastReloadError.summary,
      }),
      'utf8',
    );
    this.responses.send(
      res,
      200,
      [
        'Content-Type',
        JSON_TYPE,
        'Content-Length',
        String(body.length),
        'Cache-Control',
        'no-store',
        'Vary',
        'Origin, Host',
        'Access-Control-Allow-Origin',
        '*',
        'Access-Control-Expose-Headers',
        EXPOSE_HEADERS,
      ],
      body,
      head,
    );
  }
}

/** Whether a path names something this server has (for OPTIONS and 405). */
function isKnownPath(p: string, current: Snapshot): boolean {
  return current.routes.has(p) || p === '/healthz' || p.startsWith('/functions/') || p.startsWith('/triggers/');
}
