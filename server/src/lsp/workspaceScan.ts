/**
 * The workspace on disk: finds every `.zbr` file under the workspace folders
 * (in a reader thread, or asynchronously in this one, so that requests keep
 * being answered while a large tree is read), hands them to the service, and
 * follows changes reported by the client. Bounded: files over 1 MiB are
 * skipped (counted by the bytes actually read, not by what `stat` claims), at
 * most 20,000 files (the default of `zscript.files.maxIndexed`) and 256 MiB of
 * text are kept; node_modules, .git and the `zscript.files.exclude` globs are
 * never entered. Only regular files are
 * read, and a link whose target lies outside every workspace folder is not
 * followed: a cloned repository cannot make the server read /etc/passwd or
 * /proc files by naming them `x.zbr`.
 */
import { promises as fsp } from 'node:fs';
import { BoundedReadError, readRegularFile } from '../catalog/boundedRead';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ZscriptLanguageService } from '../service';
import { SKIPPED_FOLDERS, walk } from '../walk';
import { compileGlobs, type GlobMatcher } from './glob';
import { isCommandFile, READER_ROLE, type ReaderJob, type ReaderMessage, type ReadItem } from './workspaceReader';
import { ShardedMap } from '../base/shardedMap';

/**
 * A file that is not open keeps its text and its index entries (about 2 KiB
 * beyond the text for a typical command file); its syntax tree is built only
 * for a request that needs it. Command files are a few KiB, so a file over
 * 1 MiB is not a command file. `maxFiles` is the default of
 * `zscript.files.maxIndexed`: 20,000 files keep the server near 150 MiB.
 */
export const WORKSPACE_LIMITS = {
  maxFileBytes: 1024 * 1024,
  maxFiles: 20_000,
  maxTotalBytes: 256 * 1024 * 1024,
  /** Reads in flight at once when this thread reads. */
  batchSize: 64,
  /** Files per message from the reader thread (parsing and indexing one batch holds requests up a few ms). */
  threadBatch: 32,
};

/** How long the index work may hold the event loop at a time while requests may be waiting. */
const PUMP_SLICE_MS = 4;

