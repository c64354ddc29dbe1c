/**
 * `zscript-catalog-server --export DIR`: the server's routes as static files,
 * for a CDN or any static host, plus an nginx configuration that serves them
 * with the node server's bytes and headers.
 *
 *   DIR/site/            one file per route (`/` is index.html), with `.br`
 *                        and `.gz` next to it where the server has them
 *   DIR/nginx.conf       maps and a server block, to include in nginx's http {}
 *   DIR/.zscript-export  marks DIR as ours, so a later export may replace it
 *
 * Nothing is written outside DIR, and DIR is only emptied when it is missing,
 * empty or a previous export. Every file gets the catalog's modification time,
 * which is what nginx sends as Last-Modified.
 *
 * The nginx side chooses the coding itself (maps on Accept-Encoding, then
 * try_files over the precompressed files), so it needs neither gzip_static nor
 * a brotli module; ETags are the node server's, from a map. /healthz is not
 * exported (it describes a running process), and error bodies are nginx's own.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundledCatalog, type Catalog, loadCatalogFromDirectory } from '../catalog';
import { CACHE_CONTROL, EXPOSE_HEADERS, buildSnapshot, type Resource, type Variant } from './snapshot';
import { PAGE_CSP } from './page';
import { catalogMtime, defaultCatalogDir } from './catalogFolder';

export interface ExportOptions {
  /** The catalog files' modification time (Last-Modified); default now. */
  lastModifiedMs?: number;
  /** The address nginx should listen on (default 127.0.0.1:8080). */
  host?: string;
  port?: number;
}

export interface ExportResult {
  readonly dir: string;
  readonly routes: number;
  readonly files: number;
  readonly bytes: number;
  readonly nginxConfig: string;
}

