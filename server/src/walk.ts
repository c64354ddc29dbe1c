/**
 * The one directory walker of the programs that look for command files on
 * disk: the checker (`bin/check.ts`, synchronous, sorted) and the language
 * server's workspace scan (`lsp/workspaceScan.ts` and its reader thread).
 * Its rules are the safety rules both need, since a walked tree may be a
 * cloned repository nobody has looked at:
 *
 * - folders named in `skipFolders` (node_modules, .git, ...) and paths the
 *   `ignore` predicate names (exclude globs) are never entered or reported;
 * - a symbolic link is followed only when its target, every link resolved,
 *   lies inside the root it was found under: a tree cannot make a program
 *   read /etc/passwd or a /proc file by naming it `x.zbr` (such links are
 *   reported as skipped, with the reason, so that programs can say so);
 * - a linked folder is entered only when `followLinkedFolders` is set, and
 *   a link loop ends;
 * - only files whose name `accept` takes are reported; reading them is the
 *   caller's, with the bounded reads of `catalog/boundedRead.ts`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Folders no command file lives in, and that can be huge. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', '.hg', '.svn']);

export interface WalkOptions {
  /** Which files to report, by name. */
  readonly accept: (name: string) => boolean;
  /** Folder names never entered (default SKIPPED_FOLDERS). */
  readonly skipFolders?: ReadonlySet<string>;
  /** Paths relative to the root, `/`-separated, that are neither entered nor reported (exclude globs). */
  readonly ignore?: (relativePath: string) => boolean;
  /** Enter linked folders whose target lies inside the root (else linked folders are passed over). */
  readonly followLinkedFolders?: boolean;
  /** Visit each folder's entries in name order (reports in a stable order). */
  readonly sorted?: boolean;
}

export type WalkItem =
  /**
   * `link`: reached through a symbolic link (already checked to stay inside
   * the root); `regular`: what the entry or the link's target was when walked.
   */
  | { readonly kind: 'file'; readonly path: string; readonly root: string; readonly link: boolean; readonly regular: boolean }
  /** A link the rules do not follow (its target is outside the root). */
  | { readonly kind: 'skipped'; readonly path: string; readonly reason: string }
  /** A folder that could not be read. */
  | { readonly kind: 'problem'; readonly path: string; readonly error: unknown };

