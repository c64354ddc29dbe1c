/**
 * Semantic tokens. Legend: SEMANTIC_TOKEN_TYPES / SEMANTIC_TOKEN_MODIFIERS in
 * service.ts.
 *   - catalog functions: `function` + `defaultLibrary` + a category modifier
 *     from the function's catalog tags (guard, embed, controlFlow, storage,
 *     network, moderation, message, information); unknown names: plain
 *     `function`
 *   - header directive names: `keyword`; trigger names: `event`; other header
 *     values: `string`; `#option` names: `parameter` + `declaration`
 *   - argument separators `;` and condition operators: `operator`
 *   - variable names in variable functions: `variable` (+ `modification` for writes)
 *   - `Zoption{name}`: `parameter`; literal numbers in number parameters: `number`
 *   - escapes: `macro`; comments: `comment`
 * Tokens are computed per statement and cached by statement identity, so a
 * request after a one-line edit only recomputes that statement.
 */
import { commentLinesIn } from '../syntax/commentLines';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver-types';
import type { Catalog } from '../catalog';
import { variableFunction } from '../language/variableFunctions';
import { type CallNode, type ContentNode, NodeKind, type Statement, StatementKind, type TopLevelNode } from '../syntax/tree';
import { SEMANTIC_TOKEN_MODIFIERS, SEMANTIC_TOKEN_TYPES } from './legend';
import { type DocumentModel, type FeatureContext, argumentHasCall, bindCall, conditionOperators, trimmedArgument, walkNodes } from './model';
import { CONDITION_FUNCTIONS } from '../language/conditions';

const T = Object.fromEntries(SEMANTIC_TOKEN_TYPES.map((t, i) => [t, i])) as Record<(typeof SEMANTIC_TOKEN_TYPES)[number], number>;
const M = Object.fromEntries(SEMANTIC_TOKEN_MODIFIERS.map((m, i) => [m, 1 << i])) as Record<(typeof SEMANTIC_TOKEN_MODIFIERS)[number], number>;

const TAG_MODIFIER: Record<string, number> = {
  guards: M.guard,
  'embeds-components-reactions': M.embed,
  'embeds-components-sending': M.embed,
  'control-flow-text-math-data': M.controlFlow,
  'logic-checks-text': M.controlFlow,
  math: M.controlFlow,
  json: M.controlFlow,
  variables: M.storage,
  http: M.network,
  'moderation-members': M.moderation,
  'audit-log': M.moderation,
  roles: M.moderation,
  messages: M.message,
  'message-interaction-reading': M.message,
  'mentions-async': M.message,
};

/** A token relative to its statement: [offset, length, type, modifiers]. */
type RawTokens = number[];

interface StatementTokens {
  /** Encoded per token: line within the statement, column, length, type, modifiers. */
  readonly tokens: Uint32Array;
  /** Line breaks in the statement (so the next statement's first line is known without a search). */
  readonly lines: number;
}

const EMPTY_TOKENS = new Uint32Array(0);
const NO_TOKENS_ONE_LINE: StatementTokens = { tokens: EMPTY_TOKENS, lines: 0 };

interface CacheHolder {
  catalog: Catalog;
  map: WeakMap<Statement, StatementTokens>;
}
let cache: CacheHolder | undefined;

function functionModifiers(catalog: Catalog, name: string): number {
  if (!catalog.getAnyFunction(name)) return 0;
  let mods = M.defaultLibrary;
  for (const tag of catalog.tagsOf(name)) mods |= TAG_MODIFIER[tag.tag] ?? M.information;
  return mods;
}

