/**
 * zscript-catalog-server: serves the catalog over HTTP (see docs/notes/http.md).
 * Exit codes: 0 after SIGINT/SIGTERM, 1 when the catalog or the port is unusable, 2 for bad arguments.
 */
import * as path from 'path';
import { CatalogServer, DEFAULTS, serveCatalog } from '../http';

const USAGE = `usage: zscript-catalog-server [--host 127.0.0.1] [--port 8080] [--catalog DIR] [--quiet] [--help]

Serves the zscript function and trigger catalog over HTTP:
  /functions_list /functions_tag_list /triggers_list /triggers_tag_list
  /functions/{name} /triggers/{name} /openapi.json /healthz

  --host HOST     interface to bind (default 127.0.0.1)
  --port PORT     port to listen on, 0 for a free one (default 8080)
  --catalog DIR   catalog directory to serve and watch (default: the package's catalog/)
  --quiet         no access log
  --help          this text`;

interface Args {
  host: string;
  port: number;
  catalog?: string;
  quiet: boolean;
}

function parseArgs(argv: string[]): Args | 'help' | string {
  const args: Args = { host: DEFAULTS.host, port: DEFAULTS.port, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    let flag = argv[i];
    let value: string | undefined;
    const eq = flag.indexOf('=');
    if (flag.startsWith('--') && eq !== -1) {
      value = flag.slice(eq + 1);
      flag = flag.slice(0, eq);
    }
    const takeValue = (): string | undefined => value ?? argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--quiet':
        args.quiet = true;
        break;
      case '--host': {
        const host = takeValue();
        if (!host) return '--host needs a value';
        args.host = host;
        break;
      }
      case '--port': {
        const port = takeValue();
        if (port === undefined || !/^\d{1,5}$/.test(port) || Number(port) > 65535) return `--port needs a number from 0 to 65535${port !== undefined ? `, not ${JSON.stringify(port)}` : ''}`;
        args.port = Number(port);
        break;
      }
      case '--catalog': {
        const dir = takeValue();
        if (!dir) return '--catalog needs a directory';
        args.catalog = path.resolve(dir);
        break;
      }
      default:
        return `unknown argument ${JSON.stringify(argv[i])}`;
    }
  }
  return args;
}

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed === 'help') {
    process.stdout.write(USAGE + '\n');
    return;
  }
  if (typeof parsed === 'string') {
    process.stderr.write(`zscript-catalog-server: ${parsed}\n${USAGE}\n`);
    process.exit(2);
  }
  let server: CatalogServer;
  try {
    server = await serveCatalog({
      host: parsed.host,
      port: parsed.port,
      catalogDir: parsed.catalog,
      quiet: parsed.quiet,
      log: (line) => process.stdout.write(line + '\n'),
    });
  } catch (error) {
    process.stderr.write(`zscript-catalog-server: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `zscript catalog server listening on ${server.url}\n` +
      `catalog: ${server.catalog.functions.length} functions, ${server.catalog.triggers.length} triggers from ${server.source}\n`,
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
