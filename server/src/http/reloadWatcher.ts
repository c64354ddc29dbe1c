/**
 * Asks for a reload when the catalog folder changes. fs.watch reports changes
 * promptly where it works; a poll of the files' fingerprint backs it up
 * (network file systems, editors that swap directories, platforms where
 * fs.watch misses events). Both are debounced into one request, so a tool
 * writing four files brings one reload. The update marker is watched like a
 * catalog file: its removal is what brings the reload a marker deferred
 * (catalogFolder.ts has the rule, liveCatalog.ts applies it).
 */
import * as fs from 'node:fs';
import { CATALOG_FILE_NAMES, catalogSignature, UPDATE_MARKER } from './catalogFolder';

export interface ReloadWatcherOptions {
  /** Quiet time after the last change before the reload, ms. */
  debounceMs: number;
  /** Fallback poll interval, ms. */
  pollMs: number;
  log: (line: string) => void;
}

export class ReloadWatcher {
  private watcher: fs.FSWatcher | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private debounceTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** The fingerprint of the files as the last reload read them (or as they were at start). */
  private seen: string;

  constructor(
    private readonly dir: string,
    private readonly options: ReloadWatcherOptions,
    private readonly reload: () => void,
  ) {
    this.seen = catalogSignature(dir);
  }

  /** Whether changes are being watched for (fs.watch or the poll). */
  get watching(): boolean {
    return this.watcher !== undefined || this.pollTimer !== undefined;
  }

  /** Called as a reload reads the folder, whoever asked for it: the poll then does not ask again for what that reload gets. */
  noteRead(): void {
    this.seen = catalogSignature(this.dir);
  }

  start(): void {
    try {
      this.watcher = fs.watch(this.dir, { persistent: false }, (_event, filename) => {
        if (!filename || CATALOG_FILE_NAMES.has(filename.toString()) || filename.toString() === UPDATE_MARKER) this.schedule();
      });
      this.watcher.on('error', (error) => {
        this.options.log(`catalog watch: ${error.message}; relying on polling`);
        this.watcher?.close();
        this.watcher = undefined;
      });
    } catch (error) {
      this.options.log(`catalog watch unavailable (${(error as Error).message}); polling every ${this.options.pollMs} ms`);
    }
    this.pollTimer = setInterval(() => {
      if (catalogSignature(this.dir) !== this.seen) this.schedule();
    }, this.options.pollMs);
    this.pollTimer.unref();
  }

  /** No reload is asked for from now on. */
  close(): void {
    this.closed = true;
    this.watcher?.close();
    this.watcher = undefined;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      this.reload();
    }, this.options.debounceMs);
    this.debounceTimer.unref();
  }
}
