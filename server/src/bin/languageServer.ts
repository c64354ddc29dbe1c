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
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import * as util from 'node:util';
import {
  createConnection,
  IPCMessageReader,
  IPCMessageWriter,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  SocketMessageReader,
  SocketMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type ConnectionOptions,
  type MessageReader,
  type MessageWriter,
} from 'vscode-languageserver/node';
import { VERSION } from '../version';
import { AnsweringWriter, isStreamError } from '../lsp/answeringWriter';
import { ProtocolTurns, TurnKeepingReader } from '../lsp/protocolTurns';
import { Lifecycle } from '../lsp/lifecycle';
import { startServer } from '../lsp/server';
import { runReaderIfWorker } from '../lsp/workspaceReader';
import { type CommandSpec, hasFlag, lastValue, parsePort, standardArguments, usageError } from './args';

const HELP = `zscript-language-server ${VERSION}: language server for Z command files (.zbr)

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
    process.stderr.write(`${util.format(...args)}\n`);
  };
  console.log = write;
  console.info = write;
  console.debug = write;
  console.warn = write;
  console.error = write;
  console.trace = write;
  console.dir = (value: unknown) => write(util.inspect(value));
}

/** Connects to the client's socket or pipe; one line and exit 1 when nothing listens there. */
function connectTo(target: { port: number } | { path: string }, what: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = 'port' in target ? net.createConnection(target.port, '127.0.0.1') : net.createConnection(target.path);
    const failed = (error: NodeJS.ErrnoException) => fail(`cannot connect to ${what} (${error.code ?? error.message})`);
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.off('error', failed);
      // A header and its body are two writes: with Nagle's algorithm on, TCP holds the body back
      // until the client's delayed ACK (about 40 ms per answer, measured over --socket).
      socket.setNoDelay(true);
      resolve(socket);
    });
  });
}

function fail(message: string): never {
  process.stderr.write(`zscript-language-server: ${message}\n`);
  process.exit(1);
}

/** The stream header errors of vscode-jsonrpc's reader (a body's JSON errors only cost that message). */
const HEADER_ERROR = /^(?:Header must provide a Content-Length property|Content-Length value must be a number|Message header must separate key and value)/;

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if (typeof parsed === 'number') {
    process.exitCode = parsed;
    return;
  }

  let reader: MessageReader;
  let writer: MessageWriter;
  switch (parsed.kind) {
    case 'ipc':
      if (typeof process.send !== 'function') {
        process.stderr.write('zscript-language-server: --node-ipc needs a parent process with an IPC channel\n');
        process.exitCode = 2;
        return;
      }
      reader = new IPCMessageReader(process);
      writer = new IPCMessageWriter(process);
      process.on('disconnect', () => process.exit(lifecycle.shutdownReceived ? 0 : 1));
      break;
    case 'socket':
    case 'pipe': {
      const socket = await connectTo(
        parsed.kind === 'socket' ? { port: parsed.port } : { path: parsed.name },
        parsed.kind === 'socket' ? `127.0.0.1:${parsed.port}` : parsed.name,
      );
      reader = new SocketMessageReader(socket, 'utf-8');
      writer = new SocketMessageWriter(socket, 'utf-8');
      break;
    }
    default:
      redirectConsoleToStderr();
      reader = new StreamMessageReader(process.stdin);
      writer = new StreamMessageWriter(process.stdout);
      break;
  }

  const lifecycle = new Lifecycle((response) => void writer.write(response).catch(() => undefined));
  // The client is gone when either direction closes: exit (0 after shutdown, 1 otherwise) rather than run on unseen.
  const gone = () => process.exit(lifecycle.shutdownReceived ? 0 : 1);
  reader.onClose(gone);
  writer.onClose(gone);
  writer.onError(([error]) => {
    // An answer that could not be encoded is the AnsweringWriter's to handle; a failing stream means the client is gone.
    if (!isStreamError(error)) return;
    process.stderr.write(`zscript-language-server: cannot write to the client (${(error as NodeJS.ErrnoException)?.code ?? error?.message}); exiting\n`);
    process.exit(lifecycle.shutdownReceived ? 0 : 1);
  });
  reader.onError((error) => {
    // A malformed header leaves the stream unframed for good: say so and exit, so that the client restarts the server.
    if (!HEADER_ERROR.test(error?.message ?? '')) return;
    process.stderr.write(`zscript-language-server: malformed message header (${error.message.split('\n')[0]}); exiting\n`);
    process.exit(1);
  });

  const options: ConnectionOptions = {
    // A request cancelled before it ran is answered at once, without running it.
    connectionStrategy: {
      cancelUndispatched: (message) => ({
        jsonrpc: '2.0',
        id: (message as { id?: number | string | null }).id ?? null,
        error: new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled').toJson(),
      }),
    },
    messageStrategy: lifecycle,
  };
  const protocolTurns = new ProtocolTurns();
  const connection = createConnection(ProposedFeatures.all, new TurnKeepingReader(reader, protocolTurns), new AnsweringWriter(writer), options);
  process.on('uncaughtException', (error) => {
    process.stderr.write(`zscript-language-server: uncaught exception: ${error?.stack ?? error}\n`);
  });
  process.on('unhandledRejection', (reason) => {
    process.stderr.write(`zscript-language-server: unhandled rejection: ${(reason as Error)?.stack ?? reason}\n`);
  });
  startServer(connection, { readerEntry: readerEntryFile(), protocolTurns });
}

/**
 * The file the workspace reader thread runs: the small reader bundle next to
 * this one (bin/workspaceReader.ts), or this file itself, which starts the
 * reader too when it finds itself in that thread (a server copied alone).
 */
function readerEntryFile(): string {
  for (const name of ['workspace-reader.js', 'workspaceReader.js']) {
    const file = path.join(__dirname, name);
    if (fs.existsSync(file)) return file;
  }
  return __filename;
}

if (!runReaderIfWorker()) void main();
