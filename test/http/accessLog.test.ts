/** The access-log line format on its own: what each line says, and that a repeated line is one reused string. */
import * as assert from 'node:assert';
import { AccessLineFormat } from '../../server/src/http/accessLog';

describe('http: access-log lines', () => {
  const at = Date.UTC(2026, 10, 25, 13, 30, 5, 120);

  it('gives the time in UTC to the second, the client, the request line and the answer', () => {
    const format = new AccessLineFormat();
    assert.strictEqual(
      format.line(at, '127.0.0.1', 'GET', '/functions_list', '1.1', 200, 19525, 'gzip'),
      '2026-11-25T13:30:05Z 127.0.0.1 "GET /functions_list HTTP/1.1" 200 19525 gzip',
    );
  });

  it('returns the same line for a repeated request within a second, and a new one when any part or the second changes', () => {
    const format = new AccessLineFormat();
    const first = format.line(at, '127.0.0.1', 'GET', '/functions_list', '1.1', 200, 19525, 'gzip');
    assert.strictEqual(format.line(at + 500, '127.0.0.1', 'GET', '/functions_list', '1.1', 200, 19525, 'gzip'), first);
    const changes: [string, string][] = [
      ['second', format.line(at + 1000, '127.0.0.1', 'GET', '/functions_list', '1.1', 200, 19525, 'gzip')],
      ['address', format.line(at + 1000, '::1', 'GET', '/functions_list', '1.1', 200, 19525, 'gzip')],
      ['method', format.line(at + 1000, '::1', 'HEAD', '/functions_list', '1.1', 200, 19525, 'gzip')],
      ['target', format.line(at + 1000, '::1', 'HEAD', '/triggers_list', '1.1', 200, 19525, 'gzip')],
      ['version', format.line(at + 1000, '::1', 'HEAD', '/triggers_list', '1.0', 200, 19525, 'gzip')],
      ['status', format.line(at + 1000, '::1', 'HEAD', '/triggers_list', '1.0', 304, 19525, 'gzip')],
      ['bytes', format.line(at + 1000, '::1', 'HEAD', '/triggers_list', '1.0', 304, 0, 'gzip')],
      ['coding', format.line(at + 1000, '::1', 'HEAD', '/triggers_list', '1.0', 304, 0, 'identity')],
    ];
    let previous = first;
    for (const [what, line] of changes) {
      assert.notStrictEqual(line, previous, `a change of ${what} makes a new line`);
      previous = line;
    }
    assert.strictEqual(previous, '2026-11-25T13:30:06Z ::1 "HEAD /triggers_list HTTP/1.0" 304 0 identity');
  });

  it('keeps a cached line honest when the time field was asked for a later second in between', () => {
    // Lines written without a request (CONNECT, client errors) ask for the time on their own.
    const format = new AccessLineFormat();
    format.line(at, '127.0.0.1', 'GET', '/functions_list', '1.1', 200, 10, 'identity');
    assert.strictEqual(format.time(at + 2000), '2026-11-25T13:30:07Z');
    assert.strictEqual(
      format.line(at + 2000, '127.0.0.1', 'GET', '/functions_list', '1.1', 200, 10, 'identity'),
      '2026-11-25T13:30:07Z 127.0.0.1 "GET /functions_list HTTP/1.1" 200 10 identity',
    );
  });
});
