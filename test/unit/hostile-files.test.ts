/**
 * Hostile files (issue 16) for the catalog loader and for zscript-check (the
 * bundled bin, as a child process): FIFOs, devices, /proc files that lie about
 * their size, oversized files, a report read by `head`, and a file with very
 * many findings under a small heap. Bounded in count and bytes; no wall-clock
 * assertions (spawnSync's timeout is what catches a hang).
 */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadCatalogFromDirectory } from '../../server/src/catalog';
import { BoundedReadError, readRegularFile, readRegularFileSync } from '../../server/src/catalog/boundedRead';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BIN = path.join(ROOT, 'dist', 'check.js');
const FILES = ['functions.json', 'functions_tag.json', 'triggers.json', 'triggers_tag.json'];
const posix = process.platform !== 'win32';

function mkfifo(file: string): void {
  assert.strictEqual(spawnSync('mkfifo', [file]).status, 0, 'mkfifo');
}

function problemOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof BoundedReadError, String(error));
    return error.problem;
  }
  return 'none';
}

describe('hostile files (issue 16)', function () {
  this.timeout(60000);
  let temp: string;
  before(() => (temp = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-hostile-'))));
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  describe('bounded reads', () => {
    it('refuses FIFOs, devices and folders without blocking; caps by bytes read, not by stat', async function () {
      if (!posix) this.skip();
      const fifo = path.join(temp, 'fifo');
      mkfifo(fifo);
      assert.strictEqual(
        problemOf(() => readRegularFileSync(fifo, 1024)),
        'not-regular',
      );
      await assert.rejects(readRegularFile(fifo, 1024), (e: any) => e.problem === 'not-regular' && /is a FIFO/.test(e.message));
      assert.strictEqual(
        problemOf(() => readRegularFileSync('/dev/zero', 1024)),
        'not-regular',
      );
      assert.strictEqual(
        problemOf(() => readRegularFileSync(temp, 1024)),
        'not-regular',
      );
      assert.strictEqual(
        problemOf(() => readRegularFileSync(path.join(temp, 'missing'), 1024)),
        'not-found',
      );
      // /proc files report size 0 and yield far more.
      if (fs.existsSync('/proc/self/maps')) {
        assert.strictEqual(fs.statSync('/proc/self/maps').size, 0);
        assert.strictEqual(
          problemOf(() => readRegularFileSync('/proc/self/maps', 16)),
          'too-large',
        );
        await assert.rejects(readRegularFile('/proc/self/maps', 16), (e: any) => e.problem === 'too-large');
      }
      const file = path.join(temp, 'exact');
      fs.writeFileSync(file, 'x'.repeat(100));
      assert.strictEqual(readRegularFileSync(file, 100).length, 100);
      assert.strictEqual(
        problemOf(() => readRegularFileSync(file, 99)),
        'too-large',
      );
      assert.strictEqual((await readRegularFile(file, 100)).length, 100);
    });

    it('the catalog loader names a FIFO or /dev/zero as the problem, with a summary that carries no path', function () {
      if (!posix) this.skip();
      const dir = fs.mkdtempSync(path.join(temp, 'catalog-'));
      for (const f of FILES) fs.copyFileSync(path.join(ROOT, 'catalog', f), path.join(dir, f));
      fs.rmSync(path.join(dir, 'triggers.json'));
      mkfifo(path.join(dir, 'triggers.json'));
      const fifo = loadCatalogFromDirectory(dir);
      assert.ok(!fifo.ok);
      assert.strictEqual(fifo.error, `${path.join(dir, 'triggers.json')}: is a FIFO, not a regular file`);
      assert.strictEqual(fifo.summary, 'triggers.json: is a FIFO, not a regular file');
      fs.rmSync(path.join(dir, 'triggers.json'));
      fs.symlinkSync('/dev/zero', path.join(dir, 'triggers.json'));
      const zero = loadCatalogFromDirectory(dir);
      assert.ok(!zero.ok && /triggers\.json: is a character device, not a regular file$/.test(zero.error));
    });
  });

  describe('zscript-check', () => {
    function check(args: string[], options: { node?: string[]; input?: string } = {}) {
      const r = spawnSync(process.execPath, [...(options.node ?? []), BIN, ...args], {
        cwd: temp,
        encoding: 'utf8',
        timeout: 60_000,
        maxBuffer: 256 * 1024 * 1024,
      });
      return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
    }

    it('refuses a FIFO named on the command line instead of waiting for a writer', function () {
      if (!posix) this.skip();
      const fifo = path.join(temp, 'named.zbr');
      mkfifo(fifo);
      const r = check([fifo]);
      assert.strictEqual(r.code, 2);
      assert.match(r.stderr, /named\.zbr: cannot be read \(is a FIFO, not a regular file\)/);
    });

    it('ends quietly when its output pipe closes (`| head`): no stack trace, and the exit status of the findings', function () {
      if (!posix) this.skip();
      // Only warnings (invalid-color), many of them: the report outlives head's reading. (In a branch each: set
      // one after another at the top level, each colour would also replace the one before, embed-part-replaced.)
      fs.writeFileSync(path.join(temp, 'warn.zbr'), `#trigger !a\n${'Zif{ZisAdmin==true;Zcolor{#fff}}\n'.repeat(50_000)}Ztitle{Hi}\n`);
      const status = spawnSync('/bin/sh', ['-c', `("${process.execPath}" "${BIN}" warn.zbr; echo "exit=$?" >&2) | head -n 1`], {
        cwd: temp,
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.match(status.stdout, /^warn\.zbr:2:27: warning invalid-color .*\n$/);
      assert.doesNotMatch(status.stderr, /EPIPE|Error|\n\s+at /, status.stderr);
      assert.match(status.stderr, /exit=0\n/, 'a warnings-only run stays a success');
      assert.match(status.stderr, /1 file checked, 0 errors, 50000 warnings/);
    });

    it('streams a report of 20,000 findings in text and in JSON (the same findings, counts after the list)', () => {
      fs.writeFileSync(path.join(temp, 'many.zbr'), `#trigger !a\n${'Zif{ZisAdmin==true;Zcolor{#fff}}\n'.repeat(20_000)}Ztitle{Hi}\n`);
      const text = check(['many.zbr']);
      assert.strictEqual(text.code, 0, text.stderr.slice(0, 500));
      const textLines = text.stdout.split('\n').filter((l) => l);
      assert.strictEqual(textLines.length, 20_000);
      const json = check(['--format', 'json', 'many.zbr']);
      assert.strictEqual(json.code, 0, json.stderr.slice(0, 500));
      const report = JSON.parse(json.stdout);
      assert.deepStrictEqual([report.files, report.errors, report.warnings, report.problems], [1, 0, 20_000, []]);
      assert.deepStrictEqual(
        report.diagnostics.map((d: any) => `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code} ${d.message}`),
        textLines,
      );
      assert.deepStrictEqual(report.diagnostics[0], {
        file: 'many.zbr',
        line: 2,
        column: 27,
        endLine: 2,
        endColumn: 31,
        severity: 'warning',
        code: 'invalid-color',
        message: report.diagnostics[0].message,
      });
      const empty = JSON.parse(check(['--format', 'json', path.join(ROOT, 'test', 'fixtures', 'check', 'clean')]).stdout);
      assert.deepStrictEqual(empty.diagnostics, []);
    });

    it('reports a file larger than any command file instead of exhausting a small heap on it', () => {
      // 9 MiB of findings: analysed, it would need several hundred MiB.
      fs.writeFileSync(path.join(temp, 'huge.zbr'), `#trigger !a\n${'Zcolor{#fff}\n'.repeat(Math.ceil((9 * 1024 * 1024) / 13))}`);
      fs.writeFileSync(path.join(temp, 'fine.zbr'), '#trigger !a\nZcolor{#fff}\nZtitle{Hi}\n');
      const r = check(['huge.zbr', 'fine.zbr'], { node: ['--max-old-space-size=64'] });
      assert.strictEqual(r.signal, null);
      assert.strictEqual(r.code, 2, r.stderr.slice(0, 500));
      assert.match(r.stderr, /huge\.zbr: cannot be read \(over 8 MiB, larger than any command file; not checked\)/);
      assert.match(r.stdout, /^fine\.zbr:2:8: warning invalid-color /);
    });
  });
});
