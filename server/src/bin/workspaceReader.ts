/**
 * The workspace scan's reader thread as its own small bundle
 * (dist/workspace-reader.js): the language server starts its reader thread
 * from this file when it sits next to the server, so the thread loads a few
 * kilobytes of walker and reader instead of the whole server with its tables.
 * A second copy of the server in the thread cost about 13 MiB of the peak
 * memory of indexing 10,000 files (bench/workspace.ts). Without this file the
 * server starts the thread from its own bundle, which holds the same reader.
 */
import { runReaderIfWorker } from '../lsp/workspaceReader';

if (!runReaderIfWorker()) {
  process.stderr.write("workspace-reader: this file is the zscript language server's reader thread; run server.js instead\n");
  process.exitCode = 2;
}
