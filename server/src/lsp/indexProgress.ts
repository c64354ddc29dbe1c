/**
 * The workspace scan shown as work-done progress (`window/workDoneProgress`):
 * "Indexing command files" with the count so far, in the editor's status
 * area, as large projects expect of a language server. Only for clients that
 * declare `window.workDoneProgress`; the library sends the create request and
 * gives a reporter that does nothing otherwise.
 */
import type { Connection, WorkDoneProgressServerReporter } from 'vscode-languageserver/node';
import type { ScanProgress } from './workspaceScan';

/** At most one count a quarter of a second: a 10,000-file scan posts hundreds of batches. */
const REPORT_INTERVAL_MS = 250;

export class IndexProgress implements ScanProgress {
  /** A scan is being shown (from started() to ended()). */
  private active = false;
  /** Counts the shows, so that a token the client creates late is not used for a later one. */
  private show = 0;
  /** Set once the client has created the token; counts go only to it (none pile up while it answers). */
  private reporter: WorkDoneProgressServerReporter | undefined;
  private lastReport = 0;
  /** The last count, for a show that ended before the client created its token. */
  private total = 0;

  constructor(private readonly connection: Connection) {}

  started(): void {
    if (this.active) return; // a rescan while one is shown: the same progress goes on
    this.active = true;
    this.reporter = undefined;
    this.lastReport = Date.now();
    const show = ++this.show;
    this.connection.window.createWorkDoneProgress().then(
      (reporter) => {
        if (show !== this.show) return; // a later show has its own token
        reporter.begin('Indexing command files', undefined, 'looking for .zbr files');
        if (this.active) this.reporter = reporter;
        else finish(reporter, this.total); // the scan ended while the client was creating the token
      },
      // The client refused the token or went away: no progress, the scan goes on.
      () => undefined,
    );
  }

  indexed(files: number): void {
    const now = Date.now();
    if (!this.reporter || now - this.lastReport < REPORT_INTERVAL_MS) return;
    this.lastReport = now;
    this.reporter.report(`${files} files`);
  }

  ended(files: number): void {
    if (!this.active) return;
    this.active = false;
    this.total = files;
    if (this.reporter) finish(this.reporter, files);
    this.reporter = undefined;
  }
}

/** The last count first: the end message carries none. */
function finish(reporter: WorkDoneProgressServerReporter, files: number): void {
  reporter.report(`${files} files`);
  reporter.done();
}
