/**
 * The catalog being served: its current snapshot, where it comes from, and
 * reloading it. A reload builds a whole new snapshot and switches to it with
 * one assignment, so a request sees the old catalog or the new one, never a
 * mix; a reload that fails keeps the old one and is remembered for /healthz.
 */
import * as path from 'node:path';
import { bundledCatalog, type Catalog, loadCatalogFromDirectory } from '../catalog';
import { catalogMtime, defaultCatalogDir, UPDATE_MARKER, updateInProgress } from './catalogFolder';
import { buildSnapshot, type Compression, type Snapshot } from './snapshot';

export type ReloadResult = { ok: true; functions: number; triggers: number; source: string } | { ok: false; error: string };

export interface LiveCatalogOptions {
  /** The folder to serve; undefined: the package's catalog folder, else the bundled copy. */
  catalogDir?: string;
  log: (line: string) => void;
  /** Called each time a reload reads the folder (the watcher notes what it read). */
  onRead?: () => void;
  /** How the first snapshot is compressed (snapshot.ts, buildSnapshot); reloads always use the thread pool. Default 'async'. */
  firstCompression?: Compression;
}

export class LiveCatalog {
  /** The last failed reload: `error` in full (log, local tools), `summary` without paths or file content. */
  lastReloadError: { error: string; summary: string } | null = null;
  /** Where the catalog comes from: its folder, or "bundled". */
  readonly source: string;
  private reloading: Promise<ReloadResult> | undefined;
  private reloadAgain = false;
  private stopped = false;

  private constructor(
    /** The folder served, undefined for the bundled catalog. */
    readonly dir: string | undefined,
    private snapshot: Snapshot,
    private readonly options: LiveCatalogOptions,
  ) {
    this.source = dir ?? 'bundled';
  }

  /** Loads the catalog; rejects with the loader's one-line message when a folder given explicitly cannot be loaded. */
  static async open(options: LiveCatalogOptions): Promise<LiveCatalog> {
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
        if (loaded) options.log(`catalog: ${loaded.error}; serving the bundled catalog`);
        dir = undefined;
        catalog = bundledCatalog();
      }
    }
    const first = await buildSnapshot(catalog, dir !== undefined ? catalogMtime(dir) : Date.now(), options.firstCompression);
    return new LiveCatalog(dir, first, options);
  }

  /** The snapshot to answer from; read it once per request so that the whole request sees one catalog. */
  get current(): Snapshot {
    return this.snapshot;
  }

  /** Serialised: one reload at a time; a change during a reload brings one more. */
  reload(): Promise<ReloadResult> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      let result: ReloadResult;
      do {
        this.reloadAgain = false;
        result = await this.reloadOnce();
      } while (this.reloadAgain && !this.stopped);
      this.reloading = undefined;
      return result;
    })();
    return this.reloading;
  }

  /** No reload is repeated from now on (one under way completes). */
  stop(): void {
    this.stopped = true;
  }

  private async reloadOnce(): Promise<ReloadResult> {
    const dir = this.dir;
    if (dir === undefined)
      return { ok: true, functions: this.snapshot.catalog.functions.length, triggers: this.snapshot.catalog.triggers.length, source: this.source };
    this.options.onRead?.();
    if (updateInProgress(dir)) {
      // Not an error: the marker's removal (seen by the watcher or the poll) brings the reload.
      const note = `${path.join(dir, UPDATE_MARKER)} exists: an update is in progress; reloading once it is removed`;
      this.options.log(`catalog reload deferred: ${note}`);
      return { ok: false, error: note };
    }
    const loaded = loadCatalogFromDirectory(dir);
    if (!loaded.ok) {
      this.lastReloadError = { error: loaded.error, summary: loaded.summary ?? 'the catalog could not be loaded' };
      this.options.log(`catalog reload failed: ${loaded.error}; still serving the catalog loaded at ${this.snapshot.loadedAt.toISOString()}`);
      return { ok: false, error: loaded.error };
    }
    const next = await buildSnapshot(loaded.catalog, catalogMtime(dir));
    this.snapshot = next; // the atomic switch
    this.lastReloadError = null;
    this.options.log(`catalog reloaded from ${dir}: ${next.catalog.functions.length} functions, ${next.catalog.triggers.length} triggers`);
    return { ok: true, functions: next.catalog.functions.length, triggers: next.catalog.triggers.length, source: this.source };
  }
}
