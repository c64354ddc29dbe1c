/**
 * The access log, buffered as nginx's `access_log … buffer=` is: lines collect
 * in memory and go out in one write when the buffer holds `bytes` or
 * `flushMs` after its first line, and whenever the server stops. One write
 * per line cost the server 10-20% of its requests/s under load (a write
 * system call each, and the stdout pipe's back-pressure). Memory stays
 * bounded by `bytes`; a clean stop loses nothing.
 */
export interface AccessLogOptions {
  /** Flush once this many characters are buffered. */
  bytes?: number;
  /** Flush this long after the first buffered line at the latest. */
  flushMs?: number;
}

export const ACCESS_LOG_DEFAULTS = { bytes: 64 * 1024, flushMs: 1000 } as const;

export class BufferedLog {
  private lines: string[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly bytes: number;
  private readonly flushMs: number;

  /** `write` receives several lines joined by `\n`, without a trailing one (as a log callback takes one line). */
  constructor(
    private readonly write: (lines: string) => void,
    options: AccessLogOptions = {},
  ) {
    this.bytes = Math.max(0, options.bytes ?? ACCESS_LOG_DEFAULTS.bytes);
    this.flushMs = Math.max(0, options.flushMs ?? ACCESS_LOG_DEFAULTS.flushMs);
  }

  add(line: string): void {
    this.lines.push(line);
    this.size += line.length + 1;
    if (this.size >= this.bytes) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.flushMs);
      // A buffered line never keeps the process alive; stop() flushes it.
      this.timer.unref();
    }
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const out = this.lines.join('\n');
    this.lines = [];
    this.size = 0;
    this.write(out);
  }
}
