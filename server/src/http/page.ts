/**
 * The catalog reference page served at `/`: one self-contained HTML document
 * (inline style, one small inline script, no external assets) with a section
 * per function and per trigger, and a tag index.
 *
 * Everything is readable without JavaScript: sections are plain HTML, the tag
 * index links to anchors. The script only adds the filter box (by name, tag
 * and description) and is allowed by its hash in the Content-Security-Policy,
 * so nothing else can run on the page. The page depends on the catalog only,
 * never on the request, so it is built once per snapshot and can be exported
 * as a static file (export.ts).
 */
import { createHash } from 'node:crypto';
import type { Catalog, FunctionRecord, TagRecord, TriggerRecord } from '../catalog';

export const HTML_TYPE = 'text/html; charset=utf-8';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;'));
}

/** A fragment identifier that is a valid, stable id for any name. */
function anchor(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;
}

// Filters the sections as the reader types; `hidden` on the box until this runs.
const SCRIPT = `(function(){var q=document.getElementById('q'),n=document.getElementById('count'),s=[].slice.call(document.querySelectorAll('section.entry'));q.hidden=false;document.getElementById('nojs').hidden=true;function f(){var w=q.value.toLowerCase().trim().split(/\\s+/).filter(Boolean),c=0;s.forEach(function(e){var h=e.getAttribute('data-search'),m=w.every(function(x){return h.indexOf(x)>=0});e.hidden=!m;if(m)c++});n.textContent=w.length?c+' of '+s.length+' match':'';}q.addEventListener('input',f);if(location.hash.indexOf('#q=')===0){q.value=decodeURIComponent(location.hash.slice(3));f();}})();`;

export const PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
/** Nothing but the page's own style and its one script may load or run. */
export const PAGE_CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src ${PAGE_SCRIPT_HASH}; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--bg:#fff;--muted:#5c5f66;--line:#d8dbe0;--code:#f3f4f6;--accent:#2456c7}
@media (prefers-color-scheme:dark){:root{--fg:#e6e6e9;--bg:#16171a;--muted:#a2a5ad;--line:#33363c;--code:#202227;--accent:#7ea6ff}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main,footer{max-width:64rem;margin:0 auto;padding:0 1rem}header{padding-top:1.5rem}
h1{font-size:1.6rem;margin:.2rem 0}h2{margin-top:2.5rem;border-bottom:1px solid var(--line)}h3{margin:0;font-size:1.15rem}
a{color:var(--accent)}code,pre{font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--code);padding:.6rem .8rem;border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-word}
.muted{color:var(--muted)}#q{width:100%;font:inherit;padding:.5rem .7rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
section.entry{border-top:1px solid var(--line);padding:1rem 0}section.entry:target{background:var(--code)}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid var(--line);padding:.25rem .6rem;text-align:left;vertical-align:top}
.tags a{display:inline-block;margin:0 .3rem .3rem 0;padding:0 .45rem;border:1px solid var(--line);border-radius:1rem;font-size:.85rem;text-decoration:none}
ul.index{columns:16rem;padding-left:1.2rem}nav.toc a{margin-right:1rem}
`;

function tagLinks(tags: readonly TagRecord[], prefix: string): string {
  if (tags.length === 0) return '';
  return `<p class="tags">Tags: ${tags.map((t) => `<a href="#${anchor(prefix, t.tag)}">${escape(t.title)}</a>`).join(' ')}</p>`;
}

function searchText(parts: readonly string[]): string {
  return escape(parts.join(' ').toLowerCase().replace(/\s+/g, ' '));
}

function functionSection(fn: FunctionRecord, tags: readonly TagRecord[]): string {
  const rows = fn.arguments
    .map(
      (a) =>
        `<tr><td><code>${escape(a.name)}</code></td><td>${escape(a.type)}</td><td>${a.required ? 'yes' : 'no'}</td><td>${a.default === undefined ? '<span class="muted">none</span>' : a.default === '' ? '<span class="muted">empty</span>' : `<code>${escape(a.default)}</code>`}</td></tr>`,
    )
    .join('');
  const table =
    fn.arguments.length > 0
      ? `<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Default</th></tr></thead><tbody>${rows}</tbody></table>${fn.variadic ? '<p class="muted">The last parameter may be repeated.</p>' : ''}`
      : '<p class="muted">No parameters.</p>';
  return (
    `<section class="entry" id="${anchor('fn', fn.name)}" data-search="${searchText([fn.name, fn.description, ...tags.flatMap((t) => [t.tag, t.title])])}">` +
    `<h3><a href="#${anchor('fn', fn.name)}">${escape(fn.name)}</a></h3><p>${escape(fn.description)}</p>` +
    `<pre><code>${escape(fn.syntax)}</code></pre>${table}` +
    (fn.example ? `<p>Example:</p><pre><code>${escape(fn.example)}</code></pre>` : '') +
    tagLinks(tags, 'ftag') +
    `<p class="muted">JSON: <a href="/functions/${encodeURIComponent(fn.name)}">/functions/${escape(fn.name)}</a></p></section>`
  );
}

function triggerSection(trigger: TriggerRecord, tags: readonly TagRecord[]): string {
  const context = (Object.keys(trigger.context) as (keyof TriggerRecord['context'])[])
    .map(
      (key) => `<tr><td>${key}</td><td>${trigger.context[key] === null ? '<span class="muted">empty</span>' : escape(String(trigger.context[key]))}</td></tr>`,
    )
    .join('');
  return (
    `<section class="entry" id="${anchor('tr', trigger.name)}" data-search="${searchText([trigger.name, trigger.kind, trigger.description, ...tags.flatMap((t) => [t.tag, t.title])])}">` +
    `<h3><a href="#${anchor('tr', trigger.name)}">${escape(trigger.name)}</a> <span class="muted">(${escape(trigger.kind)})</span></h3><p>${escape(trigger.description)}</p>` +
    `<pre><code>#trigger ${escape(trigger.syntax)}</code></pre>` +
    `<table><thead><tr><th>Context</th><th>Value</th></tr></thead><tbody>${context}</tbody></table>` +
    (trigger.example ? `<p>Example:</p><pre><code>${escape(trigger.example)}</code></pre>` : '') +
    tagLinks(tags, 'ttag') +
    `<p class="muted">JSON: <a href="/triggers/${encodeURIComponent(trigger.name)}">/triggers/${escape(trigger.name)}</a></p></section>`
  );
}

