/**
 * zscript-catalog-server: serves the catalog over HTTP (see docs/notes/http.md).
 * Exit codes: 0 after SIGINT/SIGTERM (or an export written), 1 when the catalog, the port or the export folder is unusable, 2 for bad arguments.
 */
import * as path from 'node:path';
import { type CatalogServer, DEFAULTS, exportCatalogFrom, serveCatalog } from '../http';
import { type CommandSpec, lastValue, hasFlag, parsePort, standardArguments, usageError } from './args';
import { VERSION } from '../version';

const SPEC: CommandSpec = {
  command: 'zscript-catalog-server',
  options: [
    { name: '--host', value: true },
    { name: '--port', aliases: ['-p'], value: true },
    { name: '--catalog', value: true },
    { name: '--quiet', aliases: ['-q'] },
    { name: '--export', value: true },
  ],
};

const USAGE = `zscript-catalog-server ${VERSION}: serves the zscript catalog over HTTP

usage: zscript-catalog-server [--host 127.0.0.1] [--port 8080] [--catalog DIR] [--quiet]
       zscript-catalog-server --export DIR [--catalog DIR] [--host H] [--port P]

Routes:
  /                       the catalog reference page for people (HTML)
  /functions_list /functions_tag_list /triggers_list /triggers_tag_list
  /functions/{name} /triggers/{name} /openapi.json /healthz

Options:
  --host HOST     interface to bind (default 127.0.0.1)
  --port PORT     port to listen on, 0 for a free one (default 8080); -p
  --catalog DIR   catalog directory to serve and watch (default: the package's catalog/)
  --quiet         no access log; -q
  --export DIR    write every route into DIR/site (with .br and .gz variants)
                  and DIR/nginx.conf, an nginx server listening on --host and
                  --port that serves them like this server; then exit
  --help          this text; -h
  --version       print the version and exit; -v

Exit status: 0 after Ctrl+C (SIGINT) or SIGTERM or a written export, 1 when
the catalog, the port or the export folder is unusable, 2 for bad arguments.`;

interface Args {
  host: string;
  port: number;
  catalog?: string;
  quiet: boolean;
  export?: string;
}

/** The options to serve with, or the exit status when there is nothing to serve. */
function parseArgs(argv: string[]): Args | number {
  const parsed = standardArguments(SPEC, USAGE, argv);
  if (typeof parsed === 'number') return parsed;
  const args: Args = { host: DEFAULTS.host, port: DEFAULTS.port, quiet: hasFlag(parsed, '--quiet') };
  const host = lastValue(parsed, '--host');
  if (host !== undefined) {
    if (host === '') return usageError(SPEC, '--host needs a value');
    args.host = host;
  }
  const port = lastValue(parsed, '--port');
  if (port !== undefined) {
    const n = parsePort(port, true);
    if (n === undefined) return usageError(SPEC, `--port needs a number from 0 to 65535, not ${JSON.stringify(port)}`);
    args.port = n;
  }
  const dir = lastValue(parsed, '--catalog');
  if (dir !== undefined) {
    if (dir === '') return usageError(SPEC, '--catalog needs a directory');
    args.catalog = path.resolve(dir);
  }
  const exportDir = lastValue(parsed, '--export');
  if (exportDir !== undefined) {
    if (exportDir === '') return usageError(SPEC, '--export needs a folder');
    args.export = path.resolve(exportDir);
  }
  return args;
}

/** --export: writes the static site and the nginx configuration, then says what it wrote. */
async function runExport(args: Args & { export: string }): Promise<number> {
  try {
    const result = await exportCatalogFrom(args.catalog, args.export, { host: args.host, port: args.port });
    process.stdout.write(
      `exported ${result.routes} routes (${result.files} files, ${result.bytes} bytes) of the catalog from ${result.source} to ${result.dir}/site\n` +
        `nginx configuration: ${result.nginxConfig} (include it in nginx's http { } block; it listens on ${args.host}:${args.port})\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`zscript-catalog-server: --export: ${(error as Error).message}\n`);
    return 1;
  }
}

/** How to pass --port from where we were started: through `npm start` it needs the `--`. */
function portFlag(): string {
  return process.env.npm_lifecycle_event === 'start' ? 'npm start -- --port N' : '--port N';
}

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if (typeof parsed === 'number') {
    process.exitCode = parsed;
    return;
  }
  if (parsed.export !== undefined) {
    process.exitCode = await runExport({ ...parsed, export: parsed.export });
    return;
  }
  let server: CatalogServer;
  try {
    server = await serveCatalog({
      host: parsed.host,
      port: parsed.port,
      catalogDir: parsed.catalog,
      quiet: parsed.quiet,
      log: (line) => process.stdout.write(`${line}\n`),
      compressBeforeListening: true,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A busy port is the common case (a second `npm start`): name the way out on the same line.
    const hint = code === 'EADDRINUSE' || code === 'EACCES' ? `; choose another with ${portFlag()} (0 picks a free one)` : '';
    process.stderr.write(`zscript-catalog-server: ${(error as Error).message}${hint}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `zscript catalog server listening on ${server.url}\n` +
      `catalog: ${server.catalog.functions.length} functions, ${server.catalog.triggers.length} triggers from ${server.source}\n` +
      `  ${server.url}/                the catalog reference page (open it in a browser)\n` +
      `  ${server.url}/functions_list  the catalog as JSON (all routes: ${server.url}/openapi.json)\n` +
      `to stop, press Ctrl+C (or send SIGTERM); to use another port, ${portFlag()}\n`,
  );
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    process.stdout.write(`zscript-catalog-server: ${signal}, closing\n`);
    server.stop().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
