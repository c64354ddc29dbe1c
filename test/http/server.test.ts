/** The catalog HTTP module over a real socket: routes, methods, headers, errors. */
import * as assert from 'node:assert';
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020';
import { loadCatalogFromDirectory, type Catalog } from '../../server/src/catalog';
import { type CatalogServer, serveCatalog } from '../../server/src/http';
import { json, rawExchange, REPO_CATALOG, repoData, request } from './helpers';

const LIST_ROUTES: [string, string, keyof Catalog['data']][] = [
  ['/functions_list', 'functions.json', 'functions'],
  ['/functions_tag_list', 'functions_tag.json', 'functionTags'],
  ['/triggers_list', 'triggers.json', 'triggers'],
  ['/triggers_tag_list', 'triggers_tag.json', 'triggerTags'],
];

describe('http: catalog server routes and HTTP rules (real socket)', () => {
  let server: CatalogServer;
  let base: string;
  let port: number;
  let loaded: Catalog;
  const logLines: string[] = [];

  before(async () => {
    const result = loadCatalogFromDirectory(REPO_CATALOG);
    assert.ok(result.ok, result.ok ? '' : result.error);
    loaded = result.catalog;
    server = await serveCatalog({ port: 0, catalogDir: REPO_CATALOG, watch: false, log: (line) => logLines.push(line) });
    base = server.url;
    port = server.address().port;
  });
  after(async () => {
    await server?.stop();
  });

  describe('routes', () => {
    for (const [route, file, key] of LIST_ROUTES) {
      it(`GET ${route} serves what the loader loaded from ${file}`, async () => {
        const reply = await request(base + route);
        assert.strictEqual(reply.status, 200);
        assert.strictEqual(reply.headers['content-type'], 'application/json; charset=utf-8');
        assert.strictEqual(Number(reply.headers['content-length']), reply.body.length);
        assert.deepStrictEqual(json(reply), JSON.parse(JSON.stringify(loaded.data[key])));
        assert.deepStrictEqual(json(reply), repoData(file));
      });
    }

    it('GET /functions/{name} answers one record', async () => {
      const name = loaded.functions[0].name;
      const reply = await request(`${base}/functions/${name}`);
      assert.strictEqual(reply.status, 200);
      assert.deepStrictEqual(json(reply), JSON.parse(JSON.stringify(loaded.getFunction(name))));
      const every = await Promise.all(loaded.functions.slice(0, 50).map((f) => request(`${base}/functions/${encodeURIComponent(f.name)}`)));
      every.forEach((r, i) => assert.strictEqual(json(r).name, loaded.functions[i].name));
    });

    it('GET /functions/{name} decodes percent-encoded names', async () => {
      const name = loaded.functions[0].name;
      const encoded = `${name.slice(0, 1)}%${name.charCodeAt(1).toString(16).toUpperCase()}${name.slice(2)}`;
      const reply = await request(`${base}/functions/${encoded}`);
      assert.strictEqual(reply.status, 200);
      assert.strictEqual(json(reply).name, name);
    });

    it('GET /triggers/{name} answers one record', async () => {
      const name = loaded.triggers[0].name;
      const reply = await request(`${base}/triggers/${name}`);
      assert.strictEqual(reply.status, 200);
      assert.deepStrictEqual(json(reply), JSON.parse(JSON.stringify(loaded.getTrigger(name))));
    });

    it('an unknown function is a 404 naming it and the closest matches', async () => {
      const reply = await request(`${base}/functions/ZaddFeild`);
      assert.strictEqual(reply.status, 404);
      const body = json(reply);
      assert.strictEqual(body.status, 404);
      assert.strictEqual(body.name, 'ZaddFeild');
      assert.match(body.error, /ZaddFeild/);
      assert.ok(body.suggestions.includes('ZaddField'), JSON.stringify(body));
      assert.strictEqual(body.suggestions[0], 'ZaddField');
    });

    it('an unknown trigger is a 404 with suggestions; a far-off name gets none', async () => {
      const name = loaded.triggers[0].name;
      const typo = name.slice(0, -1);
      const body = json(await request(`${base}/triggers/${typo}`));
      assert.strictEqual(body.status, 404);
      assert.ok(body.suggestions.includes(name), JSON.stringify(body));
      const far = json(await request(`${base}/functions/qqqqqqqqqqqqqqqqqqqqqqqqqqq`));
      assert.deepStrictEqual(far.suggestions, []);
    });

    it('malformed percent-encoding in a record name is a 400', async () => {
      const reply = await request(`${base}/functions/%E0%A4%A`);
      assert.strictEqual(reply.status, 400);
      assert.strictEqual(json(reply).status, 400);
    });

    it('GET /healthz reports status, counts, source and load time, never cached', async () => {
      const reply = await request(`${base}/healthz`);
      assert.strictEqual(reply.status, 200);
      const body = json(reply);
      assert.strictEqual(body.status, 'ok');
      assert.strictEqual(body.functions, loaded.functions.length);
      assert.strictEqual(body.triggers, loaded.triggers.length);
      assert.strictEqual(body.source, REPO_CATALOG);
      assert.ok(!Number.isNaN(Date.parse(body.loadedAt)));
      assert.strictEqual(reply.headers['cache-control'], 'no-store');
    });

    it('GET /openapi.json is OpenAPI 3.1 describing every route; served data validates against its components', async () => {
      const reply = await request(`${base}/openapi.json`);
      assert.strictEqual(reply.status, 200);
      const doc = json(reply);
      assert.strictEqual(doc.openapi, '3.1.0');
      for (const route of [
        '/functions_list',
        '/functions_tag_list',
        '/triggers_list',
        '/triggers_tag_list',
        '/functions/{name}',
        '/triggers/{name}',
        '/openapi.json',
        '/healthz',
      ]) {
        assert.ok(doc.paths[route], `missing ${route}`);
        assert.ok(doc.paths[route].get && doc.paths[route].head && doc.paths[route].options, `methods of ${route}`);
      }
      const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
      ajv.addSchema(doc, 'openapi');
      const check = (component: string, value: unknown): void => {
        const validate = ajv.getSchema(`openapi#/components/schemas/${component}`);
        assert.ok(validate, `component ${component}`);
        assert.ok(validate(value), `${component}: ${ajv.errorsText(validate.errors)}`);
      };
      const components: Record<string, string> = {
        '/functions_list': 'FunctionList',
        '/functions_tag_list': 'FunctionTagList',
        '/triggers_list': 'TriggerList',
        '/triggers_tag_list': 'TriggerTagList',
      };
      for (const [route, component] of Object.entries(components)) check(component, json(await request(base + route)));
      check('FunctionRecord', json(await request(`${base}/functions/${loaded.functions[0].name}`)));
      check('TriggerRecord', json(await request(`${base}/triggers/${loaded.triggers[0].name}`)));
      check('Error', json(await request(`${base}/functions/Znope`)));
      check('Health', json(await request(`${base}/healthz`)));
      // And the component really is the catalog's schema: a broken record fails it.
      const validate = ajv.getSchema('openapi#/components/schemas/FunctionRecord')!;
      assert.strictEqual(validate({ name: 'Zx' }), false);
    });
  });

  describe('methods', () => {
    const routes = ['/functions_list', '/functions_tag_list', '/triggers_list', '/triggers_tag_list', '/openapi.json', '/healthz'];
    it('HEAD answers every GET route with the same headers and no body', async () => {
      const all = [...routes, `/functions/${loaded.functions[0].name}`, `/triggers/${loaded.triggers[0].name}`, '/functions/Znope', '/nope'];
      for (const route of all) {
        for (const encoding of ['identity', 'gzip', 'br']) {
          const headers = { 'accept-encoding': encoding };
          const get = await request(base + route, { headers });
          const head = await request(base + route, { method: 'HEAD', headers });
          assert.strictEqual(head.status, get.status, route);
          assert.strictEqual(head.body.length, 0, route);
          const strip = (h: http.IncomingHttpHeaders): http.IncomingHttpHeaders => {
            const { date: _date, ...rest } = h;
            return rest;
          };
          assert.deepStrictEqual(strip(head.headers), strip(get.headers), `${route} ${encoding}`);
        }
      }
    });

    it('OPTIONS answers the CORS preflight with 204', async () => {
      const reply = await request(`${base}/functions_list`, {
        method: 'OPTIONS',
        headers: { origin: 'http://example.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match, x-tool' },
      });
      assert.strictEqual(reply.status, 204);
      assert.strictEqual(reply.body.length, 0);
      assert.strictEqual(reply.headers['access-control-allow-origin'], '*');
      assert.match(String(reply.headers['access-control-allow-methods']), /GET/);
      assert.match(String(reply.headers['access-control-allow-methods']), /HEAD/);
      assert.strictEqual(reply.headers['access-control-allow-headers'], 'if-none-match, x-tool');
      assert.ok(Number(reply.headers['access-control-max-age']) > 0);
      assert.strictEqual(reply.headers.allow, 'GET, HEAD, OPTIONS');
      const plain = await request(`${base}/functions/${loaded.functions[0].name}`, { method: 'OPTIONS' });
      assert.strictEqual(plain.status, 204);
      assert.ok(plain.headers['access-control-allow-headers']);
    });

    it('OPTIONS on an unknown path is a 404; OPTIONS * lists the methods', async () => {
      assert.strictEqual((await request(`${base}/nope`, { method: 'OPTIONS' })).status, 404);
      const star = await rawExchange(port, 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      assert.match(star, /^HTTP\/1\.1 204/);
      assert.match(star, /Allow: GET, HEAD, OPTIONS/i);
    });

    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      it(`${method} is a 405 with Allow`, async () => {
        const reply = await request(`${base}/functions_list`, { method });
        assert.strictEqual(reply.status, 405);
        assert.strictEqual(reply.headers.allow, 'GET, HEAD, OPTIONS');
        assert.deepStrictEqual(Object.keys(json(reply)).sort(), ['error', 'status']);
        assert.strictEqual(json(reply).status, 405);
      });
    }
  });

  describe('errors and paths', () => {
    it('an unknown path is a 404 with { error, status }', async () => {
      const reply = await request(`${base}/nope`);
      assert.strictEqual(reply.status, 404);
      assert.strictEqual(reply.headers['content-type'], 'application/json; charset=utf-8');
      const body = json(reply);
      assert.strictEqual(body.status, 404);
      assert.strictEqual(typeof body.error, 'string');
    });

    it('a malformed request line is answered 400 (JSON, CORS) and the connection closed', async () => {
      const answer = await rawExchange(port, 'THIS IS NOT HTTP\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 400 Bad Request\r\n/);
      assert.match(answer, /Access-Control-Allow-Origin: \*/);
      assert.match(answer, /Connection: close/);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      assert.strictEqual(body.status, 400);
    });

    it('a malformed header line is a 400', async () => {
      const answer = await rawExchange(port, 'GET /functions_list HTTP/1.1\r\nHost: x\r\nbad header without colon\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 400 /);
    });

    it('a request target that is not a path is a 400; absolute-form is accepted', async () => {
      const relative = await rawExchange(port, 'GET functions_list HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      assert.match(relative, /^HTTP\/1\.1 400 /);
      assert.match(relative, /Access-Control-Allow-Origin: \*/);
      const absolute = await rawExchange(port, `GET http://127.0.0.1:${port}/healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      assert.match(absolute, /^HTTP\/1\.1 200 /);
    });

    it('headers beyond the size cap are a 431', async () => {
      const answer = await rawExchange(port, `GET /functions_list HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      assert.match(answer, /^HTTP\/1\.1 431 /);
      assert.match(answer, /Access-Control-Allow-Origin: \*/);
    });

    it('query strings are ignored', async () => {
      const plain = await request(`${base}/functions_list`);
      const query = await request(`${base}/functions_list?tag=math&x=%2e%2e`);
      assert.strictEqual(query.status, 200);
      assert.strictEqual(query.headers.etag, plain.headers.etag);
      assert.ok(query.body.equals(plain.body));
      assert.strictEqual((await request(`${base}/healthz?verbose=1`)).status, 200);
      assert.strictEqual((await request(`${base}/functions/${loaded.functions[0].name}?x=1`)).status, 200);
    });

    for (const target of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E%2Fpackage.json',
      '/functions/../../package.json',
      '/functions/%2e%2e%2f%2e%2e%2fpackage.json',
      '/catalog/functions.json',
      '/functions.json',
      '//etc/passwd',
      '/functions_list/',
      '/FUNCTIONS_LIST',
    ]) {
      it(`path ${target} is a 404 (no file-system access)`, async () => {
        const answer = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        assert.match(answer, /^HTTP\/1\.1 404 /, answer.slice(0, 200));
        const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
        assert.strictEqual(body.status, 404);
        assert.doesNotMatch(answer, /"name":"zscript"/);
      });
    }

    it('an HTTP/1.1 request without Host is a 400', async () => {
      const answer = await rawExchange(port, 'GET /functions_list HTTP/1.1\r\nConnection: close\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 400 /);
    });

    it('every response carries Access-Control-Allow-Origin: *', async () => {
      const etag = (await request(`${base}/functions_list`)).headers.etag!;
      const replies = [
        await request(`${base}/functions_list`),
        await request(`${base}/functions_list`, { method: 'HEAD' }),
        await request(`${base}/functions_list`, { headers: { 'if-none-match': etag } }),
        await request(`${base}/functions_list`, { method: 'OPTIONS' }),
        await request(`${base}/functions_list`, { method: 'POST' }),
        await request(`${base}/nope`),
        await request(`${base}/functions/Znope`),
        await request(`${base}/functions/%E0%A4%A`),
        await request(`${base}/healthz`),
        await request(`${base}/openapi.json`, { headers: { 'accept-encoding': 'br' } }),
      ];
      assert.deepStrictEqual(
        replies.map((r) => r.status),
        [200, 200, 304, 204, 405, 404, 404, 400, 200, 200],
      );
      for (const reply of replies) assert.strictEqual(reply.headers['access-control-allow-origin'], '*', String(reply.status));
    });
  });

  describe('caching', () => {
    it('strong ETag; If-None-Match answers 304 without a body', async () => {
      const first = await request(`${base}/functions_list`);
      const etag = first.headers.etag!;
      assert.match(etag, /^"[^"]+"$/);
      assert.strictEqual(first.headers['cache-control'], 'public, max-age=60, must-revalidate');
      const again = await request(`${base}/functions_list`, { headers: { 'if-none-match': etag } });
      assert.strictEqual(again.status, 304);
      assert.strictEqual(again.body.length, 0);
      assert.strictEqual(again.headers.etag, etag);
      assert.strictEqual(again.headers['cache-control'], first.headers['cache-control']);
      assert.strictEqual(again.headers.vary, 'Accept-Encoding');
      assert.strictEqual((await request(`${base}/functions_list`, { headers: { 'if-none-match': `"other", W/${etag}` } })).status, 304);
      assert.strictEqual((await request(`${base}/functions_list`, { headers: { 'if-none-match': '*' } })).status, 304);
      assert.strictEqual((await request(`${base}/functions_list`, { headers: { 'if-none-match': '"other"' } })).status, 200);
      assert.strictEqual((await request(`${base}/functions_list`, { method: 'HEAD', headers: { 'if-none-match': etag } })).status, 304);
    });

    it('the ETag differs per encoding and only matches its own variant', async () => {
      const identity = await request(`${base}/functions_list`);
      const gz = await request(`${base}/functions_list`, { headers: { 'accept-encoding': 'gzip' } });
      const br = await request(`${base}/functions_list`, { headers: { 'accept-encoding': 'br' } });
      const tags = new Set([identity.headers.etag, gz.headers.etag, br.headers.etag]);
      assert.strictEqual(tags.size, 3);
      const cross = await request(`${base}/functions_list`, { headers: { 'if-none-match': identity.headers.etag!, 'accept-encoding': 'gzip' } });
      assert.strictEqual(cross.status, 200);
      assert.strictEqual(cross.headers['content-encoding'], 'gzip');
      const same = await request(`${base}/functions_list`, { headers: { 'if-none-match': gz.headers.etag!, 'accept-encoding': 'gzip' } });
      assert.strictEqual(same.status, 304);
    });

    it('Last-Modified and If-Modified-Since', async () => {
      const first = await request(`${base}/triggers_list`);
      const lastModified = first.headers['last-modified']!;
      assert.ok(!Number.isNaN(Date.parse(lastModified)));
      assert.strictEqual((await request(`${base}/triggers_list`, { headers: { 'if-modified-since': lastModified } })).status, 304);
      const later = new Date(Date.parse(lastModified) + 3_600_000).toUTCString();
      assert.strictEqual((await request(`${base}/triggers_list`, { headers: { 'if-modified-since': later } })).status, 304);
      const earlier = new Date(Date.parse(lastModified) - 3_600_000).toUTCString();
      assert.strictEqual((await request(`${base}/triggers_list`, { headers: { 'if-modified-since': earlier } })).status, 200);
      assert.strictEqual((await request(`${base}/triggers_list`, { headers: { 'if-modified-since': 'not a date' } })).status, 200);
      // If-None-Match takes precedence over If-Modified-Since.
      const both = await request(`${base}/triggers_list`, { headers: { 'if-modified-since': later, 'if-none-match': '"other"' } });
      assert.strictEqual(both.status, 200);
    });
  });

  describe('content coding', () => {
    for (const route of ['/functions_list', '/functions_tag_list', '/triggers_list', '/triggers_tag_list']) {
      it(`${route}: gzip and br decompress to the file's JSON`, async () => {
        const file = repoData(LIST_ROUTES.find((r) => r[0] === route)![1]);
        const gz = await request(base + route, { headers: { 'accept-encoding': 'gzip' } });
        assert.strictEqual(gz.headers['content-encoding'], 'gzip');
        assert.strictEqual(gz.headers.vary, 'Accept-Encoding');
        assert.strictEqual(Number(gz.headers['content-length']), gz.body.length);
        assert.deepStrictEqual(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8')), file);
        const br = await request(base + route, { headers: { 'accept-encoding': 'br' } });
        assert.strictEqual(br.headers['content-encoding'], 'br');
        assert.strictEqual(br.headers.vary, 'Accept-Encoding');
        assert.deepStrictEqual(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8')), file);
        const identity = await request(base + route);
        assert.strictEqual(identity.headers['content-encoding'], undefined);
        assert.strictEqual(identity.headers.vary, 'Accept-Encoding');
        assert.ok(br.body.length < identity.body.length && gz.body.length < identity.body.length);
      });
    }

    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1.0, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
      ['*;q=0.5, br;q=0.1', 'gzip'],
      ['identity', undefined],
      ['identity;q=1, gzip;q=0.9', undefined],
      ['x-gzip', 'gzip'],
      ['GZIP', 'gzip'],
      // An invalid q-value drops the element; identity (implicitly q=1) then beats gzip;q=0.3.
      ['br;q=2, gzip;q=0.3', undefined],
      ['br;q=0.2, gzip;q=0.3, identity;q=0.1', 'gzip'],
      ['compress', undefined],
      ['', undefined],
    ];
    for (const [header, expected] of cases) {
      it(`Accept-Encoding ${JSON.stringify(header)} → ${expected ?? 'identity'}`, async () => {
        const reply = await request(`${base}/functions_list`, { headers: { 'accept-encoding': header } });
        assert.strictEqual(reply.status, 200);
        assert.strictEqual(reply.headers['content-encoding'], expected);
      });
    }
  });

  describe('connections', () => {
    it('keep-alive: two requests on one socket', async () => {
      const answer = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /triggers_tag_list HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const statuses = answer.match(/HTTP\/1\.1 \d{3}/g);
      assert.deepStrictEqual(statuses, ['HTTP/1.1 200', 'HTTP/1.1 200']);
      assert.match(answer, /Connection: keep-alive/i);
    });

    it('keep-alive: an agent reuses its socket', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const sockets = new Set<unknown>();
        for (let i = 0; i < 3; i++) {
          await new Promise<void>((resolve, reject) => {
            const req = http.get(`${base}/functions_list`, { agent }, (res) => {
              sockets.add(res.socket);
              res.resume();
              res.on('end', resolve);
            });
            req.on('error', reject);
          });
        }
        assert.strictEqual(sockets.size, 1);
      } finally {
        agent.destroy();
      }
    });

    it('logs one access line per request', async () => {
      const before = logLines.length;
      await request(`${base}/functions_list?from=log-test`);
      await waitForLog(() => logLines.length > before);
      const line = logLines.slice(before).find((l) => l.includes('from=log-test'));
      assert.ok(line, logLines.slice(before).join('\n'));
      assert.match(line, /"GET \/functions_list\?from=log-test HTTP\/1\.1" 200 \d+/);
    });

    it('the access line gives the body bytes sent and their coding', async () => {
      const before = logLines.length;
      const plain = await request(`${base}/functions_list?from=log-plain`);
      const gzip = await request(`${base}/functions_list?from=log-gzip`, { headers: { 'accept-encoding': 'gzip' } });
      const head = await request(`${base}/functions_list?from=log-head`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
      await waitForLog(() => logLines.length >= before + 3);
      const lineOf = (tag: string) =>
        logLines
          .slice(before)
          .flatMap((batch) => batch.split('\n'))
          .find((l) => l.includes(`from=${tag}`)) ?? '';
      assert.ok(lineOf('log-plain').endsWith(` 200 ${plain.body.length} identity`), lineOf('log-plain'));
      assert.strictEqual(gzip.headers['content-encoding'], 'gzip');
      assert.ok(lineOf('log-gzip').endsWith(` 200 ${gzip.body.length} gzip`), lineOf('log-gzip'));
      assert.strictEqual(head.headers['content-encoding'], 'br');
      assert.ok(lineOf('log-head').endsWith(' 200 0 br'), lineOf('log-head'));
    });
  });
});

async function waitForLog(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('http: timeouts, quiet mode and stopping (real socket)', () => {
  it('a stalled request head is answered 408 and closed (headersTimeout)', async () => {
    const server = await serveCatalog({
      port: 0,
      catalogDir: REPO_CATALOG,
      watch: false,
      quiet: true,
      headersTimeoutMs: 200,
      requestTimeoutMs: 300,
      log: () => {},
    });
    try {
      // Bounded: the helper gives up after 8 s; the server should close well before.
      const answer = await rawExchange(server.address().port, 'GET /functions_list HTTP/1.1\r\nHost: x\r\n', { timeoutMs: 8_000 });
      assert.match(answer, /^HTTP\/1\.1 408 /);
    } finally {
      await server.stop();
    }
  });

  it('quiet: no access log', async () => {
    const lines: string[] = [];
    const server = await serveCatalog({ port: 0, catalogDir: REPO_CATALOG, watch: false, quiet: true, log: (l) => lines.push(l) });
    try {
      await request(`${server.url}/functions_list`);
      await request(`${server.url}/nope`);
    } finally {
      await server.stop();
    }
    assert.deepStrictEqual(lines, []);
  });

  it('buffers the access log: several lines in one write, all of them written by stop()', async () => {
    const writes: string[] = [];
    const written = (): readonly string[] => writes;
    // A flush interval far beyond the test: only stop() can write the lines.
    const server = await serveCatalog({ port: 0, catalogDir: REPO_CATALOG, watch: false, accessLog: { flushMs: 3_600_000 }, log: (l) => writes.push(l) });
    try {
      await request(`${server.url}/functions_list`);
      await request(`${server.url}/nope`);
      await request(`${server.url}/healthz`);
      assert.deepStrictEqual(writes, [], 'nothing written before the buffer fills or the interval passes');
    } finally {
      await server.stop();
    }
    assert.strictEqual(written().length, 1, writes.join('\n---\n'));
    const lines = written()[0].split('\n');
    assert.strictEqual(lines.length, 3);
    assert.match(lines[0], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ 127\.0\.0\.1 "GET \/functions_list HTTP\/1\.1" 200 \d+ identity$/);
    assert.match(lines[1], /"GET \/nope HTTP\/1\.1" 404 /);
    assert.match(lines[2], /"GET \/healthz HTTP\/1\.1" 200 /);
  });

  it('each access line names its own request and answer when consecutive requests repeat or change parts of them', async () => {
    // The line's repeated parts are reused between requests: each change (route, method, version, answer) must show.
    const writes: string[] = [];
    const server = await serveCatalog({ port: 0, catalogDir: REPO_CATALOG, watch: false, accessLog: { flushMs: 3_600_000 }, log: (l) => writes.push(l) });
    const port = server.address().port;
    const gzipBytes = (await request(`${server.url}/functions_list`, { headers: { 'accept-encoding': 'gzip' } })).body.length;
    const plainBytes = (await request(`${server.url}/functions_list`)).body.length;
    try {
      await request(`${server.url}/functions_list`, { headers: { 'accept-encoding': 'gzip' } });
      await request(`${server.url}/functions_list`, { headers: { 'accept-encoding': 'gzip' } });
      await request(`${server.url}/functions_list`);
      await request(`${server.url}/functions_list`, { method: 'HEAD' });
      await request(`${server.url}/nope`);
      await rawExchange(port, 'GET /functions_list HTTP/1.0\r\n\r\n', { timeoutMs: 8_000 });
      await request(`${server.url}/functions_list`);
    } finally {
      await server.stop();
    }
    const lines = writes
      .join('\n')
      .split('\n')
      .slice(2)
      .map((l) => l.replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /, 'T '));
    const notFound = lines[4].match(/ 404 (\d+) /)?.[1];
    assert.deepStrictEqual(lines, [
      `T 127.0.0.1 "GET /functions_list HTTP/1.1" 200 ${gzipBytes} gzip`,
      `T 127.0.0.1 "GET /functions_list HTTP/1.1" 200 ${gzipBytes} gzip`,
      `T 127.0.0.1 "GET /functions_list HTTP/1.1" 200 ${plainBytes} identity`,
      'T 127.0.0.1 "HEAD /functions_list HTTP/1.1" 200 0 identity',
      `T 127.0.0.1 "GET /nope HTTP/1.1" 404 ${notFound} identity`,
      `T 127.0.0.1 "GET /functions_list HTTP/1.0" 200 ${plainBytes} identity`,
      `T 127.0.0.1 "GET /functions_list HTTP/1.1" 200 ${plainBytes} identity`,
    ]);
    assert.ok(Number(notFound) > 0);
  });

  it('writes the access log as soon as its buffer is full', async () => {
    const writes: string[] = [];
    const server = await serveCatalog({
      port: 0,
      catalogDir: REPO_CATALOG,
      watch: false,
      accessLog: { bytes: 1, flushMs: 3_600_000 },
      log: (l) => writes.push(l),
    });
    try {
      await request(`${server.url}/functions_list`);
      await request(`${server.url}/healthz`);
      // Each line fills a one-byte buffer: written on its own, before stop().
      const deadline = Date.now() + 10_000;
      while (writes.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.strictEqual(writes.length, 2, writes.join('\n---\n'));
      assert.match(writes[1], /"GET \/healthz HTTP\/1\.1" 200 /);
    } finally {
      await server.stop();
    }
  });

  it('stop() closes idle keep-alive sockets and resolves; the port is released', async () => {
    const server = await serveCatalog({ port: 0, catalogDir: REPO_CATALOG, watch: false, quiet: true });
    const agent = new http.Agent({ keepAlive: true });
    const closed = new Promise<void>((resolve) => {
      const req = http.get(`${server.url}/healthz`, { agent }, (res) => res.resume());
      req.on('socket', (socket) => socket.once('close', () => resolve()));
    });
    await new Promise((r) => setTimeout(r, 50));
    await server.stop();
    await closed;
    agent.destroy();
    await assert.rejects(request(`${server.url}/healthz`));
  });

  it('library API: address(), url, catalog, a second server on a taken port rejects with a one-line message', async () => {
    const server = await serveCatalog({ port: 0, catalogDir: REPO_CATALOG, watch: false, quiet: true });
    try {
      const { host, port } = server.address();
      assert.strictEqual(host, '127.0.0.1');
      assert.strictEqual(server.url, `http://127.0.0.1:${port}`);
      assert.ok(server.catalog.functions.length > 0);
      await assert.rejects(serveCatalog({ port, catalogDir: REPO_CATALOG, watch: false, quiet: true }), (error: Error) => {
        assert.match(error.message, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`));
        assert.ok(!error.message.includes('\n'));
        return true;
      });
    } finally {
      await server.stop();
    }
  });

  it('without catalogDir it serves the package catalog folder', async () => {
    const server = await serveCatalog({ port: 0, watch: false, quiet: true });
    try {
      const health = json(await request(`${server.url}/healthz`));
      assert.strictEqual(health.source, REPO_CATALOG);
    } finally {
      await server.stop();
    }
  });
});

describe('http: compressing before listening (the standalone server)', () => {
  it('serves the same bytes and ETags in every coding as a server that compressed on the thread pool', async () => {
    const pooled = await serveCatalog({ port: 0, catalogDir: REPO_CATALOG, watch: false, quiet: true, log: () => {} });
    const blocking = await serveCatalog({ port: 0, catalogDir: REPO_CATALOG, watch: false, quiet: true, log: () => {}, compressBeforeListening: true });
    try {
      for (const route of ['/functions_list', '/triggers_list', '/', `/functions/${encodeURIComponent(pooled.catalog.functions[0].name)}`]) {
        for (const coding of ['identity', 'gzip', 'br']) {
          const headers = { 'accept-encoding': coding };
          const [a, b] = await Promise.all([request(pooled.url + route, { headers }), request(blocking.url + route, { headers })]);
          assert.strictEqual(b.status, 200, `${route} ${coding}`);
          assert.strictEqual(b.headers['content-encoding'], a.headers['content-encoding'], `${route} ${coding}`);
          assert.strictEqual(b.headers.etag, a.headers.etag, `${route} ${coding}`);
          assert.ok(b.body.equals(a.body), `${route} ${coding}: the bodies differ`);
        }
      }
    } finally {
      await pooled.stop();
      await blocking.stop();
    }
  });
});
