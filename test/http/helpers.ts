/** Real-socket helpers for the HTTP tests. Every wait is bounded. */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const REPO_CATALOG = path.join(REPO_ROOT, 'catalog');
export const CATALOG_FILE_NAMES = ['functions.json', 'functions_tag.json', 'triggers.json', 'triggers_tag.json'];

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request on a fresh connection (or on `agent`), body collected as bytes (no decoding). */
export function request(url: string, options: { method?: string; headers?: Record<string, string>; agent?: http.Agent } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`request to ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export function json(reply: Reply): any {
  return JSON.parse(reply.body.toString('utf8'));
}

/** Writes raw bytes on a new TCP connection and returns everything the server sent until it closed (bounded). */
export function rawExchange(port: number, data: string | Buffer, opts: { host?: string; untilClose?: boolean; timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, opts.host ?? '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    }, opts.timeoutMs ?? 5_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (chunks.length > 0) resolve(Buffer.concat(chunks).toString('latin1'));
      else reject(error);
    });
    socket.write(data);
  });
}

/** A temporary copy of the repository's catalog (or of given texts). */
export function tempCatalog(overrides: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-http-'));
  for (const file of CATALOG_FILE_NAMES) {
    fs.writeFileSync(path.join(dir, file), overrides[file] ?? fs.readFileSync(path.join(REPO_CATALOG, file), 'utf8'));
  }
  return dir;
}

export function tempDir(prefix = 'zscript-http-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Polls `check` until it returns a truthy value; fails after `timeoutMs` (a bound, not an expectation). */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function repoData(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(REPO_CATALOG, file), 'utf8'));
}
