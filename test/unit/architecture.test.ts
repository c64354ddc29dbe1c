/**
 * The layering of ARCHITECTURE.md, checked on the sources: every relative
 * import of a server module goes to its own layer or one before it, and the
 * language service never imports the protocol library.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER = path.join(ROOT, 'server', 'src');

/** Layers in order; a module may import its own layer and those before it. */
const LAYERS = ['base', 'catalog', 'language', 'syntax', 'analysis', 'features', 'service', 'protocol'];

function layerOf(file: string): string {
  const rel = path.relative(SERVER, file).split(path.sep);
  if (rel.length === 1) return rel[0] === 'service.ts' ? 'service' : 'protocol';
  if (['lsp', 'http', 'bin'].includes(rel[0])) return 'protocol';
  return rel[0];
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(full));
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)) found.push(m[1]);
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) found.push(m[1]);
  return found;
}

describe('architecture: layering', () => {
  const files = sources(SERVER);

  it('finds the server sources', () => assert.ok(files.length > 50, `${files.length}`));

  it('no module imports a layer after its own', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(SERVER + path.sep)) continue; // catalog/*.json and package.json are data
        const isDir = fs.existsSync(target) && fs.statSync(target).isDirectory();
        const to = layerOf(isDir ? path.join(target, 'index.ts') : target.endsWith('.ts') ? target : `${target}.ts`);
        if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) violations.push(`${path.relative(ROOT, file)} (${from}) imports ${spec} (${to})`);
      }
    }
    assert.deepStrictEqual(violations, []);
  });

  it('the language service uses the protocol types only, never the connection library', () => {
    const violations: string[] = [];
    for (const file of files) {
      if (layerOf(file) === 'protocol') continue;
      for (const spec of importsOf(file))
        if (spec.startsWith('vscode-languageserver/') || spec === 'vscode-languageserver') violations.push(`${path.relative(ROOT, file)} imports ${spec}`);
    }
    assert.deepStrictEqual(violations, []);
  });

  it('http/ depends on the catalog only', () => {
    const violations: string[] = [];
    for (const file of files.filter((f) => path.relative(SERVER, f).startsWith(`http${path.sep}`))) {
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(SERVER, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
        if (!['http', 'catalog', '..'].includes(target) && !target.startsWith('package')) violations.push(`${path.relative(ROOT, file)} imports ${spec}`);
      }
    }
    assert.deepStrictEqual(violations, []);
  });

  it('the extension is a thin client: it imports no server module', () => {
    const client = sources(path.join(ROOT, 'client', 'src'));
    const violations = client.flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.includes('server/'))
        .map((spec) => `${path.relative(ROOT, file)} imports ${spec}`),
    );
    assert.deepStrictEqual(violations, []);
  });
});