function statementTokens(catalog: Catalog, st: Statement, text: string): StatementTokens {
  const raw: RawTokens = [];
  const push = (start: number, end: number, type: number, mods = 0) => {
    if (end > start) raw.push(start, end - start, type, mods);
  };
  if (st.kind === StatementKind.Comment) push(st.start, st.end, T.comment);
  else if (st.kind === StatementKind.Header) {
    push(st.start, st.nameEnd, T.keyword);
    const name = text.slice(st.start + 1, st.nameEnd);
    const value = text.slice(st.valueStart, st.valueEnd);
    if (name === 'trigger' && (catalog.getTrigger(value) || value.startsWith('onInteraction'))) push(st.valueStart, st.valueEnd, T.event);
    else if (name === 'option') {
      const bar = value.indexOf('|');
      const head = bar < 0 ? value : value.slice(0, bar);
      const lead = head.length - head.trimStart().length;
      push(st.valueStart + lead, st.valueStart + head.trimEnd().length, T.parameter, M.declaration);
      if (bar >= 0) push(st.valueStart + bar + 1, st.valueEnd, T.string);
    } else push(st.valueStart, st.valueEnd, T.string);
  } else if (st.kind === StatementKind.Body) {
    visitNodes(catalog, st.nodes, text, push);
    // `//` lines inside a call spanning lines are comments to the engine: their tokens give way to one comment token.
    const comments = commentLinesIn(text, 0, st.end);
    if (comments.length) {
      const kept: RawTokens = [];
      for (let i = 0; i < raw.length; i += 4) {
        const at = raw[i];
        if (!comments.some((c) => at >= c.start && at < c.end)) kept.push(raw[i], raw[i + 1], raw[i + 2], raw[i + 3]);
      }
      raw.length = 0;
      raw.push(...kept);
      for (const c of comments) push(c.start, c.end, T.comment);
    }
  }
  // Sort by offset (argument tokens and nested nodes are collected out of order).
  const order: number[] = [];
  for (let i = 0; i < raw.length; i += 4) order.push(i);
  order.sort((a, b) => raw[a] - raw[b]);
  // Convert offsets to (line, column) within the statement.
  const breaks: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i);
  const tokens: number[] = [];
  let line = 0;
  for (const i of order) {
    const offset = raw[i];
    while (line < breaks.length && breaks[line] < offset) line++;
    const lineStart = line === 0 ? 0 : breaks[line - 1] + 1;
    // A token never spans lines: clip at the line break.
    const lineEnd = line < breaks.length ? breaks[line] : text.length;
    const length = Math.min(raw[i + 1], lineEnd - offset);
    if (length > 0) tokens.push(line, offset - lineStart, length, raw[i + 2], raw[i + 3]);
  }
  const lines = breaks.length;
  if (tokens.length === 0) return lines === 0 ? NO_TOKENS_ONE_LINE : { tokens: EMPTY_TOKENS, lines };
  return { tokens: Uint32Array.from(tokens), lines };
}

function visitNodes(
  catalog: Catalog,
  nodes: readonly (TopLevelNode | ContentNode)[],
  text: string,
  push: (s: number, e: number, t: number, m?: number) => void,
): void {
  walkNodes(nodes, (node) => {
    switch (node.kind) {
      case NodeKind.Call:
        visitCall(catalog, node, text, push);
        break;
      case NodeKind.BareCall:
        push(node.start, node.end, T.function, functionModifiers(catalog, text.slice(node.start, node.end)));
        break;
      case NodeKind.Escape:
        push(node.start, node.end, T.macro);
        break;
      case NodeKind.Comment:
        push(node.start, node.end, T.comment);
        break;
    }
  });
}

