/**
 * Document symbols (header directives with the trigger first, the embeds the
 * command builds grouped by embed index, the variables it sets) and
 * workspace symbols (commands by trigger and name, variables by name).
 */
import type { DocumentSymbol, Range, WorkspaceSymbol } from 'vscode-languageserver-types';
import type { Catalog } from '../catalog';
import type { FunctionRecord } from '../catalog/types';
import { NodeKind, StatementKind } from '../syntax/tree';
import {
  type DocumentModel,
  type FeatureContext,
  argumentInputs,
  bindCall,
  callName,
  matchesInOrder,
  toRange,
  trimmedArgument,
  walkCalls,
  walkNodes,
} from './model';

const SymbolKind = {
  File: 1,
  Module: 2,
  Namespace: 3,
  Property: 7,
  Field: 8,
  Function: 12,
  Variable: 13,
  Constant: 14,
  Key: 20,
  Event: 24,
  Struct: 23,
  Enum: 10,
  EnumMember: 22,
  Object: 19,
  Class: 5,
} as const;

/** Component builders shown in the outline: the argument naming each (its label, else its ID), and the symbol kind. */
const COMPONENTS: Readonly<Record<string, { label: number[]; what: string; kind: DocumentSymbol['kind']; member?: true }>> = {
  ZaddButton: { label: [2, 1], what: 'Button', kind: SymbolKind.Object },
  ZnewSelectMenu: { label: [3, 0], what: 'Select menu', kind: SymbolKind.Enum },
  ZaddUserSelect: { label: [3, 0], what: 'User select', kind: SymbolKind.Enum },
  ZaddRoleSelect: { label: [3, 0], what: 'Role select', kind: SymbolKind.Enum },
  ZaddMentionableSelect: { label: [3, 0], what: 'Mentionable select', kind: SymbolKind.Enum },
  ZaddSelectMenuOption: { label: [0, 1], what: 'Option', kind: SymbolKind.EnumMember, member: true },
  ZnewModal: { label: [1, 0], what: 'Modal', kind: SymbolKind.Class },
  ZaddTextInput: { label: [1, 0], what: 'Text input', kind: SymbolKind.Field, member: true },
};

const EMBED_TAGS = new Set(['embeds-components-reactions', 'embeds-components-sending']);
const embedBuilderCache = new WeakMap<Catalog, Set<string>>();

/** Functions that set a part of an embed chosen by an `index` parameter (Ztitle, Zcolor, ZaddField, ...). */
export function embedBuilders(catalog: Catalog): Set<string> {
  let set = embedBuilderCache.get(catalog);
  if (!set) {
    set = new Set(
      catalog.functions
        .filter(
          (fn: FunctionRecord) =>
            !fn.name.startsWith('Zsend') && fn.arguments.some((a) => a.name === 'index') && catalog.tagsOf(fn.name).some((t) => EMBED_TAGS.has(t.tag)),
        )
        .map((fn) => fn.name),
    );
    embedBuilderCache.set(catalog, set);
  }
  return set;
}

function shorten(text: string, max = 40): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

