/**
 * The catalog the server uses: chosen from the settings (catalogSource.ts),
 * switched in the service, and announced — `zscript/catalogStatus` for VS
 * Code's status bar, the log for every other client. `zscript/reloadCatalog`
 * reloads it on request.
 */
import type { Connection } from 'vscode-languageserver/node';
import type { ZscriptLanguageService } from '../service';
import { chooseCatalog, defaultCacheDir } from './catalogSource';
import type { Guard } from './guard';
import type { ServerSettings } from './clientSettings';

export const CATALOG_STATUS_NOTIFICATION = 'zscript/catalogStatus';
export const RELOAD_CATALOG_REQUEST = 'zscript/reloadCatalog';

export interface CatalogStatus {
  source: string;
  functions: number;
  message: string;
}

export interface ActiveCatalogContext {
  readonly connection: Connection;
  readonly service: ZscriptLanguageService;
  settings(): ServerSettings;
  /** Where a relative `zscript.catalog.path` starts. */
  workspaceDir(): string | undefined;
  /** The catalog changed: everything derived from it is stale. */
  changed(): void;
}

export class ActiveCatalog {
  private current: CatalogStatus;
  /** The remote catalog's cache directory (from initializationOptions). */
  private cacheDir = defaultCacheDir(undefined);
  /** Bumped by every reload: a slow load that finishes after a newer one started is dropped. */
  private sequence = 0;
  private loading: Promise<CatalogStatus> | undefined;
  /** The folder the catalog in use was loaded from (source `file`), if it was. */
  private loadedDir: string | undefined;

  constructor(private readonly context: ActiveCatalogContext) {
    this.current = { source: 'bundled', functions: context.service.catalog.functions.length, message: 'bundled catalog' };
  }

  get status(): CatalogStatus {
    return this.current;
  }

  /** At initialize: where the remote catalog's cache goes. */
  start(initializationOptions: unknown): void {
    this.cacheDir = defaultCacheDir(initializationOptions);
  }

  /** Answers zscript/reloadCatalog (no parameters needed). */
  listen(guard: Guard): void {
    this.context.connection.onRequest(
      RELOAD_CATALOG_REQUEST,
      guard.requestAsync(RELOAD_CATALOG_REQUEST, this.current, () => this.reload(), true),
    );
  }

  /** Loads the catalog the current settings name, switches to it and announces it. */
  reload(): Promise<CatalogStatus> {
    const sequence = ++this.sequence;
    const settings = this.context.settings();
    const loading = this.load(sequence, settings);
    this.loading = loading;
    return loading.then(
      (status) => {
        if (this.loading === loading) this.loading = undefined;
        return status;
      },
      (error) => {
        if (this.loading === loading) this.loading = undefined;
        throw error;
      },
    );
  }

  private async load(sequence: number, settings: ServerSettings): Promise<CatalogStatus> {
    const { connection, service } = this.context;
    const choice = await chooseCatalog(settings, { workspaceDir: this.context.workspaceDir(), cacheDir: this.cacheDir });
    if (sequence !== this.sequence) return this.loading ?? this.current; // superseded by a newer reload
    if (choice.failedDir !== undefined && choice.failedDir === this.loadedDir) {
      // The folder in use became unusable (half-written, replaced by a FIFO...): keep its last good catalog.
      const message = `${choice.message.replace(/; using the bundled catalog.*$/, '')}; keeping the catalog loaded from it before`;
      this.current = { ...this.current, message };
      void connection.sendNotification(CATALOG_STATUS_NOTIFICATION, this.current);
      connection.console.warn(`zscript: ${message}`);
      return this.current;
    }
    if (choice.catalog !== service.catalog) service.setCatalog(choice.catalog);
    this.loadedDir = choice.source === 'file' ? choice.dir : undefined;
    this.current = { source: choice.source, functions: choice.catalog.functions.length, message: choice.message };
    void connection.sendNotification(CATALOG_STATUS_NOTIFICATION, this.current);
    connection.console.info(`zscript: ${choice.message}`);
    this.context.changed();
    return this.current;
  }
}
