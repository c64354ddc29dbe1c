/**
 * The workspace scan's reader thread: walks the workspace folders (the shared
 * walker, with its rules) and reads every command file (bounded reads), then
 * posts the texts to the main thread in batches; the main thread only parses
 * and indexes them. Reading thousands of small files costs mostly system
 * calls (open, stat, read, close), and done here they neither hold requests up
 * nor wait for the main thread: reading and indexing overlap, and a slow file
 * system stalls this thread alone.
 *
 * The thread runs the language server's own entry file (which starts this
 * instead of a server when it finds READER_ROLE in its workerData), so the
 * bundle needs no second file.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { BoundedReadError, readRegularFileSync } from '../catalog/boundedRead';
import { SKIPPED_FOLDERS, walkSync } from '../walk';
import { compileGlobs } from './glob';

export const READER_ROLE = 'zscript-workspace-reader';

export function isCommandFile(p: string): boolean {
  return p.toLowerCase().endsWith('.zbr');
}

export interface ReaderJob {
  readonly roots: readonly string[];
  readonly exclude: readonly string[];
  readonly maxFileBytes: number;
  /** Files to read at most (the index takes no more). */
  readonly maxFiles: number;
  /** Files per message. */
  readonly batch: number;
  /**
   * Flow control: [0] counts the batches the main thread has indexed; the
   * reader waits while `window` batches are posted and not yet indexed.
   * Without it the reader runs ahead, and node hands the main thread every
   * queued message in one turn of its event loop: copying thousands of texts
   * at once held requests up for hundreds of milliseconds.
   */
  readonly consumed?: SharedArrayBuffer;
  readonly window?: number;
}

export type ReadItem =
  /** `bytes`: the file's size in bytes (the text is UTF-16). */
  | { readonly path: string; readonly text: string; readonly bytes: number }
  | { readonly path: string; readonly problem: 'outside' | 'not-found' | 'not-regular' | 'too-large' | 'unreadable'; readonly message: string };

/** `limited`: the reader stopped reading at maxFiles (files were left out). */
export type ReaderMessage = { readonly items: readonly ReadItem[] } | { readonly done: true; readonly limited: boolean };

/** What the reader thread does: every message it posts, in order. */
export function readWorkspace(job: ReaderJob, post: (message: ReaderMessage) => void): void {
  let items: ReadItem[] = [];
  let read = 0;
  let limited = false;
  let posted = 0;
  const consumed = job.consumed ? new Int32Array(job.consumed) : undefined;
  const flush = () => {
    if (items.length === 0) return;
    post({ items });
    items = [];
    posted++;
    if (!consumed) return;
    for (;;) {
      const done = Atomics.load(consumed, 0);
      if (posted - done < (job.window ?? 4)) break;
      // Woken by the main thread's notify; the timeout only bounds a missed wake-up.
      Atomics.wait(consumed, 0, done, 100);
    }
  };
  const options = { accept: isCommandFile, skipFolders: SKIPPED_FOLDERS, ignore: compileGlobs(job.exclude) };
  walkSync(job.roots, options, (item) => {
    if (read >= job.maxFiles) {
      if (item.kind === 'file') limited = true;
      return;
    }
    if (item.kind === 'skipped') items.push({ path: item.path, problem: 'outside', message: item.reason });
    else if (item.kind === 'file') {
      try {
        const bytes = readRegularFileSync(item.path, job.maxFileBytes);
        items.push({ path: item.path, text: bytes.toString('utf8'), bytes: bytes.length });
        read++;
      } catch (error) {
        const problem = error instanceof BoundedReadError ? error.problem : 'unreadable';
        items.push({ path: item.path, problem, message: (error as Error)?.message ?? String(error) });
      }
    }
    if (items.length >= job.batch) flush();
  });
  flush();
  post({ done: true, limited });
}

/** In the entry file: true (and the reader runs) when this thread was started as the reader. */
export function runReaderIfWorker(): boolean {
  if (isMainThread || !parentPort || (workerData as { role?: string } | null)?.role !== READER_ROLE) return false;
  const port = parentPort;
  readWorkspace((workerData as { job: ReaderJob }).job, (message) => port.postMessage(message));
  return true;
}