export function documentSymbolsOf(model: DocumentModel, ctx: FeatureContext): DocumentSymbol[] {
  const { tree, doc } = model;
  const headers: DocumentSymbol[] = [];
  const embeds = new Map<string, DocumentSymbol>();
  const variables: DocumentSymbol[] = [];
  const components: DocumentSymbol[] = [];
  /** The menu or modal the options and text inputs after it go into. */
  let container: DocumentSymbol | undefined;
  const seenVariables = new Set<string>();
  const builders = embedBuilders(ctx.catalog);
  const index = ctx.workspace.get(model.uri);

  for (let i = 0; i < tree.statements.length; i++) {
    const st = tree.statements[i];
    const base = tree.starts[i];
    if (st.kind === StatementKind.Header) {
      const name = tree.text.slice(base + st.start + 1, base + st.nameEnd);
      const value = tree.text.slice(base + st.valueStart, base + st.valueEnd);
      const range = toRange(doc, base + st.start, base + st.end);
      const selectionRange =
        st.valueEnd > st.valueStart ? toRange(doc, base + st.valueStart, base + st.valueEnd) : toRange(doc, base + st.start, base + st.nameEnd);
      const symbol: DocumentSymbol = {
        name: value ? `#${name} ${shorten(value)}` : `#${name}`,
        kind: name === 'trigger' ? SymbolKind.Event : SymbolKind.Key,
        range,
        selectionRange,
      };
      if (name === 'trigger') headers.unshift(symbol);
      else headers.push(symbol);
      continue;
    }
    if (st.kind !== StatementKind.Body) continue;
    const text = tree.text.slice(base, tree.starts[i + 1]);
    const addToEmbed = (embedIndex: string, name: string, start: number, end: number, nameEnd: number, detail: string) => {
      const range = toRange(doc, base + start, base + end);
      const selectionRange = toRange(doc, base + start, base + nameEnd);
      let embed = embeds.get(embedIndex);
      if (!embed) {
        embed = { name: `Embed ${embedIndex}`, kind: SymbolKind.Struct, range, selectionRange, children: [] };
        embeds.set(embedIndex, embed);
      } else {
        embed.range = union(embed.range, range);
      }
      embed.children!.push({ name, detail: detail && !detail.includes('\n') ? shorten(detail) : undefined, kind: SymbolKind.Field, range, selectionRange });
    };
    // Bare builder calls (`Ztimestamp`) build embed 1.
    walkNodes(st.nodes, (node) => {
      if (node.kind === NodeKind.BareCall && builders.has(text.slice(node.start, node.end)))
        addToEmbed('1', text.slice(node.start, node.end), node.start, node.end, node.end, '');
    });
    walkCalls(st.nodes, (call) => {
      const name = callName(text, call);
      const component = Object.hasOwn(COMPONENTS, name) ? COMPONENTS[name] : undefined;
      if (component) {
        const words = component.label.map((k) => (call.args[k] && call.args[k].nodes.length === 0 ? trimmedArgument(text, call.args[k]).text : ''));
        const label = words.find((w) => w !== '') ?? '';
        const symbol: DocumentSymbol = {
          name: label ? `${component.what} ${shorten(label)}` : component.what,
          kind: component.kind,
          range: toRange(doc, base + call.start, base + call.end),
          selectionRange: toRange(doc, base + call.start, base + call.nameEnd),
        };
        if (component.member && container) {
          container.children!.push(symbol);
          container.range = union(container.range, symbol.range);
        } else if (!component.member) {
          if (component.kind !== SymbolKind.Object) {
            symbol.children = [];
            container = symbol;
          }
          components.push(symbol);
        }
        return;
      }
      if (!builders.has(name)) return;
      const bound = bindCall(ctx.catalog, text, call);
      if (!bound) return;
      // The embed index argument, when literal; 1 otherwise.
      let embedIndex = '1';
      const inputs = argumentInputs(text, call);
      bound.binding.args.forEach((entry, k) => {
        if (entry.param?.name === 'index' && inputs[k].literal && inputs[k].text) embedIndex = inputs[k].text;
      });
      const first = call.args[0] ? trimmedArgument(text, call.args[0]).text : '';
      addToEmbed(embedIndex, name, call.start, call.end, call.nameEnd, first);
    });
  }
  for (const v of index?.variables ?? []) {
    if (v.access !== 'set') continue;
    const key = `${v.scope}:${v.name}`;
    if (seenVariables.has(key)) continue;
    seenVariables.add(key);
    const range = toRange(doc, v.start, v.end);
    variables.push({ name: v.name, detail: `${v.scope} variable`, kind: SymbolKind.Variable, range, selectionRange: range });
  }
  return [...headers, ...embeds.values(), ...components, ...variables];
}

function union(a: Range, b: Range): Range {
  const before = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character <= y.character);
  return { start: before(a.start, b.start) ? a.start : b.start, end: before(a.end, b.end) ? b.end : a.end };
}

/** Subsequence match, case-insensitive, as editors expect for workspace symbols; everything for no query. */
function matches(query: string, name: string): boolean {
  return !query || matchesInOrder(query, name);
}

export function workspaceSymbolsFor(query: string, ctx: FeatureContext): WorkspaceSymbol[] {
  const result: WorkspaceSymbol[] = [];
  const seenVariables = new Set<string>();
  for (const [file, index] of ctx.workspace.entries()) {
    if (index.trigger) {
      const label = index.name ? `${index.trigger.name} (${index.name})` : index.trigger.name;
      if (matches(query, label)) {
        result.push({
          name: label,
          kind: SymbolKind.Event,
          containerName: `${index.type} command`,
          location: { uri: file.uri, range: toRange(file.doc, index.trigger.start, index.trigger.end) },
        });
      }
    }
    for (const v of index.variables) {
      if (v.access !== 'set') continue;
      const key = `${v.scope}:${v.name}:${v.scope === 'temporary' ? file.uri : ''}`;
      if (seenVariables.has(key) || !matches(query, v.name)) continue;
      seenVariables.add(key);
      result.push({
        name: v.name,
        kind: SymbolKind.Variable,
        containerName: `${v.scope} variable`,
        location: { uri: file.uri, range: toRange(file.doc, v.start, v.end) },
      });
    }
    if (result.length > 1000) break;
  }
  return result;
}
