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

/**
 * Makes access-log lines: `address "METHOD target HTTP/version" status bytes coding elapsedms`.
 * A line assembled from its nine pieces is a tree of small strings that the
 * buffer's join has to walk piece by piece, which cost as much as building it.
 * Consecutive requests mostly repeat the client, route and answer, so the two
 * runs of pieces between the varying ones are kept as flat text and reused
 * while they stay the same: a line is then three pieces.
 */
export class AccessLineFormat {
  private address = '';
  private method = '';
  private target = '';
  private version = '';
  private request = '';
  private status = -1;
  private bytes = -1;
  private coding = '';
  private answer = '';

  line(address: string, method: string, target: string, version: string, status: number, bytes: number, coding: string, elapsedMs: number): string {
    if (target !== this.target || method !== this.method || address !== this.address || version !== this.version) {
      this.address = address;
      this.method = method;
      this.target = target;
      this.version = version;
      this.request = flat(`${address} "${method} ${target} HTTP/${version}" `);
    }
    if (status !== this.status || bytes !== this.bytes || coding !== this.coding) {
      this.status = status;
      this.bytes = bytes;
      this.coding = coding;
      this.answer = flat(`${status} ${bytes} ${coding} `);
    }
    return `${this.request + this.answer + elapsedMs.toFixed(2)}ms`;
  }
}

/** The same text as one contiguous string (decoded afresh from its bytes, lossless for text read off a socket). */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