/** Whether `real` is `root` or lies under it (both resolved). */
export function isInside(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

interface Folder {
  readonly dir: string;
  /** Relative to the root, `/`-separated; '' for the root. */
  readonly rel: string;
}

type Decision = { enter: Folder } | { item: WalkItem } | { resolve: 'link' } | undefined;

/** What to do with one folder entry before any link is resolved. */
function decide(options: WalkOptions, root: string, folder: Folder, entry: fs.Dirent): Decision {
  const rel = folder.rel ? `${folder.rel}/${entry.name}` : entry.name;
  const full = path.join(folder.dir, entry.name);
  if (entry.isDirectory()) {
    if ((options.skipFolders ?? SKIPPED_FOLDERS).has(entry.name) || options.ignore?.(rel)) return undefined;
    return { enter: { dir: full, rel } };
  }
  if (entry.isSymbolicLink()) {
    if ((options.skipFolders ?? SKIPPED_FOLDERS).has(entry.name) || options.ignore?.(rel)) return undefined;
    return { resolve: 'link' };
  }
  if (entry.isFile() && options.accept(entry.name) && !options.ignore?.(rel)) return { item: { kind: 'file', path: full, root, link: false, regular: true } };
  return undefined;
}

/** What a link leads to: a folder to enter, a file to report, a skip, or nothing. */
function decideLink(
  options: WalkOptions,
  root: string,
  realRoot: string,
  folder: Folder,
  name: string,
  real: string | undefined,
  stat: fs.Stats | undefined,
): Decision {
  const full = path.join(folder.dir, name);
  if (real === undefined || stat === undefined) return undefined; // dangling
  if (stat.isDirectory()) {
    if (!options.followLinkedFolders) return undefined;
    if (!isInside(real, realRoot)) return { item: { kind: 'skipped', path: full, reason: 'it links outside the folder' } };
    return { enter: { dir: full, rel: folder.rel ? `${folder.rel}/${name}` : name } };
  }
  if (!options.accept(name)) return undefined;
  if (!isInside(real, realRoot)) return { item: { kind: 'skipped', path: full, reason: 'it links outside the folder' } };
  return { item: { kind: 'file', path: full, root, link: true, regular: stat.isFile() } };
}

function byName(a: fs.Dirent, b: fs.Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Walks each root depth first, in entry order (name order when `sorted`), and calls `visit` for every item. */
export function walkSync(roots: readonly string[], options: WalkOptions, visit: (item: WalkItem) => void): void {
  const visited = new Set<string>();
  for (const root of roots) {
    let realRoot: string;
    try {
      realRoot = fs.realpathSync(root);
    } catch {
      realRoot = path.resolve(root);
    }
    const enter = (folder: Folder) => {
      let real: string;
      try {
        real = fs.realpathSync(folder.dir);
      } catch {
        real = path.resolve(folder.dir);
      }
      if (visited.has(real)) return; // a link loop, or a folder already walked under another root
      visited.add(real);
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(folder.dir, { withFileTypes: true });
      } catch (error) {
        visit({ kind: 'problem', path: folder.dir, error });
        return;
      }
      if (options.sorted) entries.sort(byName);
      for (const entry of entries) {
        let decision = decide(options, root, folder, entry);
        if (decision && 'resolve' in decision) {
          const full = path.join(folder.dir, entry.name);
          let target: string | undefined;
          let stat: fs.Stats | undefined;
          try {
            target = fs.realpathSync(full);
            stat = fs.statSync(target);
          } catch {
            // dangling
          }
          decision = decideLink(options, root, realRoot, folder, entry.name, target, stat);
        }
        if (!decision) continue;
        if ('enter' in decision) enter(decision.enter);
        else if ('item' in decision) visit(decision.item);
      }
    };
    enter({ dir: root, rel: '' });
  }
}

/**
 * The asynchronous walk (the language server answers requests meanwhile):
 * the items of every root, folders in no particular order, files of one
 * folder together. Only links can lead back into a folder already walked,
 * so only the targets of linked folders (and the roots) are remembered: a
 * loop ends at its second turn, and folders cost no realpath each.
 */
export async function* walk(roots: readonly string[], options: WalkOptions): AsyncGenerator<WalkItem> {
  const visited = new Set<string>();
  for (const root of roots) {
    const realRoot = await fs.promises.realpath(root).catch(() => path.resolve(root));
    visited.add(realRoot);
    const stack: Folder[] = [{ dir: root, rel: '' }];
    while (stack.length > 0) {
      const folder = stack.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(folder.dir, { withFileTypes: true });
      } catch (error) {
        yield { kind: 'problem', path: folder.dir, error };
        continue;
      }
      if (options.sorted) entries.sort(byName);
      for (const entry of entries) {
        let decision = decide(options, root, folder, entry);
        if (decision && 'resolve' in decision) {
          const full = path.join(folder.dir, entry.name);
          let target: string | undefined;
          let stat: fs.Stats | undefined;
          try {
            target = await fs.promises.realpath(full);
            stat = await fs.promises.stat(target);
          } catch {
            // dangling
          }
          decision = decideLink(options, root, realRoot, folder, entry.name, target, stat);
          if (decision && 'enter' in decision) {
            // Only linked folders can lead back to one already walked.
            if (visited.has(target!)) continue;
            visited.add(target!);
          }
        }
        if (!decision) continue;
        if ('enter' in decision) stack.push(decision.enter);
        else if ('item' in decision) yield decision.item;
      }
    }
  }
}