const MARKER = '.zscript-export';
/** Route paths nginx and every file system take literally (catalog names are identifiers). */
const SAFE_ROUTE = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)?[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

function fileOf(route: string): string {
  return route === '/' ? 'index.html' : route.slice(1);
}

/** Empties `dir` when it is missing, empty or an earlier export; refuses anything else. */
function prepareDirectory(dir: string): void {
  if (fs.existsSync(dir)) {
    if (!fs.statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
    const entries = fs.readdirSync(dir);
    if (entries.length > 0 && !entries.includes(MARKER)) throw new Error(`${dir} is not empty and not an earlier export; choose an empty or new folder`);
    for (const entry of entries) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, MARKER), 'Written by zscript-catalog-server --export; the whole folder is replaced by the next export.\n');
}

/** An nginx string literal. */
function quote(text: string): string {
  // nginx strings have no escape for `$` (it starts a variable); nothing we write contains one.
  if (text.includes('$')) throw new Error(`cannot write ${JSON.stringify(text)} into an nginx string`);
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** The coding the node server sends for each combination of what the client accepts (chooseEncoding's order). */
function chosen(resource: Resource, acceptsBr: boolean, acceptsGzip: boolean): Variant {
  if (acceptsBr && resource.br) return resource.br;
  if (acceptsGzip && resource.gzip) return resource.gzip;
  return resource.identity;
}

/** The header value a variant carries, or undefined. */
function headerOf(variant: Variant, name: string): string | undefined {
  for (let i = 0; i < variant.headers.length; i += 2) if (variant.headers[i].toLowerCase() === name) return variant.headers[i + 1];
  return undefined;
}

function nginxConfig(site: string, routes: ReadonlyMap<string, Resource>, listen: string): string {
  const etags: string[] = [];
  const vary: string[] = [];
  for (const [route, resource] of routes) {
    for (const br of [true, false]) {
      for (const gz of [true, false]) {
        etags.push(`    ${quote(`${route}|${br ? '.br' : '.no-br'}|${gz ? '.gz' : '.no-gz'}`)} ${quote(chosen(resource, br, gz).etag)};`);
      }
    }
    if (headerOf(resource.identity, 'vary')) vary.push(`    ${quote(route)} "Accept-Encoding";`);
  }
  // q-values: a coding counts as accepted when listed without q or with q > 0;
  // `*` stands for a coding not listed. Between two accepted codings brotli wins,
  // as in the node server when both have the same weight (the usual case).
  const accepted = (coding: string, variable: string, suffix: string) => `map $http_accept_encoding ${variable} {
    default ".no-${suffix}";
    "~*(^|,)\\s*(${coding})\\s*(;\\s*q\\s*=\\s*(0\\.0{0,2}[1-9][0-9]*|0\\.[1-9][0-9]{0,2}|1(\\.0{0,3})?)\\s*)?(,|$)" ".${suffix}";
    "~*^(?!.*(^|,)\\s*(${coding})\\s*(;|,|$)).*(^|,)\\s*\\*\\s*(;\\s*q\\s*=\\s*(0\\.0{0,2}[1-9][0-9]*|0\\.[1-9][0-9]{0,2}|1(\\.0{0,3})?)\\s*)?(,|$)" ".${suffix}";
}`;
  const common = (extra: string[]) =>
    [
      ...extra,
      'add_header X-Content-Type-Options "nosniff";',
      'add_header ETag $zscript_etag;',
      `add_header Cache-Control ${quote(CACHE_CONTROL)};`,
      'add_header Access-Control-Allow-Origin "*";',
      `add_header Access-Control-Expose-Headers ${quote(EXPOSE_HEADERS)};`,
      'add_header Vary $zscript_vary;',
      'add_header Content-Encoding $zscript_coding;',
      'if ($http_if_none_match = $zscript_etag) { return 304; }',
    ]
      .map((line) => `        ${line}`)
      .join('\n');
  return `# The zscript catalog as static files, written by zscript-catalog-server --export.
# Include this file inside nginx's http { } block (for example from
# /etc/nginx/conf.d/); it serves ${site}
# with the same bytes and headers as zscript-catalog-server.

map_hash_max_size 8192;
map_hash_bucket_size 256;

${accepted('br', '$zscript_br', 'br')}

${accepted('x-gzip|gzip', '$zscript_gz', 'gz')}

# The node server's ETag of the variant each client gets.
map "$zscript_route|$zscript_br|$zscript_gz" $zscript_etag {
    default "zscript-no-etag";
${etags.join('\n')}
}

map $zscript_route $zscript_vary {
    default "";
${vary.join('\n')}
}

# After try_files, $uri names the file sent; its suffix is the coding.
map $uri $zscript_coding {
    default "";
    "~\\.br$" "br";
    "~\\.gz$" "gzip";
}

server {
    listen ${listen};
    root ${quote(site)};
    server_tokens off;
    gzip off;
    etag off;
    max_ranges 0;
    if_modified_since before;
    charset utf-8;
    charset_types application/json;  # text/html always gets the charset
    types { }
    set $zscript_route $uri;

    location = / {
        default_type "text/html";
        try_files /index.html$zscript_br /index.html$zscript_gz /index.html =404;
${common([`add_header Content-Security-Policy ${quote(PAGE_CSP)};`, 'add_header Referrer-Policy "no-referrer";'])}
    }

    # Only the route paths: not the files behind them.
    location ~ (\\.br|\\.gz|^/index\\.html)$ {
        return 404;
    }

    location / {
        default_type "application/json";
        try_files $uri$zscript_br $uri$zscript_gz $uri =404;
${common([])}
    }
}
`;
}

/** Writes the catalog's routes and the nginx configuration into `dir`. */
export async function exportCatalog(catalog: Catalog, dir: string, options: ExportOptions = {}): Promise<ExportResult> {
  const root = path.resolve(dir);
  const snapshot = await buildSnapshot(catalog, options.lastModifiedMs ?? Date.now());
  const unsafe = [...snapshot.routes.keys()].filter((route) => route !== '/' && !SAFE_ROUTE.test(decodeURIComponent(route)));
  if (unsafe.length > 0) throw new Error(`cannot export routes that are not plain names: ${unsafe.slice(0, 5).join(', ')}`);
  prepareDirectory(root);
  const site = path.join(root, 'site');
  const mtime = new Date(Math.floor((options.lastModifiedMs ?? Date.now()) / 1000) * 1000);
  let files = 0;
  let bytes = 0;
  const routes = new Map<string, Resource>();
  for (const [route, resource] of snapshot.routes) {
    const decoded = route === '/' ? route : decodeURIComponent(route);
    routes.set(decoded, resource);
    const file = path.join(site, fileOf(decoded));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (const [suffix, variant] of [
      ['', resource.identity],
      ['.br', resource.br],
      ['.gz', resource.gzip],
    ] as const) {
      if (!variant) continue;
      fs.writeFileSync(file + suffix, variant.body);
      fs.utimesSync(file + suffix, mtime, mtime);
      files++;
      bytes += variant.body.length;
    }
  }
  const listen = `${options.host?.includes(':') ? `[${options.host}]` : (options.host ?? '127.0.0.1')}:${options.port ?? 8080}`;
  const nginxConfigPath = path.join(root, 'nginx.conf');
  fs.writeFileSync(nginxConfigPath, nginxConfig(site, routes, listen));
  return { dir: root, routes: routes.size, files, bytes, nginxConfig: nginxConfigPath };
}

/**
 * What `--export` runs: loads the catalog the way the server would (the
 * folder given, else the package's catalog/, else the bundled copy) and exports it.
 */
export async function exportCatalogFrom(
  catalogDir: string | undefined,
  dir: string,
  options: Omit<ExportOptions, 'lastModifiedMs'> = {},
): Promise<ExportResult & { source: string; catalog: Catalog }> {
  const source = catalogDir !== undefined ? path.resolve(catalogDir) : defaultCatalogDir();
  let catalog: Catalog;
  let lastModifiedMs = Date.now();
  if (source !== undefined) {
    const loaded = loadCatalogFromDirectory(source);
    if (!loaded.ok) throw new Error(loaded.error);
    catalog = loaded.catalog;
    lastModifiedMs = catalogMtime(source);
  } else {
    catalog = bundledCatalog();
  }
  const result = await exportCatalog(catalog, dir, { ...options, lastModifiedMs });
  return { ...result, source: source ?? 'bundled', catalog };
}
