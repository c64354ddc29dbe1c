/**
 * Writing answers: every response goes out through send(), which also
 * records what it sent for the access log and adds `Connection: close` once
 * the server is stopping. Plus the raw error responses written straight to a
 * socket, where there is no response object ('clientError', CONNECT).
 */
import * as http from 'node:http';
import { JSON_TYPE } from './snapshot';

/** What an answer sent, as its access-log line gives it. */
export interface Sent {
  bytes: number;
  coding: string;
}

export class Responses {
  /** Set when the server stops: answers from then on close their connection. */
  closing = false;
  /**
   * What the last answer sent. writeHead with a flat header list bypasses the response's
   * header map, so getHeader() cannot tell the access log; send() records it here. Answers end
   * synchronously, so the last one sent is the one being logged: two fields, no object per
   * request. A WeakMap entry per response (an ephemeron the garbage collector must trace) cost
   * about a quarter of the requests/s; one is kept only for a response still open when its
   * handler returns, and looked up only while there is one.
   */
  sentBytes = 0;
  sentCoding = 'identity';
  private openAnswers = 0;
  private readonly stillOpen = new WeakMap<http.ServerResponse, Sent>();

  /** `recording`: whether what is sent is recorded (the access log is on). */
  constructor(private readonly recording: boolean) {}

  /** Before an answer: nothing sent yet. */
  begin(): void {
    this.sentBytes = 0;
    this.sentCoding = 'identity';
  }

  /** For an answer still open when its handler returned: `done` gets what it sent once it has finished. */
  whenFinished(res: http.ServerResponse, done: (sent: Sent) => void): void {
    this.openAnswers++;
    this.stillOpen.set(res, { bytes: 0, coding: 'identity' });
    res.once('finish', () => done(this.stillOpen.get(res)!));
    res.once('close', () => this.openAnswers--);
  }

  /** `coding` is the Content-Encoding among `headers` (`identity`: none), for the access log. */
  send(res: http.ServerResponse, status: number, headers: readonly string[], body: Buffer | undefined, head: boolean, coding = 'identity'): void {
    if (this.closing) res.setHeader('Connection', 'close');
    if (this.recording) {
      this.sentBytes = head || body === undefined ? 0 : body.length;
      this.sentCoding = coding;
      if (this.openAnswers !== 0 && this.stillOpen.has(res)) this.stillOpen.set(res, { bytes: this.sentBytes, coding });
    }
    res.writeHead(status, headers as string[]);
    if (head || body === undefined) res.end();
    else res.end(body);
  }

  /** A JSON error `{ error, status, ...extra }`, never cached; `more`: further header fields. */
  error(res: http.ServerResponse, status: number, error: string, head: boolean, extra: Record<string, unknown> = {}, more: string[] = []): void {
    const body = errorBody(status, error, extra);
    this.send(
      res,
      status,
      ['Content-Type', JSON_TYPE, 'Content-Length', String(body.length), 'Cache-Control', 'no-store', 'Access-Control-Allow-Origin', '*', ...more],
      body,
      head,
    );
  }
}

function errorBody(status: number, error: string, extra: Record<string, unknown> = {}): Buffer {
  return Buffer.from(JSON.stringify({ error, status, ...extra }), 'utf8');
}

/** A complete raw response for errors answered outside a request handler ('clientError', CONNECT). */
export function rawErrorResponse(status: number, error: string, more: string[] = []): string {
  const body = errorBody(status, error);
  let extra = '';
  for (let i = 0; i < more.length; i += 2) extra += `${more[i]}: ${more[i + 1]}\r\n`;
  return (
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
    extra +
    `Content-Type: ${JSON_TYPE}\r\n` +
    `Content-Length: ${body.length}\r\n` +
    'Access-Control-Allow-Origin: *\r\n' +
    'Cache-Control: no-store\r\n' +
    'Connection: close\r\n\r\n' +
    body.toString('utf8')
  );
}