function tagIndex(tags: readonly TagRecord[], prefix: string, memberPrefix: string): string {
  return tags
    .map(
      (t) =>
        `<h3 id="${anchor(prefix, t.tag)}">${escape(t.title)} <span class="muted">(${t.members.length})</span></h3><p>${escape(t.description)}</p>` +
        `<ul class="index">${t.members.map((m) => `<li><a href="#${anchor(memberPrefix, m)}">${escape(m)}</a></li>`).join('')}</ul>`,
    )
    .join('');
}

function membership(tags: readonly TagRecord[]): Map<string, TagRecord[]> {
  const byMember = new Map<string, TagRecord[]>();
  for (const tag of tags) for (const m of tag.members) byMember.set(m, [...(byMember.get(m) ?? []), tag]);
  return byMember;
}

/** The whole page for a catalog. */
export function catalogPage(catalog: Catalog): string {
  const data = catalog.data;
  const fnTags = membership(data.functionTags);
  const trTags = membership(data.triggerTags);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>zscript catalog: ${data.functions.length} functions, ${data.triggers.length} triggers</title><style>${STYLE}</style></head><body>` +
    `<header><h1>zscript catalog reference</h1><p class="muted">${data.functions.length} functions and ${data.triggers.length} triggers of the Z scripting language for Discord bot commands (.zbr files). ` +
    'The same data as JSON: <a href="/functions_list">/functions_list</a>, <a href="/triggers_list">/triggers_list</a>, <a href="/functions_tag_list">/functions_tag_list</a>, <a href="/triggers_tag_list">/triggers_tag_list</a>; every route: <a href="/openapi.json">/openapi.json</a>.</p>' +
    '<input id="q" type="search" placeholder="Filter by name, tag or description" aria-label="Filter the catalog by name, tag or description" autocomplete="off" hidden> <span id="count" class="muted" aria-live="polite"></span>' +
    '<p id="nojs" class="muted">Use the tag index below or your browser\'s find (Ctrl+F) to search.</p>' +
    '<nav class="toc"><a href="#functions">Functions</a><a href="#triggers">Triggers</a><a href="#function-tags">Function tags</a><a href="#trigger-tags">Trigger tags</a></nav></header><main>' +
    `<h2 id="functions">Functions</h2>${data.functions.map((fn) => functionSection(fn, fnTags.get(fn.name) ?? [])).join('')}` +
    `<h2 id="triggers">Triggers</h2>${data.triggers.map((t) => triggerSection(t, trTags.get(t.name) ?? [])).join('')}` +
    `<h2 id="function-tags">Function tags</h2>${tagIndex(data.functionTags, 'ftag', 'fn')}` +
    `<h2 id="trigger-tags">Trigger tags</h2>${tagIndex(data.triggerTags, 'ttag', 'tr')}` +
    `</main><footer><p class="muted">Served by zscript-catalog-server.</p></footer><script>${SCRIPT}</script></body></html>\n`
  );
}
