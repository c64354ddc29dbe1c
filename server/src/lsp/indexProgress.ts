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
  /** The reporter of the progress shown now (a promise while the client creates it). */
  private current: Promise<WorkDoneProgressServerReporter | undefined> | undefined;
  private lastReport = 0;

  constructor(private readonly connection: Connection) {}

  started(): void {
    if (this.current) return; // a rescan while one is shown: the same progress goes on
    this.lastReport = Date.now();
    this.current = this.connection.window.createWorkDoneProgress().then(
      (reporter) => {
        reporter.begin('Indexing command files', undefined, 'looking for .zbr files');
        return reporter;
      },
      // The client refused the token or went away: no progress, the scan goes on.
      () => undefined,
    );
  }

  indexed(files: number): void {
    const now = Date.now();
    if (!this.current || now - this.lastReport < REPORT_INTERVAL_MS) return;
    this.lastReport = now;
    void this.current.then((reporter) => reporter?.report(`${files} files`));
  }

  ended(files: number): void {
    const current = this.current;
    this.current = undefined;
    void current?.then((reporter) => {
      // The last count first: the end message carries none.
      reporter?.report(`${files} files`);
      reporter?.done();
    });
  }
}
