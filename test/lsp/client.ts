/**
 * A tiny JSON-RPC/LSP client for the integration tests and the benchmark: it
 * spawns a server (stdio, node-ipc or a socket it listens on), frames
 * messages by hand (so that tests can also send raw bytes, garbage and
 * batched request + cancel), answers the server's requests
 * (workspace/configuration, client/registerCapability, refreshes) and records
 * every notification.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const SERVER = process.env.ZSCRIPT_LSP_SERVER ?? path.join(ROOT, 'dist', 'server.js');
export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'lsp');

export function fileUri(p: string): string {
  return pathToFileURL(p).href;
}

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export interface Notification {
  method: string;
  params: any;
}

type Pending = { resolve: (value: any) => void; reject: (error: RpcError) => void; timer: NodeJS.Timeout; method: string };

interface Transport {
  send(messages: object[]): void;
  sendBytes?(bytes: Buffer): void;
  close(): void;
}

export interface ClientOptions {
  args?: string[];
  env?: NodeJS.ProcessEnv;
  transport?: 'stdio' | 'ipc' | 'socket';
  /** The server command; defaults to `node dist/server.js`. */
  command?: string[];
}

export class LspClient {
  readonly child: ChildProcess;
  readonly notifications: Notification[] = [];
  readonly serverRequests: Notification[] = [];
  stderr = '';
  /** Everything written to stdout that was not a well-framed message (must stay empty). */
  stray = '';
  private transport: Transport | undefined;
  private nextId = 1;
  private readonly pending = new Map<number | string, Pending>();
  private waiters: { test: (n: Notification) => boolean; resolve: (n: Notification) => void }[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  /** Chunks received since `buffer` was last assembled, and how many bytes its message needs (0: unknown). */
  private chunks: Buffer[] = [];
  private chunkBytes = 0;
  private needed = 0;
  /** Answers to the server's requests, by method. */
  readonly handlers = new Map<string, (params: any) => unknown>();
  /** The zscript section returned for workspace/configuration. */
  configuration: unknown = null;
  exited: Promise<number | null>;
  private ready: Promise<void>;

  constructor(options: ClientOptions = {}) {
    const kind = options.transport ?? 'stdio';
    const command = options.command ?? [process.execPath, SERVER];
    const env = { ...process.env, ...options.env };
    let socketReady: Promise<void> = Promise.resolve();
    if (kind === 'socket') {
      const server = net.createServer();
      let resolveReady!: () => void;
      socketReady = new Promise<void>((r) => (resolveReady = r));
      server.listen(0, '127.0.0.1');
      const port = new Promise<number>((r) => server.on('listening', () => r((server.address() as net.AddressInfo).port)));
      // The child is spawned once the port is known (below), so keep a placeholder process.
      this.child = undefined as unknown as ChildProcess;
      this.ready = (async () => {
        const p = await port;
        (this as { child: ChildProcess }).child = spawn(command[0], [...command.slice(1), `--socket=${p}`, ...(options.args ?? [])], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        this.watchChild();
        server.once('connection', (socket) => {
          server.close();
          socket.on('data', (chunk) => this.onBytes(chunk));
          this.transport = this.streamTransport(
            (bytes) => socket.write(bytes),
            () => socket.destroy(),
          );
          resolveReady();
        });
        await socketReady;
      })();
      this.exited = this.ready.then(() => new Promise<number | null>((r) => this.child.on('exit', (code) => r(code))));
      return;
    }
    if (kind === 'ipc') {
      this.child = spawn(command[0], [...command.slice(1), '--node-ipc', ...(options.args ?? [])], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
      this.child.on('message', (message) => this.onMessage(message as any));
      this.transport = {
        send: (messages) => messages.forEach((m) => this.child.send(m)),
        close: () => this.child.disconnect?.(),
      };
      this.child.stdout!.on('data', (chunk) => (this.stray += chunk.toString()));
    } else {
      this.child = spawn(command[0], [...command.slice(1), ...(options.args ?? ['--stdio'])], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      this.child.stdout!.on('data', (chunk: Buffer) => this.onBytes(chunk));
      this.transport = this.streamTransport(
        (bytes) => this.child.stdin!.write(bytes),
        () => this.child.stdin!.end(),
      );
    }
    this.watchChild();
    this.ready = Promise.resolve();
    this.exited = new Promise((r) => this.child.on('exit', (code) => r(code)));
  }

  private watchChild(): void {
    this.child.stderr!.on('data', (chunk) => (this.stderr += chunk.toString()));
    this.child.on('exit', () => {
      for (const [, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject({ code: -1, message: `server exited during ${p.method}; stderr:\n${this.stderr}` });
      }
      this.pending.clear();
    });
    this.handlers.set('workspace/configuration', (params) => (params?.items ?? []).map(() => this.configuration));
    this.handlers.set('client/registerCapability', () => null);
    this.handlers.set('client/unregisterCapability', () => null);
    this.handlers.set('workspace/diagnostic/refresh', () => null);
    this.handlers.set('window/workDoneProgress/create', () => null);
    this.handlers.set('workspace/inlayHint/refresh', () => null);
    this.handlers.set('workspace/semanticTokens/refresh', () => null);
    this.handlers.set('window/workDoneProgress/create', () => null);
  }

  private streamTransport(write: (bytes: Buffer) => void, close: () => void): Transport {
    return {
      send: (messages) => write(Buffer.concat(messages.map((m) => frame(m)))),
      sendBytes: (bytes) => write(bytes),
      close,
    };
  }

  private onBytes(chunk: Buffer): void {
    // A large message arrives in many chunks: gather them and join once it is complete
    // (joining on every chunk copies the message over and over).
    this.chunks.push(chunk);
    this.chunkBytes += chunk.length;
    if (this.needed > 0 && this.buffer.length + this.chunkBytes < this.needed) return;
    this.buffer = this.buffer.length === 0 && this.chunks.length === 1 ? chunk : Buffer.concat([this.buffer, ...this.chunks]);
    this.chunks = [];
    this.chunkBytes = 0;
    this.needed = 0;
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = /Content-Length: *(\d+)/i.exec(header);
      if (!match) {
        // Not protocol: remember it (tests assert stdout carries protocol only) and resynchronise.
        this.stray += this.buffer.subarray(0, headerEnd + 4).toString();
        this.buffer = this.buffer.subarray(headerEnd + 4);
        continue;
      }
      const length = Number(match[1]);
      if (this.buffer.length < headerEnd + 4 + length) {
        this.needed = headerEnd + 4 + length;
        return;
      }
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      let message: any;
      try {
        message = JSON.parse(body);
      } catch {
        this.stray += body;
        continue;
      }
      this.onMessage(message);
    }
  }

  private onMessage(message: any): void {
    if (message.id !== undefined && message.method === undefined) {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error) pending.reject(message.error);
      else pending.resolve(message.result);
      return;
    }
    if (message.id !== undefined && message.method !== undefined) {
      this.serverRequests.push({ method: message.method, params: message.params });
      const handler = this.handlers.get(message.method);
      let result: unknown = null;
      let error: RpcError | undefined;
      try {
        result = handler ? handler(message.params) : null;
      } catch (e) {
        error = { code: -32603, message: String(e) };
      }
      if (!handler) error = { code: -32601, message: `client has no ${message.method}` };
      this.transport!.send([error ? { jsonrpc: '2.0', id: message.id, error } : { jsonrpc: '2.0', id: message.id, result: result ?? null }]);
      return;
    }
    const notification = { method: message.method, params: message.params };
    this.notifications.push(notification);
    const remaining: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (w.test(notification)) w.resolve(notification);
      else remaining.push(w);
    }
    this.waiters = remaining;
  }

  async request<T = any>(method: string, params?: unknown, timeoutMs = 15000): Promise<T> {
    await this.ready;
    const id = this.nextId++;
    const promise = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject({ code: -2, message: `timeout waiting for ${method}` });
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, method });
    });
    this.transport!.send([params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }]);
    return promise;
  }

  /** Sends a request and `$/cancelRequest` for it in one write: the server reads both before running it. */
  async requestAndCancel<T = any>(method: string, params: unknown, timeoutMs = 15000): Promise<T> {
    await this.ready;
    const id = this.nextId++;
    const promise = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject({ code: -2, message: `timeout waiting for ${method}` }), timeoutMs);
      this.pending.set(id, { resolve, reject, timer, method });
    });
    this.transport!.send([
      { jsonrpc: '2.0', id, method, params },
      { jsonrpc: '2.0', method: '$/cancelRequest', params: { id } },
    ]);
    return promise;
  }

  async notify(method: string, params?: unknown): Promise<void> {
    await this.ready;
    this.transport!.send([{ jsonrpc: '2.0', method, params }]);
  }

  async sendBytes(bytes: Buffer): Promise<void> {
    await this.ready;
    this.transport!.sendBytes?.(bytes);
  }

  /** Resolves with the first notification (already received or future) that passes `test`. */
  waitFor(method: string, test: (params: any) => boolean = () => true, timeoutMs = 15000, since = 0): Promise<Notification> {
    const existing = this.notifications.slice(since).find((n) => n.method === method && test(n.params));
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout waiting for ${method}; stderr:\n${this.stderr}`)), timeoutMs);
      this.waiters.push({
        test: (n) => n.method === method && test(n.params),
        resolve: (n) => {
          clearTimeout(timer);
          resolve(n);
        },
      });
    });
  }

  /** The next notification from now on. */
  next(method: string, test: (params: any) => boolean = () => true, timeoutMs = 15000): Promise<Notification> {
    return this.waitFor(method, test, timeoutMs, this.notifications.length);
  }

  async initialize(
    options: { capabilities?: object; initializationOptions?: unknown; workspaceFolders?: string[] | null; rootUri?: string | null; clientName?: string } = {},
  ): Promise<any> {
    const folders = options.workspaceFolders ?? null;
    const result = await this.request('initialize', {
      processId: process.pid,
      clientInfo: { name: options.clientName ?? 'zscript-test-client' },
      rootUri: options.rootUri ?? (folders?.[0] ? fileUri(folders[0]) : null),
      workspaceFolders: folders ? folders.map((f) => ({ uri: fileUri(f), name: path.basename(f) })) : null,
      capabilities: options.capabilities ?? {},
      initializationOptions: options.initializationOptions,
    });
    await this.notify('initialized', {});
    return result;
  }

  async shutdown(): Promise<number | null> {
    try {
      await this.request('shutdown', undefined, 5000);
      await this.notify('exit');
    } catch {
      // already gone
    }
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 5000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }
}

export function frame(message: object): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** Full LSP 3.17 client capabilities the tests declare (pull diagnostics on or off). */
export function capabilities(options: { pull?: boolean; configuration?: boolean; refresh?: boolean; watch?: boolean; progress?: boolean } = {}): object {
  return {
    window: { workDoneProgress: options.progress ?? false },
    workspace: {
      configuration: options.configuration ?? false,
      didChangeConfiguration: { dynamicRegistration: false },
      didChangeWatchedFiles: { dynamicRegistration: options.watch ?? false },
      workspaceFolders: true,
      diagnostics: { refreshSupport: options.refresh ?? false },
      inlayHint: { refreshSupport: options.refresh ?? false },
      semanticTokens: { refreshSupport: options.refresh ?? false },
      symbol: {},
    },
    textDocument: {
      synchronization: { didSave: false },
      completion: {
        completionItem: {
          snippetSupport: true,
          labelDetailsSupport: true,
          documentationFormat: ['markdown', 'plaintext'],
          resolveSupport: { properties: ['documentation', 'detail'] },
        },
        completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
      },
      hover: { contentFormat: ['markdown', 'plaintext'] },
      signatureHelp: { signatureInformation: { documentationFormat: ['markdown'], parameterInformation: { labelOffsetSupport: true } } },
      codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } } },
      rename: { prepareSupport: true },
      documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      semanticTokens: { requests: { full: { delta: true } }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] },
      inlayHint: {},
      ...(options.pull ? { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } : {}),
      publishDiagnostics: { versionSupport: true },
    },
  };
}

export function positionOf(text: string, needle: string, delta = 0, from = 0): { line: number; character: number } {
  const offset = text.indexOf(needle, from);
  if (offset < 0) throw new Error(`"${needle}" not in text`);
  const before = text.slice(0, offset + delta);
  const line = before.split('\n').length - 1;
  return { line, character: offset + delta - (before.lastIndexOf('\n') + 1) };
}

/** Polls `probe` until it returns a truthy value (hang-guarded by the mocha timeout). */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, what: string, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}
