/** Live reload: a changed catalog is served after validation; a bad or half-written file never is. */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { type CatalogServer, serveCatalog } from '../../server/src/http';
import { json, removeDir, repoData, request, tempCatalog, waitFor } from './helpers';

type Fn = { name: string; description: string; syntax: string; example: string; [key: string]: unknown };

describe('http: live reload of the catalog directory (real socket)', () => {
  let dir: string;
  let server: CatalogServer;
  let lines: string[];
  const functionsFile = (): string => path.join(dir, 'functions.json');

  beforeEach(async () => {
    dir = tempCatalog();
    lines = [];
    server = await serveCatalog({ port: 0, catalogDir: dir, quiet: true, debounceMs: 20, pollMs: 100, log: (l) => lines.push(l) });
  });
  afterEach(async () => {
    await server?.stop();
    removeDir(dir);
  });

  async function firstDescription(): Promise<string> {
    return json(await request(`${server.url}/functions_list`))[0].description;
  }

  it('rewriting functions.json is picked up by the watcher, in every encoding and route', async () => {
    const functions = repoData('functions.json') as Fn[];
    const etagBefore = (await request(`${server.url}/functions_list`)).headers.etag;
    functions[0] = { ...functions[0], description: 'Changed by the reload test.' };
    fs.writeFileSync(functionsFile(), JSON.stringify(functions, null, 2));
    await waitFor(async () => (await firstDescription()) === 'Changed by the reload test.', 'the reloaded catalog');
    const gz = await request(`${server.url}/functions_list`, { headers: { 'accept-encoding': 'gzip' } });
    assert.strictEqual(JSON.parse(zlib.gunzipSync(gz.body).toString())[0].description, 'Changed by the reload test.');
    const br = await request(`${server.url}/functions_list`, { headers: { 'accept-encoding': 'br' } });
    assert.strictEqual(JSON.parse(zlib.brotliDecompressSync(br.body).toString())[0].description, 'Changed by the reload test.');
    const one = json(await request(`${server.url}/functions/${functions[0].name}`));
    assert.strictEqual(one.description, 'Changed by the reload test.');
    assert.notStrictEqual((await request(`${server.url}/functions_list`)).headers.etag, etagBefore);
    assert.strictEqual(server.catalog.functions[0].description, 'Changed by the reload test.');
    assert.ok(
      lines.some((l) => l.startsWith('catalog reloaded from')),
      lines.join('\n'),
    );
  });

  it('a catalog with more functions is accepted and served, records included', async () => {
    const functions = repoData('functions.json') as Fn[];
    const extra = {
      ...functions[0],
      name: 'ZbrandNewFunction',
      syntax: functions[0].syntax.replace(functions[0].name, 'ZbrandNewFunction'),
      example: functions[0].example.split(functions[0].name).join('ZbrandNewFunction'),
    };
    fs.writeFileSync(functionsFile(), JSON.stringify([...functions, extra]));
    const result = await server.reload();
    assert.ok(result.ok, JSON.stringify(result));
    assert.strictEqual(json(await request(`${server.url}/functions_list`)).length, functions.length + 1);
    assert.strictEqual((await request(`${server.url}/functions/ZbrandNewFunction`)).status, 200);
    assert.strictEqual(json(await request(`${server.url}/healthz`)).functions, functions.length + 1);
  });

  it('invalid JSON is logged; the last good catalog keeps being served; healthz says degraded', async () => {
    const good = await request(`${server.url}/functions_list`);
    fs.writeFileSync(functionsFile(), '{ this is not json');
    const result = await server.reload();
    assert.strictEqual(result.ok, false);
    assert.match(!result.ok ? result.error : '', /functions\.json/);
    const after = await request(`${server.url}/functions_list`);
    assert.strictEqual(after.status, 200);
    assert.ok(after.body.equals(good.body));
    assert.strictEqual(after.headers.etag, good.headers.etag);
    const line = lines.find((l) => l.startsWith('catalog reload failed'));
    assert.ok(line, lines.join('\n'));
    assert.match(line, /functions\.json: is not valid JSON/);
    assert.match(line, /still serving/);
    const health = json(await request(`${server.url}/healthz`));
    assert.strictEqual(health.status, 'degraded');
    assert.match(health.lastReloadError, /functions\.json/);
  });

  it('a valid JSON file of the wrong shape is rejected by the loader and not served', async () => {
    const good = await request(`${server.url}/triggers_list`);
    fs.writeFileSync(path.join(dir, 'triggers.json'), JSON.stringify([{ name: 'onSomething' }]));
    const result = await server.reload();
    assert.strictEqual(result.ok, false);
    assert.match(!result.ok ? result.error : '', /triggers\.json/);
    assert.ok((await request(`${server.url}/triggers_list`)).body.equals(good.body));
  });

  it('a half-written file seen by the watcher is never served; the completed file is', async () => {
    const good = await request(`${server.url}/functions_list`);
    const functions = repoData('functions.json') as Fn[];
    functions[0] = { ...functions[0], description: 'Written in two halves.' };
    const text = JSON.stringify(functions, null, 2);
    const fd = fs.openSync(functionsFile(), 'w');
    try {
      fs.writeSync(fd, text.slice(0, Math.floor(text.length / 2)));
      fs.fsyncSync(fd);
      // The watcher (or the poll) must notice and reject the half file.
      await waitFor(() => lines.some((l) => l.startsWith('catalog reload failed')), 'the failed reload of the half-written file');
      const during = await request(`${server.url}/functions_list`);
      assert.ok(during.body.equals(good.body), 'the last good catalog is served while the file is half-written');
      assert.match(lines.find((l) => l.startsWith('catalog reload failed'))!, /functions\.json/);
      fs.writeSync(fd, text.slice(Math.floor(text.length / 2)));
    } finally {
      fs.closeSync(fd);
    }
    await waitFor(async () => (await firstDescription()) === 'Written in two halves.', 'the completed file to be served');
    assert.strictEqual(json(await request(`${server.url}/healthz`)).status, 'ok');
  });

  it('an editor-style atomic replace (write temp, rename over) is picked up', async () => {
    const functions = repoData('functions.json') as Fn[];
    functions[0] = { ...functions[0], description: 'Renamed into place.' };
    const temp = path.join(dir, '.functions.json.swp');
    fs.writeFileSync(temp, JSON.stringify(functions));
    fs.renameSync(temp, functionsFile());
    await waitFor(async () => (await firstDescription()) === 'Renamed into place.', 'the renamed file to be served');
  });

  it('a deleted file is reported and the last good catalog stays', async () => {
    const good = await request(`${server.url}/triggers_tag_list`);
    fs.unlinkSync(path.join(dir, 'triggers_tag.json'));
    await waitFor(() => lines.some((l) => l.startsWith('catalog reload failed') && l.includes('triggers_tag.json')), 'the failed reload');
    assert.ok((await request(`${server.url}/triggers_tag_list`)).body.equals(good.body));
  });

  it('requests during a reload are all answered with one complete catalog or the other', async () => {
    const functions = repoData('functions.json') as Fn[];
    const before = (await request(`${server.url}/functions_list`)).body;
    functions[0] = { ...functions[0], description: 'Concurrent reload.' };
    fs.writeFileSync(functionsFile(), JSON.stringify(functions));
    const reloading = server.reload();
    const replies = await Promise.all(Array.from({ length: 30 }, () => request(`${server.url}/functions_list`, { headers: { 'accept-encoding': 'gzip' } })));
    await reloading;
    for (const reply of replies) {
      const list = JSON.parse(zlib.gunzipSync(reply.body).toString()) as Fn[];
      assert.strictEqual(list.length, functions.length);
      assert.ok(['Concurrent reload.', JSON.parse(before.toString())[0].description].includes(list[0].description));
    }
  });
});

describe('http: starting on a bad catalog directory', () => {
  it('rejects with a one-line message naming the file', async () => {
    const dir = tempCatalog({ 'functions_tag.json': '[{"tag": 1}]' });
    try {
      await assert.rejects(serveCatalog({ port: 0, catalogDir: dir, quiet: true }), (error: Error) => {
        assert.match(error.message, /functions_tag\.json/);
        assert.ok(!error.message.includes('\n'));
        return true;
      });
    } finally {
      removeDir(dir);
    }
  });
});
