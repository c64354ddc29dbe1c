/**
 * zscript-language-server: the LSP server for Z command files (.zbr).
 *
 *   zscript-language-server [--stdio]        JSON-RPC over stdin/stdout (default)
 *   zscript-language-server --node-ipc       Node IPC (the parent spawned us with an 'ipc' channel)
 *   zscript-language-server --socket=PORT    connect to a client listening on 127.0.0.1:PORT
 *   zscript-language-server --pipe=NAME      connect to a named pipe / Unix socket
 *   zscript-language-server --version | --help
 *
 * In stdio mode nothing but protocol is ever written to stdout: console output
 * is redirected to stderr before the connection starts.
 */
import * as util from 'util';
import {
  createConnection,
  createServerPipeTransport,
  createServerSocketTransport,
  IPCMessageReader,
  IPCMessageWriter,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  type ConnectionOptions,
  type MessageReader,
  type MessageWriter,
} from 'vscode-languageserver/node';
import { SERVER_VERSION } from '../lsp/capabilities';
import { startServer } from '../lsp/server';
import { CommandSpec, hasFlag, lastValue, parsePort, standardArguments, usageError } from './args';

const HELP = `zscript-language-server ${SERVER_VERSION}: language server for Z command files (.zbr)

Usage: zscript-language-server [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]

  --stdio          talk JSON-RPC over stdin/stdout (the default)
  --node-ipc       talk over the Node IPC channel of the parent process
  --socket=PORT    connect to a client listening on 127.0.0.1:PORT
  --pipe=NAME      connect to a client listening on a named pipe or Unix socket
  --version        print the version and exit (-v)
  --help           print this help and exit (-h)

Settings come from the client (workspace/configuration, section "zscript").
`;

type Transport = { kind: 'stdio' } | { kind: 'ipc' } | { kind: 'socket'; port: number } | { kind: 'pipe'; name: string };

const SPEC: CommandSpec = {
  command: 'zscript-language-server',
  options: [{ name: '--stdio' }, { name: '--node-ipc' }, { name: '--socket', value: true }, { name: '--port', value: true }, { name: '--pipe', value: true }],
  // VS Code's client adds --clientProcessId=N to every server it starts.
  ignored: ['--clientProcessId'],
};

/** The transport to talk over, or the exit status when there is nothing to serve. */
function parseArgs(argv: string[]): Transport | number {
  const parsed = standardArguments(SPEC, HELP, argv);
  if (typeof parsed === 'number') return parsed;
  let transport: Transport = { kind: 'stdio' };
  if (hasFlag(parsed, '--node-ipc')) transport = { kind: 'ipc' };
  const socket = lastValue(parsed, '--socket') ?? lastValue(parsed, '--port');
  if (socket !== undefined) {
    const port = parsePort(socket, false);
    if (port === undefined) return usageError(SPEC, `--socket needs a port number from 1 to 65535, got "${socket}"`);
    transport = { kind: 'socket', port };
  }
  const pipe = lastValue(parsed, '--pipe');
  if (pipe !== undefined) {
    if (!pipe) return usageError(SPEC, '--pipe needs a name');
    transport = { kind: 'pipe', name: pipe };
  }
  return transport;
}

/** Keeps stdout for the protocol: everything console writes goes to stderr. */
function redirectConsoleToStderr(): void {
  const write = (...args: unknown[]) => {
    process.stderr.write(util.format(...args) + '\n');
  };
  console.log = write;
  console.info = write;
  console.debug = write;
  console.warn = write;
  console.error = write;
  console.trace = write;
  console.dir = (value: unknown) => write(util.inspect(value));
}

function main(): void {
  const parsed = parseArgs(process.argv.slice(2));
  if (typeof parsed === 'number') {
    process.exitCode = parsed;
    return;
  }

  // A request cancelled before it ran is answered at once, without running it.
  const options: ConnectionOptions = {
    connectionStrategy: {
      cancelUndispatched: (message) => ({
        jsonrpc: '2.0',
        id: (message as { id?: number | string | null }).id ?? null,
        error: new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled').toJson(),
      }),
    },
  };

  let reader: MessageReader | NodeJS.ReadableStream;
  let writer: MessageWriter | NodeJS.WritableStream;
  switch (parsed.kind) {
    case 'ipc':
      if (typeof process.send !== 'function') {
        process.stderr.write('zscript-language-server: --node-ipc needs a parent process with an IPC channel\n');
        process.exitCode = 2;
        return;
      }
      reader = new IPCMessageReader(process);
      writer = new IPCMessageWriter(process);
      break;
    case 'socket':
      [reader, writer] = createServerSocketTransport(parsed.port, 'utf-8');
      break;
    case 'pipe':
      [reader, writer] = createServerPipeTransport(parsed.name, 'utf-8');
      break;
    default:
      redirectConsoleToStderr();
      reader = process.stdin;
      writer = process.stdout;
      break;
  }

  if (parsed.kind !== 'stdio') {
    // stdin's end already ends the process (the library watches it); other transports need it said.
    (reader as MessageReader).onClose(() => process.exit(0));
    if (parsed.kind === 'ipc') process.on('disconnect', () => process.exit(0));
  }
  const connection = createConnection(ProposedFeatures.all, reader as MessageReader, writer as MessageWriter, options);
  process.on('uncaughtException', (error) => {
    process.stderr.write(`zscript-language-server: uncaught exception: ${error?.stack ?? error}\n`);
  });
  process.on('unhandledRejection', (reason) => {
    process.stderr.write(`zscript-language-server: unhandled rejection: ${(reason as Error)?.stack ?? reason}\n`);
  });
  startServer(connection);
}

main();
