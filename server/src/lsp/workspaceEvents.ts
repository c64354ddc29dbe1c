/**
 * The protocol side of the workspace on disk (workspaceScan.ts): the folders the
 * client names at initialize, folder changes, watched-file notifications and
 * the registration of the watchers themselves.
 */
import { type Connection, DidChangeWatchedFilesNotification, FileChangeType, type InitializeParams, WatchKind } from 'vscode-languageserver/node';
import type { ClientSupport } from './capabilities';
import { describe, type Guard } from './guard';
import { isObject } from './params';
import { uriToPath, type WorkspaceFiles } from './workspaceScan';
import { FolderWatcher } from './folderWatcher';

/** The workspace folders of the initialize request, else its rootUri / rootPath. */
export function workspaceFoldersOf(params: InitializeParams): string[] {
  const folders: string[] = [];
  for (const folder of params.workspaceFolders ?? []) {
    const p = uriToPath(folder?.uri);
    if (p) folders.push(p);
  }
  if (folders.length === 0) {
    const root = (params.rootUri && uriToPath(params.rootUri)) || params.rootPath;
    if (root) folders.push(root);
  }
  return folders;
}

/** Files changed on disk (only clients that registered our watchers send these). */
export function listenToWatchedFiles(connection: Connection, guard: Guard, workspace: WorkspaceFiles, changed: () => void = () => undefined): void {
  connection.onDidChangeWatchedFiles(
    guard.notification('workspace/didChangeWatchedFiles', async (params: { changes?: { uri: string; type: number }[] }) => {
      if (!Array.isArray(params.changes)) return;
      for (const change of params.changes) {
        if (!isObject(change) || typeof change.uri !== 'string') continue;
        if (change.type === FileChangeType.Deleted) workspace.deleted(change.uri);
        else await workspace.changed(change.uri);
      }
      changed();
    }),
  );
}

/**
 * At initialized: file watchers (dynamic registration only — a static
 * capability cannot declare them; deletions of anything, so that a deleted
 * folder drops its files) and workspace folder changes.
 */
export function followWorkspace(
  connection: Connection,
  guard: Guard,
  workspace: WorkspaceFiles,
  client: ClientSupport,
  changed: () => void = () => undefined,
): FolderWatcher | undefined {
  // An editor that cannot be asked to watch files: the server watches the folders itself, once they are
  // scanned (the caller starts it; not kept alive by it: no close at exit).
  const own = client.watchesFilesDynamically ? undefined : new FolderWatcher(workspace, changed, (message) => connection.console.warn(message));
  if (client.watchesFilesDynamically) {
    connection.client
      .register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.zbr' }, { globPattern: '**/*', kind: WatchKind.Delete }],
      })
      .catch((error) => connection.console.warn(`zscript: could not register file watchers: ${describe(error).message}`));
  }
  if (client.workspaceFolders) {
    connection.workspace.onDidChangeWorkspaceFolders(
      guard.notification('workspace/didChangeWorkspaceFolders', (event) => {
        const current = new Set(workspace.roots);
        for (const removed of event.removed ?? []) {
          const p = uriToPath(removed.uri);
          if (p) current.delete(p);
        }
        for (const added of event.added ?? []) {
          const p = uriToPath(added.uri);
          if (p) current.add(p);
        }
        workspace.setFolders([...current]);
        void workspace.rescan().then(() => own?.watch());
      }),
    );
  }
  return own;
}

/** A document closed in the editor: its text may not have been saved, so the disk copy is what the workspace knows now. */
export async function rereadClosed(workspace: WorkspaceFiles, uri: string): Promise<void> {
  const p = uriToPath(uri);
  if (p && workspace.includes(p)) await workspace.changed(uri);
}