function visitCall(catalog: Catalog, call: CallNode, text: string, push: (s: number, e: number, t: number, m?: number) => void): void {
  const name = text.slice(call.start, call.nameEnd);
  push(call.start, call.nameEnd, T.function, functionModifiers(catalog, name));
  for (const sep of call.separators) push(sep, sep + 1, T.operator);
  const vf = variableFunction(name);
  const bound = catalog.getAnyFunction(name) ? bindCall(catalog, text, call) : undefined;
  call.args.forEach((arg, k) => {
    // Nested nodes are visited by the walk in visitNodes.
    const literal = !argumentHasCall(arg) && arg.nodes.length === 0;
    if (k === 0 && vf && literal) {
      const t = trimmedArgument(text, arg);
      const writes = vf.access === 'set' || vf.access === 'reset' || (vf.access === 'getOrSet' && call.args.length >= 2);
      push(t.start, t.end, T.variable, writes ? M.modification : 0);
      return;
    }
    if (k === 0 && name === 'Zoption' && literal) {
      const t = trimmedArgument(text, arg);
      push(t.start, t.end, T.parameter);
      return;
    }
    if (k === 0 && CONDITION_FUNCTIONS.has(name)) {
      for (const o of conditionOperators(text, arg)) push(o.start, o.end, T.operator);
      return;
    }
    const param = bound?.binding.args[k]?.param;
    if (param && literal && (param.type === 'integer' || param.type === 'number')) {
      const t = trimmedArgument(text, arg);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t.text)) push(t.start, t.end, T.number);
    }
  });
}

export interface SemanticTokensState {
  readonly resultId: string;
  /** The previous result, compactly (the delta is computed against it). */
  readonly data: Uint32Array;
}

let nextResultId = 1;

function computeData(model: DocumentModel, ctx: FeatureContext): number[] {
  if (!cache || cache.catalog !== ctx.catalog) cache = { catalog: ctx.catalog, map: new WeakMap() };
  const { tree } = model;
  const data: number[] = [];
  let line = 0;
  let prevLine = 0;
  let prevChar = 0;
  for (let i = 0; i < tree.statements.length; i++) {
    const st = tree.statements[i];
    if (st.kind === StatementKind.Blank) {
      line += countBreaks(tree.text, tree.starts[i], tree.starts[i + 1]);
      continue;
    }
    let entry = cache.map.get(st);
    if (!entry) {
      entry = statementTokens(ctx.catalog, st, tree.text.slice(tree.starts[i], tree.starts[i + 1]));
      cache.map.set(st, entry);
    }
    const t = entry.tokens;
    for (let k = 0; k < t.length; k += 5) {
      const tokenLine = line + t[k];
      const char = t[k + 1];
      const deltaLine = tokenLine - prevLine;
      data.push(deltaLine, deltaLine === 0 ? char - prevChar : char, t[k + 2], t[k + 3], t[k + 4]);
      prevLine = tokenLine;
      prevChar = char;
    }
    line += entry.lines;
  }
  return data;
}

function countBreaks(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export function semanticTokensOf(model: DocumentModel, ctx: FeatureContext): { tokens: SemanticTokens; state: SemanticTokensState } {
  const data = computeData(model, ctx);
  const resultId = String(nextResultId++);
  return { tokens: { resultId, data }, state: { resultId, data: Uint32Array.from(data) } };
}

export function semanticTokensDeltaOf(
  model: DocumentModel,
  previous: SemanticTokensState | undefined,
  previousResultId: string,
  ctx: FeatureContext,
): { result: SemanticTokens | SemanticTokensDelta; state: SemanticTokensState } {
  const data = computeData(model, ctx);
  const resultId = String(nextResultId++);
  const state = { resultId, data: Uint32Array.from(data) };
  if (!previous || previous.resultId !== previousResultId) return { result: { resultId, data }, state };
  const old = previous.data;
  let prefix = 0;
  const max = Math.min(old.length, data.length);
  while (prefix < max && old[prefix] === data[prefix]) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && old[old.length - 1 - suffix] === data[data.length - 1 - suffix]) suffix++;
  if (prefix === old.length && prefix === data.length) return { result: { resultId, edits: [] }, state };
  return {
    result: { resultId, edits: [{ start: prefix, deleteCount: old.length - prefix - suffix, data: data.slice(prefix, data.length - suffix) }] },
    state,
  };
}
