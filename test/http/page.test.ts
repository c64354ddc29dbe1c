/**
 * The catalog reference page at `/`, over a real socket (no browser): one
 * self-contained HTML document with a section per function and trigger,
 * parameter tables, examples and tags, escaped catalog text, a CSP that allows
 * its one inline script, and compressed variants. The browser behaviour
 * (filtering, reading without JavaScript) is in page-browser.test.ts.
 */
import * as assert from 'node:assert';
import { createHash } from 'node:crypto';
import * as zlib from 'node:zlib';
import { type CatalogServer, serveCatalog } from '../../server/src/http';
import { removeDir, repoData, request, tempCatalog } from './helpers';

type Fn = { name: string; description: string; syntax: string; example: string; arguments: { name: string; type: string; default?: string }[] };

describe('http: the catalog reference page at /', () => {
  let server: CatalogServer;
  let html: string;
  let csp: string;

  before(async () => {
    server = await serveCatalog({ port: 0, quiet: true, watch: false });
    const reply = await request(`${server.url}/`);
    assert.strictEqual(reply.status, 200);
    assert.strictEqual(reply.headers['content-type'], 'text/html; charset=utf-8');
    html = reply.body.toString('utf8');
    csp = String(reply.headers['content-security-policy']);
  });
  after(async () => server.stop());

  it('has a section per function with syntax, parameter table (types, defaults), example and tags', () => {
    const functions = repoData('functions.json') as Fn[];
    for (const fn of functions) assert.ok(html.includes(`<section class="entry" id="fn-${fn.name}"`), fn.name);
    const button = html.slice(html.indexOf('id="fn-ZaddButton"'), html.indexOf('</section>', html.indexOf('id="fn-ZaddButton"')));
    assert.match(button, /<th>Parameter<\/th><th>Type<\/th><th>Required<\/th><th>Default<\/th>/);
    assert.match(button, /<tr><td><code>style<\/code><\/td><td>string<\/td><td>no<\/td><td><code>secondary<\/code><\/td><\/tr>/);
    assert.match(button, /<tr><td><code>customID<\/code><\/td><td>string<\/td><td>yes<\/td><td><span class="muted">none<\/span><\/td><\/tr>/);
    assert.match(button, /<pre><code>ZaddButton\{/, 'the syntax');
    assert.match(button, /<p>Example:<\/p><pre><code>/);
    assert.match(button, /Tags: <a href="#ftag-embeds-components-reactions">Embed, components and reactions<\/a>/);
  });

  it('has a section per trigger with its context, and the tag indexes', () => {
    const triggers = repoData('triggers.json') as { name: string }[];
    for (const t of triggers) assert.ok(html.includes(`id="tr-${t.name}"`), t.name);
    assert.match(html, /<pre><code>#trigger onBanAdd<\/code><\/pre><table><thead><tr><th>Context<\/th>/);
    for (const tag of repoData('functions_tag.json') as { tag: string }[]) assert.ok(html.includes(`id="ftag-${tag.tag}"`), tag.tag);
    for (const tag of repoData('triggers_tag.json') as { tag: string }[]) assert.ok(html.includes(`id="ttag-${tag.tag}"`), tag.tag);
  });

  it('every in-page link has its target, and every route it links to answers 200', async () => {
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const hrefs = [...html.matchAll(/ href="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(hrefs.length > 1000);
    const routes = new Set<string>();
    for (const href of hrefs) {
      if (href.startsWith('#')) assert.ok(ids.has(href.slice(1)), `${href} has a target`);
      else {
        assert.match(href, /^\/[^/]/, `${href} is a route of this server`);
        routes.add(href);
      }
    }
    for (const route of routes) assert.strictEqual((await request(`${server.url}${route}`)).status, 200, route);
  });

  it('is self-contained: no external scripts, styles, images or fonts', () => {
    assert.doesNotMatch(html, /<script[^>]+src=/i);
    assert.doesNotMatch(html, /<link\b/i);
    assert.doesNotMatch(html, /<img\b/i);
    assert.doesNotMatch(html, /url\(/i);
    assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//i);
    assert.match(html, /^<!doctype html><html lang="en">/);
  });

  it("the CSP allows exactly the page's inline script, by its hash", () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    assert.strictEqual(scripts.length, 1);
    const hash = createHash('sha256').update(scripts[0]).digest('base64');
    assert.ok(csp.includes(`script-src 'sha256-${hash}'`), csp);
    assert.match(csp, /default-src 'none'/);
  });

  it('is described in /openapi.json', async () => {
    const doc = JSON.parse((await request(`${server.url}/openapi.json`)).body.toString('utf8'));
    assert.ok(doc.paths['/'].get.responses['200'].content['text/html']);
  });

  it('is readable without JavaScript: the filter box is hidden until the script shows it, sections are plain HTML', () => {
    assert.match(html, /<input id="q" type="search"[^>]* hidden>/);
    assert.match(html, /<p id="nojs" class="muted">/);
  });

  it('is served compressed (brotli and gzip) with a validator, and revalidates with 304', async () => {
    const br = await request(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    assert.strictEqual(br.headers['content-encoding'], 'br');
    assert.strictEqual(zlib.brotliDecompressSync(br.body).toString('utf8'), html);
    assert.ok(br.body.length < html.length / 5, `brotli ${br.body.length} bytes of ${html.length}`);
    const gz = await request(`${server.url}/`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.strictEqual(zlib.gunzipSync(gz.body).toString('utf8'), html);
    const again = await request(`${server.url}/`, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) } });
    assert.strictEqual(again.status, 304);
  });

  it('escapes catalog text (a description with markup stays text)', async () => {
    const functions = repoData('functions.json') as Fn[];
    functions[0] = { ...functions[0], description: 'Makes <b>bold</b> & "quoted" text <script>alert(1)</script>' };
    const dir = tempCatalog({ 'functions.json': JSON.stringify(functions) });
    const other = await serveCatalog({ port: 0, quiet: true, watch: false, catalogDir: dir });
    try {
      const page = (await request(`${other.url}/`)).body.toString('utf8');
      assert.ok(page.includes('Makes &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; text &lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.strictEqual([...page.matchAll(/<script>/g)].length, 1);
    } finally {
      await other.stop();
      removeDir(dir);
    }
  });
});
