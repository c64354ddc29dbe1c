/**
 * The one command-line parser of the three bins, so that they agree on the
 * basics: `--flag value` and `--flag=value`, `--` ends the options, every bin
 * answers `--help`/`-h` and `--version`/`-v`, and a wrong argument gets one
 * line naming it plus a pointer to `--help` (exit status 2).
 *
 * Each bin declares its options; checking the *values* (a port number, a
 * format name) stays with the bin, which reports through `usageError`.
 */
import { VERSION } from '../version';

export interface OptionSpec {
  /** Long name with dashes, e.g. `--port`. */
  readonly name: string;
  /** Short aliases, e.g. `-f`. */
  readonly aliases?: readonly string[];
  /** Whether the option takes a value (`--port 8080` or `--port=8080`). */
  readonly value?: boolean;
}

export interface CommandSpec {
  /** The bin's name, first word of every message. */
  readonly command: string;
  readonly options: readonly OptionSpec[];
  /** Whether bare words (paths) are accepted. */
  readonly positionals?: boolean;
  /** Options that other programs add and that are accepted and ignored (e.g. VS Code's `--clientProcessId`). */
  readonly ignored?: readonly string[];
}

/** Option name → the values given, in order (an empty list for a flag without value given once per use). */
export interface ParsedArgs {
  readonly values: ReadonlyMap<string, readonly string[]>;
  readonly positionals: readonly string[];
}

export type ParseOutcome = { kind: 'run'; args: ParsedArgs } | { kind: 'help' } | { kind: 'version' } | { kind: 'error'; message: string };

const STANDARD: readonly OptionSpec[] = [
  { name: '--help', aliases: ['-h'] },
  { name: '--version', aliases: ['-v'] },
];

export function parseArguments(spec: CommandSpec, argv: readonly string[]): ParseOutcome {
  const byName = new Map<string, OptionSpec>();
  for (const option of [...STANDARD, ...spec.options]) {
    byName.set(option.name, option);
    for (const alias of option.aliases ?? []) byName.set(alias, option);
  }
  const values = new Map<string, string[]>();
  const positionals: string[] = [];
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      if (!spec.positionals) return { kind: 'error', message: `unexpected argument ${JSON.stringify(arg)}` };
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (spec.ignored?.includes(flag)) {
      // `--clientProcessId 123` as two words: the number is the ignored option's.
      if (inline === undefined && i + 1 < argv.length && /^\d+$/.test(argv[i + 1])) i++;
      continue;
    }
    const option = byName.get(flag);
    if (!option) return { kind: 'error', message: `unknown option ${flag}` };
    if (option.name === '--help') return { kind: 'help' };
    if (option.name === '--version') return { kind: 'version' };
    let value: string | undefined;
    if (option.value) {
      value = inline ?? argv[++i];
      if (value === undefined) return { kind: 'error', message: `${option.name} needs a value` };
    } else if (inline !== undefined) {
      return { kind: 'error', message: `${option.name} takes no value` };
    }
    const list = values.get(option.name) ?? [];
    if (value !== undefined) list.push(value);
    values.set(option.name, list);
  }
  return { kind: 'run', args: { values, positionals } };
}

/** The last value given for an option, or undefined. */
export function lastValue(args: ParsedArgs, name: string): string | undefined {
  const list = args.values.get(name);
  return list && list.length > 0 ? list[list.length - 1] : undefined;
}

export function hasFlag(args: ParsedArgs, name: string): boolean {
  return args.values.has(name);
}

/** One line naming the problem, one line pointing at --help; exit status 2. */
export function usageError(spec: CommandSpec, message: string): number {
  process.stderr.write(`${spec.command}: ${message}\nRun '${spec.command} --help' for usage.\n`);
  return 2;
}

/**
 * Handles --help, --version and parse errors; returns the parsed arguments to
 * run with, or the exit status when the bin should stop here.
 */
export function standardArguments(spec: CommandSpec, help: string, argv: readonly string[]): ParsedArgs | number {
  const outcome = parseArguments(spec, argv);
  switch (outcome.kind) {
    case 'help':
      process.stdout.write(help.endsWith('\n') ? help : `${help}\n`);
      return 0;
    case 'version':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case 'error':
      return usageError(spec, outcome.message);
    default:
      return outcome.args;
  }
}

/** A port number 0..65535 (0 only when `allowZero`), or undefined. */
export function parsePort(text: string, allowZero: boolean): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  if (port > 65535 || (port === 0 && !allowZero)) return undefined;
  return port;
}
