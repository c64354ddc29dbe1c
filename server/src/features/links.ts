/**
 * Document links: literal arguments of `url` parameters (`Zimage{https://...}`)
 * and http(s) addresses written in text and comments.
 */
import type { DocumentLink } from 'vscode-languageserver-types';
import type { Catalog } from '../catalog';
import { isHttpUrl } from '../language/literals';
import { type Statement, StatementKind } from '../syntax/tree';
import { type DocumentModel, type FeatureContext, bindCall, toRange, trimmedArgument, walkCalls } from './model';

type Found = { start: number; end: number; target: string; tooltip?: string };
const NONE: Found[] = [];
let cache: { catalog: Catalog; map: WeakMap<Statement, Found[]> } | undefined;
const URL_IN_TEXT = /https?:\/\/[^\s{};<>"'`|\\]+/g;

function linksOfStatement(catalog: Catalog, st: Statement, text: string): Found[] {
  const found: Found[] = [];
  if (st.kind === StatementKind.Body) {
    walkCalls(st.nodes, (call) => {
      const bound = bindCall(catalog, text, call);
      if (!bound) return;
      bound.binding.args.forEach((entry, k) => {
        if (entry.param?.type !== 'url' || call.args[k].nodes.length) return;
        const t = trimmedArgument(text, call.args[k]);
        if (isHttpUrl(t.text)) found.push({ start: t.start, end: t.end, target: t.text, tooltip: `${bound.fn.name} ${entry.param.name}` });
      });
    });
  }
  if (st.kind === StatementKind.Blank) return found;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    // `...?q=Zmessage{1}`: the address stops where the call starts.
    const called = text.charCodeAt(m.index! + m[0].length) === 0x7b ? m[0].replace(/Z[A-Za-z0-9]*$/, '') : m[0];
    const url = called.replace(/[.,:!?)]+$/, '');
    const start = m.index!;
    if (found.some((f) => f.start <= start && start < f.end)) continue;
    if (!isHttpUrl(url)) continue;
    found.push({ start, end: start + url.length, target: url });
  }
  return found;
}

export function documentLinksOf(model: DocumentModel, ctx: FeatureContext): DocumentLink[] {
  if (!cache || cache.catalog !== ctx.catalog) cache = { catalog: ctx.catalog, map: new WeakMap() };
  const { tree, doc } = model;
  const links: DocumentLink[] = [];
  for (let i = 0; i < tree.statements.length; i++) {
    const st = tree.statements[i];
    if (st.kind === StatementKind.Blank) continue;
    let found = cache.map.get(st);
    if (!found) {
      found = linksOfStatement(ctx.catalog, st, tree.text.slice(tree.starts[i], tree.starts[i + 1]));
      cache.map.set(st, found.length ? found : NONE);
    }
    const base = tree.starts[i];
    for (const f of found) {
      let target: string;
      try {
        target = new URL(f.target).href;
      } catch {
        continue;
      }
      const link: DocumentLink = { range: toRange(doc, base + f.start, base + f.end), target };
      if (f.tooltip) link.tooltip = f.tooltip;
      links.push(link);
    }
  }
  return links;
}
