/**
 * The server's own file watching, for editors that do not watch files for it
 * (no dynamic registration of workspace/didChangeWatchedFiles: Neovim on
 * Linux by default, Helix, older clients). Without it, a command file
 * created, changed or deleted outside the editor (a `git pull`, a shell)
 * would leave the other files' cross-file diagnostics stale.
 *
 * One recursive fs.watch per workspace folder (node's own watcher; on Linux
 * one inotify watch per folder inside). A folder it cannot watch (too many
 * folders for the system's inotify limit, a platform without recursive
 * watching) is named in the log and left to the editor: nothing else
 * changes. Events are gathered for a moment and handed to the workspace
 * index as the editor's notifications would be.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToUri, type WorkspaceFiles } from './workspaceScan';

/** Events of one burst (a checkout writes many files) are handled together, this long after the last. */
const SETTLE_MS = 50;

/**
 * Largest workspace (command files indexed) watched this way: node sets a
 * recursive watch up by walking the folders synchronously, about 10 ms per
 * thousand files here, which would stall the server's first seconds in a
 * huge workspace. Bots are a few hundred files.
 */
export const OWN_WATCH_MAX_FILES = 5000;

/** Most folders under a root watched this way: node adds one inotify watch per folder, node_modules and .git included. */
export const OWN_WATCH_MAX_FOLDERS = 1000;

/** Whether `root` holds more than `limit` folders (counted until the limit is passed, unreadable ones skipped). */
function moreFoldersThan(root: string, limit: number): boolean {
  const stack = [root];
  let count = 0;
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      if (++count > limit) return true;
      stack.push(path.join(dir, e.name));
    }
  }
  return false;
}

export class FolderWatcher {
  private watchers: fs.FSWatcher[] = [];
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly workspace: WorkspaceFiles,
    /** After a burst was handled: other files' diagnostics may have changed. */
    private readonly changed: () => void,
    private readonly warn: (message: string) => void,
  ) {}

  /** Watches the workspace's folders as they are now (again: after they changed), once they are scanned. */
  watch(): void {
    this.close();
    if (this.workspace.fileCount > OWN_WATCH_MAX_FILES) {
      this.warn(
        `zscript: the workspace has ${this.workspace.fileCount} command files, more than the ${OWN_WATCH_MAX_FILES} the server watches itself: changes made outside the editor are seen when a file is opened or saved`,
      );
      return;
    }
    for (const root of this.workspace.roots) {
      if (moreFoldersThan(root, OWN_WATCH_MAX_FOLDERS)) {
        this.warn(
          `zscript: ${root} has more than ${OWN_WATCH_MAX_FOLDERS} folders (node_modules?), too many to watch: changes made outside the editor are seen when a file is opened or saved`,
        );
        continue;
      }
      try {
        const watcher = fs.watch(root, { recursive: true, persistent: false }, (_event, name) => {
          if (typeof name === 'string' && name !== '') this.note(path.join(root, name));
        });
        watcher.on('error', (error) => {
          this.warn(`zscript: stopped watching ${root} for changes made outside the editor (${error.message})`);
          watcher.close();
          this.watchers = this.watchers.filter((w) => w !== watcher);
        });
        this.watchers.push(watcher);
      } catch (error) {
        this.warn(
          `zscript: cannot watch ${root} for changes made outside the editor (${(error as Error).message}); the editor's own notifications are needed for those`,
        );
      }
    }
  }

  close(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private note(file: string): void {
    // Command files, and anything else that may be a folder (created, moved or deleted): not other files.
    if (!file.endsWith('.zbr') && fs.existsSync(file) && !fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) return;
    this.pending.add(file);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), SETTLE_MS);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const files = [...this.pending];
    this.pending.clear();
    // From a timer: nothing may escape (an unhandled rejection would end the server).
    try {
      for (const file of files) {
        const uri = pathToUri(file);
        if (fs.existsSync(file)) await this.workspace.changed(uri);
        else this.workspace.deleted(uri);
      }
      if (files.length) this.changed();
    } catch (error) {
      this.warn(`zscript: could not take in files changed on disk (${(error as Error).message ?? error})`);
    }
  }
}
