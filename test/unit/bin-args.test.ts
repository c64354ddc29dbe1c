/** The one argument parser of the three bins (server/src/bin/args.ts). */
import * as assert from 'node:assert';
import { type CommandSpec, lastValue, parseArguments, parsePort } from '../../server/src/bin/args';

const SPEC: CommandSpec = {
  command: 'tool',
  positionals: true,
  options: [
    { name: '--port', aliases: ['-p'], value: true },
    { name: '--quiet', aliases: ['-q'] },
    { name: '--tag', value: true },
  ],
  ignored: ['--clientProcessId'],
};

function run(argv: string[], spec = SPEC) {
  const outcome = parseArguments(spec, argv);
  assert.strictEqual(outcome.kind, 'run', JSON.stringify(outcome));
  return (outcome as Extract<typeof outcome, { kind: 'run' }>).args;
}

describe('bin/args: the shared command-line parser', () => {
  it('reads --flag value, --flag=value, short aliases, repeats and positionals', () => {
    const args = run(['--port', '80', 'a.zbr', '--tag=x', '-q', '--tag', 'y', 'b.zbr', '-p', '81']);
    assert.strictEqual(lastValue(args, '--port'), '81');
    assert.deepStrictEqual(args.values.get('--tag'), ['x', 'y']);
    assert.ok(args.values.has('--quiet'));
    assert.deepStrictEqual(args.positionals, ['a.zbr', 'b.zbr']);
  });

  it('-- ends the options; a lone - is a positional', () => {
    assert.deepStrictEqual(run(['--', '--port', '-']).positionals, ['--port', '-']);
    assert.deepStrictEqual(run(['-']).positionals, ['-']);
  });

  it('--help/-h and --version/-v win wherever they are', () => {
    assert.strictEqual(parseArguments(SPEC, ['a', '-h']).kind, 'help');
    assert.strictEqual(parseArguments(SPEC, ['--version', '--bogus']).kind, 'version');
    assert.strictEqual(parseArguments(SPEC, ['-v']).kind, 'version');
  });

  it('names the wrong argument', () => {
    assert.deepStrictEqual(parseArguments(SPEC, ['--bogus']), { kind: 'error', message: 'unknown option --bogus' });
    assert.deepStrictEqual(parseArguments(SPEC, ['--port']), { kind: 'error', message: '--port needs a value' });
    assert.deepStrictEqual(parseArguments(SPEC, ['--quiet=yes']), { kind: 'error', message: '--quiet takes no value' });
    assert.deepStrictEqual(parseArguments({ ...SPEC, positionals: false }, ['stray']), { kind: 'error', message: 'unexpected argument "stray"' });
  });

  it("ignores the options other programs add (VS Code's --clientProcessId), in both spellings", () => {
    assert.deepStrictEqual(run(['--clientProcessId=42', '--quiet']).positionals, []);
    const args = run(['--clientProcessId', '42', 'file.zbr']);
    assert.deepStrictEqual(args.positionals, ['file.zbr']);
  });

  it('parsePort: 0 only where allowed, 65535 at most, digits only', () => {
    assert.strictEqual(parsePort('0', true), 0);
    assert.strictEqual(parsePort('0', false), undefined);
    assert.strictEqual(parsePort('65535', false), 65535);
    assert.strictEqual(parsePort('65536', true), undefined);
    assert.strictEqual(parsePort('8e3', true), undefined);
    assert.strictEqual(parsePort('', true), undefined);
  });
});