/** file URI → path, or undefined for other schemes and malformed URIs. */
export function uriToPath(uri: string): string | undefined {
  if (typeof uri !== 'string' || !uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** path → file URI, encoded the way VS Code encodes them (so keys agree with the client's). */
export function pathToUri(p: string): string {
  const posix = p.replace(/\\/g, '/');
  const encoded = posix
    .split('/')
    .map((segment) =>
      segment.replace(/[^A-Za-z0-9\-._~]/g, (ch) => encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)),
    )
    .join('/');
  return `file://${encoded.startsWith('/') ? '' : '/'}${encoded}`;
}

export { isCommandFile };

export interface WorkspaceLog {
  info(message: string): void;
  warn(message: string): void;
}

/** What a scan tells about its course, for an editor's progress display (see indexProgress.ts). */
export interface ScanProgress {
  /** A scan of at least one folder started (a newer scan may start before the last one ended). */
  started(): void;
  /** `files` are indexed so far. */
  indexed(files: number): void;
  /** The current scan ended with `files` indexed (also told when nothing was started). */
  ended(files: number): void;
}

export class WorkspaceFiles {
  private folders: string[] = [];
  private exclude: GlobMatcher = () => false;
  private excludeGlobs: string[] = [];
  /** URIs handed to the service as workspace files, with their size. */
  private readonly indexed = new ShardedMap<number>();
  private totalBytes = 0;
  private scanGeneration = 0;
  private warnedLimit = false;
  /** New files whose read has started and not ended. */
  private reading = 0;
  /** Resolves when the current scan finishes (tests and the bench wait on it). */
  scanning: Promise<void> = Promise.resolve();
  /** Told when a scan starts, as it indexes and when it ends. */
  progress: ScanProgress | undefined;
  /** Whether the scan should leave this turn of the event loop to the protocol (see protocolTurns.ts). */
  yieldTurn: () => boolean = () => false;

  constructor(
    private readonly service: ZscriptLanguageService,
    private readonly log: WorkspaceLog,
    limits = WORKSPACE_LIMITS,
    /** A file that runs the reader thread when started as a worker (the language server's entry); else files are read in this thread. */
    private readonly readerEntry?: string,
  ) {
    this.limits = { ...limits };
  }

  private readonly limits: typeof WORKSPACE_LIMITS;

  /** `zscript.files.maxIndexed` (a rescan applies a change to files already indexed). */
  setMaxFiles(maxFiles: number): void {
    this.limits.maxFiles = maxFiles;
  }

  get fileCount(): number {
    return this.indexed.size;
  }

  get roots(): readonly string[] {
    return this.folders;
  }

  setFolders(folders: readonly string[]): void {
    this.folders = [...new Set(folders.map((f) => path.resolve(f)))];
    this.realRoots = undefined;
  }

  setExclude(globs: readonly string[]): void {
    this.excludeGlobs = [...globs];
    this.exclude = compileGlobs(globs);
  }

  /** Whether a path belongs to the workspace and is not excluded. */
  includes(p: string): boolean {
    const root = this.folders.find((f) => p === f || p.startsWith(f.endsWith(path.sep) ? f : f + path.sep));
    if (!root) return false;
    const rel = path.relative(root, p).split(path.sep).join('/');
    if (!rel) return true;
    const parts = rel.split('/');
    if (parts.some((part) => SKIPPED_FOLDERS.has(part))) return false;
    // Every ancestor directory counts: excluding `drafts` excludes what is inside.
    for (let i = 1; i <= parts.length; i++) if (this.exclude(parts.slice(0, i).join('/'))) return false;
    return true;
  }

  /**
   * (Re)scans every folder. Files that are no longer included (a new exclude
   * glob, a removed folder) are dropped. A newer scan supersedes a running one.
   */
  rescan(): Promise<void> {
    const generation = ++this.scanGeneration;
    this.warnedLimit = false;
    if (this.folders.length > 0) this.progress?.started();
    this.scanning = this.scan(generation)
      .catch((error) => this.log.warn(`workspace scan failed: ${(error as Error)?.message ?? error}`))
      .finally(() => {
        // A superseded scan leaves the report to the one that replaced it (which ends it even
        // when it has no folder to scan).
        if (generation === this.scanGeneration) this.progress?.ended(this.indexed.size);
      });
    return this.scanning;
  }

  private async scan(generation: number): Promise<void> {
    const started = Date.now();
    const seen = new Set<string>();
    // Only files indexed before the scan can be gone: on the first one there is nothing to drop.
    const hadFiles = this.indexed.size > 0;
    // No folder (a single file opened): no thread to start.
    const threaded = this.readerEntry !== undefined && this.folders.length > 0 && (await this.readInThread(generation, seen));
    if (generation !== this.scanGeneration) return;
    if (!threaded) await this.readHere(generation, seen);
    if (generation !== this.scanGeneration) return;
    if (hadFiles && !(await this.dropUnseen(generation, seen))) return;
    this.log.info(`indexed ${this.indexed.size} .zbr file(s) in ${this.folders.length} folder(s) in ${Date.now() - started} ms`);
  }

  /**
   * Forgets the indexed files the scan did not find (deleted while we were not
   * told, or now excluded), a slice at a time as the pump takes files: with
   * 100,000 files the whole pass held requests for 60-80 ms. False when a newer
   * scan superseded this one meanwhile.
   */
  private async dropUnseen(generation: number, seen: ReadonlySet<string>): Promise<boolean> {
    let sliceEnd = performance.now() + PUMP_SLICE_MS;
    let visited = 0;
    // Deleting from the map while iterating it is safe (a Map iterator skips what is gone).
    for (const uri of this.indexed.keys()) {
      if (!seen.has(uri)) this.forget(uri);
      if ((++visited & 255) === 0 && performance.now() >= sliceEnd) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (generation !== this.scanGeneration) return false;
        sliceEnd = performance.now() + PUMP_SLICE_MS;
      }
    }
    return true;
  }

  /**
   * The scan with the reader thread (workspaceReader.ts): it walks and reads,
   * this thread parses and indexes each batch it posts, answering requests
   * between batches. False when the thread could not do the job (the caller
   * then reads here).
   */
  private readInThread(generation: number, seen: Set<string>): Promise<boolean> {
    const job: ReaderJob = {
      roots: this.folders,
      exclude: this.excludeGlobs,
      maxFileBytes: this.limits.maxFileBytes,
      maxFiles: this.limits.maxFiles,
      batch: this.limits.threadBatch,
      consumed: new SharedArrayBuffer(4),
      window: 4,
    };
    const consumed = new Int32Array(job.consumed!);
    return new Promise<boolean>((resolve) => {
      let worker: Worker;
      try {
        // Its stdout is not ours: in stdio mode ours carries the protocol.
        worker = new Worker(this.readerEntry!, {
          workerData: { role: READER_ROLE, job },
          stdout: true,
          stderr: true,
          // Its garbage is a few batches of texts at a time: a small young generation keeps its memory small.
          resourceLimits: { maxYoungGenerationSizeMb: 4 },
        });
      } catch (error) {
        this.log.warn(`workspace reader thread did not start (${(error as Error)?.message ?? error}); reading in the main thread`);
        return resolve(false);
      }
      worker.stdout.resume();
      worker.stderr.resume();
      // Files are indexed a few milliseconds' worth per turn of the event loop (PUMP_SLICE_MS), so that
      // requests get in between: a whole batch of 32 took up to 20 ms on a slow machine. The reader
      // stays at most `window` batches ahead (see ReaderJob.consumed).
      const queue: (readonly ReadItem[])[] = [];
      let next = 0; // the first item of queue[0] not yet indexed
      let pumping = false;
      let readAll = false;
      let finished = false;
      const end = (ok: boolean) => {
        if (finished) return;
        finished = true;
        void worker.terminate();
        resolve(ok);
      };
      const pump = () => {
        if (finished) return;
        if (generation !== this.scanGeneration) return end(true);
        if (this.yieldTurn()) return void setImmediate(pump);
        const sliceEnd = performance.now() + PUMP_SLICE_MS;
        while (queue.length > 0 && performance.now() < sliceEnd) {
          const batch = queue[0];
          if (next < batch.length) this.take(batch[next++], seen);
          if (next >= batch.length) {
            queue.shift();
            next = 0;
            Atomics.add(consumed, 0, 1);
            Atomics.notify(consumed, 0);
          }
        }
        if (queue.length > 0) setImmediate(pump);
        else {
          pumping = false;
          if (readAll) end(true);
        }
      };
      worker.on('message', (message: ReaderMessage) => {
        if (finished) return;
        if ('done' in message) {
          readAll = true;
          if (message.limited) this.indexFull();
          if (!pumping) end(true);
          return;
        }
        queue.push(message.items);
        if (!pumping) {
          pumping = true;
          setImmediate(pump);
        }
      });
      worker.on('error', (error) => {
        this.log.warn(`workspace reader thread failed (${(error as Error)?.message ?? error}); reading in the main thread`);
        end(false);
      });
      worker.on('exit', () => {
        if (!readAll) end(false);
      });
    });
  }

  /** One file the reader thread read (or could not). */
  private take(item: ReadItem, seen: Set<string>): void {
    const uri = pathToUri(item.path);
    if ('problem' in item && item.problem === 'outside') {
      this.log.info(`skipping ${item.path}: it links outside the workspace folders`);
      return this.forget(uri);
    }
    const admitted = this.admit(uri, seen);
    if (!admitted) return;
    if ('problem' in item) return this.unreadable(item.path, uri, admitted.room, item.problem, item.message);
    if (item.bytes > admitted.room) return this.indexFull();
    this.store(uri, admitted.previous, item.text, item.bytes, seen);
  }

  /**
   * The scan without a reader thread (a library user of WorkspaceFiles, or
   * the thread failed): reads through the thread pool overlap, up to
   * batchSize at once, and each file is parsed and indexed as its read
   * completes, with requests answered between completions.
   */
  private async readHere(generation: number, seen: Set<string>): Promise<void> {
    let running = 0;
    let slot: (() => void) | undefined;
    const done = () => {
      running--;
      slot?.();
    };
    const options = { accept: isCommandFile, skipFolders: SKIPPED_FOLDERS, ignore: this.exclude };
    for await (const item of walk(this.folders, options)) {
      if (generation !== this.scanGeneration) return;
      if (item.kind === 'skipped') {
        this.log.info(`skipping ${item.path}: it links outside the workspace folders`);
        this.forget(pathToUri(item.path));
        continue;
      }
      if (item.kind !== 'file') continue;
      running++;
      // The walker checked links: whatever it reports lies inside a workspace folder.
      this.load(item.path, seen, true).then(done, done);
      while (running >= this.limits.batchSize) await new Promise<void>((resolve) => (slot = resolve));
      slot = undefined;
    }
    while (running > 0) await new Promise<void>((resolve) => (slot = resolve));
  }

  /** `walked`: found by the walker, which follows a link only when it stays inside the folder. */
  private async load(file: string, seen?: Set<string>, walked = false): Promise<void> {
    const uri = pathToUri(file);
    if (!walked && !(await this.insideWorkspace(file))) {
      this.log.info(`skipping ${file}: it links outside the workspace folders`);
      return this.forget(uri);
    }
    const admitted = this.admit(uri, seen);
    if (!admitted) return;
    let bytes: Buffer;
    if (admitted.previous === undefined) this.reading++;
    try {
      bytes = await readRegularFile(file, Math.min(this.limits.maxFileBytes, admitted.room));
    } catch (error) {
      const problem = error instanceof BoundedReadError ? error.problem : 'unreadable';
      return this.unreadable(file, uri, admitted.room, problem, (error as Error)?.message ?? String(error));
    } finally {
      if (admitted.previous === undefined) this.reading--;
    }
    this.store(uri, admitted.previous, bytes.toString('utf8'), bytes.length, seen);
  }

  /** Whether the index takes the file (its previous size, the bytes left), or undefined when it is full. */
  private admit(uri: string, seen?: Set<string>): { previous: number | undefined; room: number } | undefined {
    const previous = this.indexed.get(uri);
    const room = previous === undefined ? this.limits.maxTotalBytes - this.totalBytes : Infinity;
    // New files being read count against the limit too (reads overlap).
    if (previous === undefined && (this.indexed.size + this.reading >= this.limits.maxFiles || room <= 0)) {
      this.indexFull();
      return undefined;
    }
    // A rescan keeps the first maxFiles it finds (the limit may have been lowered).
    if (previous !== undefined && seen && seen.size >= this.limits.maxFiles) {
      this.forget(uri);
      this.indexFull();
      return undefined;
    }
    return { previous, room };
  }

  private unreadable(file: string, uri: string, room: number, problem: string, message: string): void {
    if (problem === 'too-large') {
      if (room < this.limits.maxFileBytes) return this.indexFull();
      this.log.info(`skipping ${file}: over the ${this.limits.maxFileBytes / 1048576} MiB limit`);
    } else if (problem === 'not-regular') {
      this.log.info(`skipping ${file}: ${message}`);
    }
    this.forget(uri);
  }

  private store(uri: string, previous: number | undefined, text: string, size: number, seen?: Set<string>): void {
    seen?.add(uri);
    this.totalBytes += size - (previous ?? 0);
    this.indexed.set(uri, size);
    this.service.setWorkspaceFile(uri, text);
    this.progress?.indexed(this.indexed.size);
  }

  private indexFull(): void {
    if (!this.warnedLimit) {
      this.warnedLimit = true;
      this.log.warn(
        `workspace index is full (${this.limits.maxFiles} files or ${this.limits.maxTotalBytes / 1048576} MiB); further .zbr files are indexed only while open, ` +
          'so references, renames, workspace symbols and duplicate triggers do not see them (zscript.files.maxIndexed raises the file limit)',
      );
    }
  }

  /** Real paths of the workspace folders (links resolved), computed once per set of folders. */
  private realRoots: Promise<string[]> | undefined;

  /** Whether `file`, with every link resolved, is still inside a workspace folder. */
  private async insideWorkspace(file: string): Promise<boolean> {
    this.realRoots ??= Promise.all(this.folders.map((f) => fsp.realpath(f).catch(() => f)));
    let real: string;
    try {
      real = await fsp.realpath(file);
    } catch {
      return true; // gone or dangling: the read below fails and forgets it
    }
    const roots = await this.realRoots;
    return roots.some((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
  }

  private forget(uri: string): void {
    const size = this.indexed.get(uri);
    if (size === undefined) return;
    this.indexed.delete(uri);
    this.totalBytes -= size;
    this.service.removeWorkspaceFile(uri);
  }

  /** A file created or changed on disk (from workspace/didChangeWatchedFiles). */
  async changed(uri: string): Promise<void> {
    const p = uriToPath(uri);
    if (!p) return;
    if (!isCommandFile(p) || !this.includes(p)) {
      // Maybe a directory was created (or moved in): scan it.
      if (!isCommandFile(p) && this.includes(p)) await this.scanDirectory(p);
      return;
    }
    await this.load(p);
  }

  /** A file or directory deleted on disk. */
  deleted(uri: string): void {
    const p = uriToPath(uri);
    if (!p) return;
    const key = pathToUri(p);
    if (this.indexed.has(key)) return this.forget(key);
    if (this.indexed.has(uri)) return this.forget(uri);
    const prefix = key.endsWith('/') ? key : `${key}/`;
    for (const known of [...this.indexed.keys()]) if (known.startsWith(prefix)) this.forget(known);
  }

  private async scanDirectory(dir: string): Promise<void> {
    // Excludes are relative to the workspace folder, not to `dir`.
    const options = { accept: isCommandFile, skipFolders: SKIPPED_FOLDERS, ignore: (rel: string) => !this.includes(path.join(dir, rel)) };
    for await (const item of walk([dir], options)) {
      // A link out of `dir` may still lead into the workspace: load() checks it against every folder.
      if (item.kind === 'file') await this.load(item.path, undefined, !item.link);
      else if (item.kind === 'skipped') await this.load(item.path);
    }
  }

  /** Every workspace file (not open documents) the service was given. */
  files(): string[] {
    return [...this.indexed.keys()];
  }
}
