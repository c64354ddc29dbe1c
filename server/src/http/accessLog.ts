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
 * Makes access-log lines: `time address "METHOD target HTTP/version" status bytes coding`,
 * the time in UTC to the second (`2026-11-25T13:30:05Z`).
 *
 * Under load most requests repeat the one before (same client, route and
 * answer, same second), so the last line is kept as one flat string and
 * returned again while nothing in it changes: the buffer then holds the same
 * string many times, and a request costs a few comparisons instead of a new
 * line (building lines and joining their pieces cost the server about a
 * tenth of its requests/s). There is no per-request duration: the answers
 * come from memory and are written before the line is made, so it was always
 * a few hundredths of a millisecond and said nothing.
 */
export class AccessLineFormat {
  /** The second `stamp` is of. */
  private second = -1;
  private stamp = '';
  /** The second `last` was made in (time() moves `second` on its own). */
  private lineSecond = -1;
  private address = '';
  private method = '';
  private target = '';
  private version = '';
  private status = -1;
  private bytes = -1;
  private coding = '';
  private last = '';

  /** `nowMs`: Date.now() of the request. */
  line(nowMs: number, address: string, method: string, target: string, version: string, status: number, bytes: number, coding: string): string {
    const second = Math.floor(nowMs / 1000);
    if (
      second === this.lineSecond &&
      status === this.status &&
      bytes === this.bytes &&
      target === this.target &&
      coding === this.coding &&
      method === this.method &&
      address === this.address &&
      version === this.version
    )
      return this.last;
    const stamp = this.time(nowMs);
    this.lineSecond = second;
    this.address = address;
    this.method = method;
    this.target = target;
    this.version = version;
    this.status = status;
    this.bytes = bytes;
    this.coding = coding;
    this.last = flat(`${stamp} ${address} "${method} ${target} HTTP/${version}" ${status} ${bytes} ${coding}`);
    return this.last;
  }

  /** The time field of a line made at `nowMs` (for the lines written without a request object too). */
  time(nowMs: number): string {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.second) {
      this.second = second;
      this.stamp = `${new Date(second * 1000).toISOString().slice(0, 19)}Z`;
    }
    return this.stamp;
  }
}

/** The same text as one contiguous string (decoded afresh from its bytes, lossless for text read off a socket). */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
