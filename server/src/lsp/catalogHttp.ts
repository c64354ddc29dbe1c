/**
 * The catalog HTTP server started from the editor ("zscript: Start Catalog
 * HTTP Server"). It runs inside the language server process, so the
 * extension stays a thin client that bundles no server code:
 * `zscript/startCatalogServer` { port, catalogDir? } answers { url, port,
 * source }, `zscript/stopCatalogServer` answers { stopped }. It binds
 * 127.0.0.1 only; its log lines go to the client's log.
 */
import { type Connection, ResponseError } from 'vscode-languageserver/node';
import { serveCatalog, type CatalogServer } from '../http/server';
import type { Guard } from './guard';
import { isObject } from './params';

export const START_CATALOG_SERVER_REQUEST = 'zscript/startCatalogServer';
export const STOP_CATALOG_SERVER_REQUEST = 'zscript/stopCatalogServer';

export interface CatalogServerInfo {
  url: string;
  port: number;
  source: string;
}

/** ErrorCodes.RequestFailed (LSP 3.17): the request was valid but could not be carried out. */
const REQUEST_FAILED = -32803;

export class EditorCatalogServer {
  private running: CatalogServer | undefined;

  constructor(private readonly connection: Connection) {}

  listen(guard: Guard): void {
    this.connection.onRequest(
      START_CATALOG_SERVER_REQUEST,
      guard.requestAsync(START_CATALOG_SERVER_REQUEST, null, (params: unknown) => this.start(params), true),
    );
    this.connection.onRequest(
      STOP_CATALOG_SERVER_REQUEST,
      guard.requestAsync(STOP_CATALOG_SERVER_REQUEST, { stopped: false }, () => this.stop(), true),
    );
  }

  async start(params: unknown): Promise<CatalogServerInfo> {
    if (this.running) return this.info(this.running);
    const p = isObject(params) ? params : {};
    const port = typeof p.port === 'number' && Number.isInteger(p.port) && p.port >= 0 && p.port <= 65535 ? p.port : undefined;
    if (port === undefined) throw new ResponseError(REQUEST_FAILED, 'a port from 0 to 65535 is needed');
    const catalogDir = typeof p.catalogDir === 'string' && p.catalogDir.trim() !== '' ? p.catalogDir : undefined;
    try {
      this.running = await serveCatalog({
        host: '127.0.0.1',
        port,
        catalogDir,
        quiet: true,
        log: (line) => this.connection.console.log(`[catalog server] ${line}`),
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException)?.code;
      throw new ResponseError(REQUEST_FAILED, code === 'EADDRINUSE' ? `port ${port} is in use` : error instanceof Error ? error.message : String(error));
    }
    return this.info(this.running);
  }

  async stop(): Promise<{ stopped: boolean }> {
    const running = this.running;
    this.running = undefined;
    if (!running) return { stopped: false };
    await running.stop();
    return { stopped: true };
  }

  private info(server: CatalogServer): CatalogServerInfo {
    return { url: server.url, port: server.address().port, source: server.source };
  }
}
