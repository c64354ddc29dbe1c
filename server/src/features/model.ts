/**
 * What every feature receives: one document (its TextDocument for positions
 * and its syntax tree), plus helpers that locate things in the tree. Position
 * queries only ever look at the statement under the cursor (binary search on
 * `tree.starts`), never at the whole text.
 */
import type { Position, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type Argument, type CallNode, type ContentNode, NodeKind, type Statement, StatementKind, type SyntaxTree, type TopLevelNode } from '../syntax/tree';
import { argumentIndexAt, statementIndexAt } from '../syntax/positions';
import type { Catalog } from '../catalog';
import type { FunctionRecord } from '../catalog/types';
import { type ArgumentInput, type Binding, bindArguments } from '../analysis/binding';
import { isEngineSpace } from '../syntax/commentLines';
import type { ServiceSettings } from './serviceSettings';
import type { WorkspaceIndex } from '../analysis/workspaceIndex';
import type { FunctionSuggester } from '../analysis/suggest';

export interface DocumentModel {
  readonly uri: string;
  readonly doc: TextDocument;
  readonly tree: SyntaxTree;
}

/** Everything a feature may read. */
export interface FeatureContext {
  readonly catalog: Catalog;
  readonly settings: ServiceSettings;
  readonly workspace: WorkspaceIndex;
  /** The closest catalog name to an unknown one, as the diagnostics suggest it. */
  readonly suggester: FunctionSuggester;
}

/** A statement with its absolute start and its own text (a small slice). */
export interface LocatedStatement {
  readonly index: number;
  readonly statement: Statement;
  readonly start: number;
  /** The statement's text, line break included. Offsets in the statement index into it. */
  readonly text: string;
}

/** The line break the text uses at `at`: the one ending its line, else the one before it (a last line has none); '\n' when there is none. */
export function lineBreakAt(text: string, at: number): '\r\n' | '\n' {
  let nl = text.indexOf('\n', at);
  if (nl < 0) nl = text.lastIndexOf('\n', at - 1);
  return nl > 0 && text.charCodeAt(nl - 1) === 13 ? '\r\n' : '\n';
}

export function locateStatement(tree: SyntaxTree, offset: number): LocatedStatement | undefined {
  const index = statementIndexAt(tree, offset);
  if (index < 0) return undefined;
  return statementByIndex(tree, index);
}

export function statementByIndex(tree: SyntaxTree, index: number): LocatedStatement {
  const start = tree.starts[index];
  const end = tree.starts[index + 1];
  return { index, statement: tree.statements[index], start, text: tree.text.slice(start, end) };
}

/** One level of the nesting at a position: a call and the argument the position is in. */
export interface CallFrame {
  readonly call: CallNode;
  readonly argIndex: number;
}

/**
 * The calls enclosing relative offset `rel`, outermost first. A position is
 * inside an argument when it lies between the `{` (exclusive) and the `}`
 * (inclusive: the cursor just before `}` is still in the last argument).
 */
export function callPathAt(statement: Statement, rel: number): CallFrame[] {
  const path: CallFrame[] = [];
  if (statement.kind !== StatementKind.Body) return path;
  let nodes: readonly (TopLevelNode | ContentNode)[] = statement.nodes;
  for (;;) {
    let next: readonly ContentNode[] | undefined;
    for (const node of nodes) {
      if (node.start > rel) break;
      if (node.kind === NodeKind.Call) {
        const close = node.close < 0 ? node.end : node.close;
        if (rel > node.open && rel <= close) {
          const argIndex = argumentIndexAt(node, rel);
          path.push({ call: node, argIndex });
          next = node.args[argIndex].nodes;
          break;
        }
      } else if (node.kind === NodeKind.Group) {
        const close = node.close < 0 ? node.end : node.close;
        if (rel > node.start && rel <= close) {
          next = node.nodes;
          break;
        }
      }
    }
    if (!next) return path;
    nodes = next;
  }
}

/**
 * The innermost node (call name, bare call, escape, comment) whose extent contains `rel`,
 * relative to the statement. Unlike the syntax layer's `nodeAt` (the whole path, a call counting
 * only up to its `}`), a bare call or escape also counts at its end offset: hover and selection
 * ask about the word the cursor touches.
 */
export function innermostNodeAt(statement: Statement, rel: number): TopLevelNode | undefined {
  if (statement.kind !== StatementKind.Body) return undefined;
  let nodes: readonly (TopLevelNode | ContentNode)[] = statement.nodes;
  let found: TopLevelNode | undefined;
  for (;;) {
    let next: readonly ContentNode[] | undefined;
    for (const node of nodes) {
      if (node.start > rel) break;
      if (rel > node.end || (rel === node.end && node.kind !== NodeKind.BareCall && node.kind !== NodeKind.Escape)) continue;
      found = node;
      if (node.kind === NodeKind.Call) {
        const arg = node.args.find((a) => rel >= a.start && rel <= a.end && rel > node.open);
        if (arg) next = arg.nodes;
      } else if (node.kind === NodeKind.Group) {
        next = node.nodes;
      }
      break;
    }
    if (!next) return found;
    nodes = next;
  }
}

/** The name of a call with its `Z` (e.g. `Ztitle`). */
export function callName(text: string, call: CallNode | { start: number; end: number; kind: NodeKind }): string {
  if (call.kind === NodeKind.Call) return text.slice(call.start, (call as CallNode).nameEnd);
  return text.slice(call.start, call.end);
}

/** Whether an argument holds any call (its value is then only known at run time). Iterative: nesting may be deep. */
export function argumentHasCall(arg: Argument): boolean {
  const stack: (readonly ContentNode[])[] = [arg.nodes];
  while (stack.length) {
    for (const n of stack.pop()!) {
      if (n.kind === NodeKind.Call || n.kind === NodeKind.BareCall) return true;
      if (n.kind === NodeKind.Group && n.nodes.length) stack.push(n.nodes);
    }
  }
  return false;
}

/** The trimmed extent of an argument (relative offsets), trimmed as the engine trims arguments (isEngineSpace). */
export function trimmedArgument(text: string, arg: Argument): { start: number; end: number; text: string } {
  let start = arg.start;
  let end = arg.end;
  while (start < end && isEngineSpace(text.charCodeAt(start))) start++;
  while (end > start && isEngineSpace(text.charCodeAt(end - 1))) end--;
  return { start, end, text: text.slice(start, end) };
}

const CONDITION_OPERATOR = /(>=|<=|!=|==|&&|\|\||>|<)|(?<= )(contains|startsWith|endsWith)(?= )/g;

/**
 * The operators in a condition argument, in text order (offsets relative to
 * the statement, like `text`): only in its literal stretches, between nested
 * nodes, since an operator a call returns is not in the source. Hover and
 * semantic tokens read this one scan.
 */
export function conditionOperators(
  text: string,
  arg: { start: number; end: number; nodes: readonly { start: number; end: number }[] },
): { op: string; start: number; end: number }[] {
  const out: { op: string; start: number; end: number }[] = [];
  let from = arg.start;
  const scan = (s: number, e: number) => {
    // Each stretch on its own: a word operator needs its spaces inside the stretch.
    for (const m of text.slice(s, e).matchAll(CONDITION_OPERATOR)) out.push({ op: m[0], start: s + m.index!, end: s + m.index! + m[0].length });
  };
  for (const n of arg.nodes) {
    scan(from, n.start);
    from = n.end;
  }
  scan(from, arg.end);
  return out;
}

export function argumentInputs(text: string, call: CallNode): ArgumentInput[] {
  return call.args.map((arg) => ({ text: trimmedArgument(text, arg).text, literal: !argumentHasCall(arg) }));
}

/** The binding of a call's arguments to its function's parameters, or undefined for unknown functions. */
export function bindCall(catalog: Catalog, text: string, call: CallNode): { fn: FunctionRecord; binding: Binding; inputs: ArgumentInput[] } | undefined {
  const fn = catalog.getAnyFunction(callName(text, call));
  if (!fn) return undefined;
  const inputs = argumentInputs(text, call);
  return { fn, binding: bindArguments(fn, inputs), inputs };
}

/**
 * The index of the binding entry for argument `argIndex`. `Zname{}` has one
 * (empty) argument but no binding entries: it stands for the first parameter.
 */
export function boundParamAt(fn: FunctionRecord, binding: Binding, argIndex: number) {
  if (binding.args.length === 0) return fn.arguments.length > 0 ? { param: { ...fn.arguments[0], index: 0, variadic: false }, repeat: false } : undefined;
  return binding.args[argIndex];
}

export function toRange(doc: TextDocument, start: number, end: number): Range {
  return { start: doc.positionAt(start), end: doc.positionAt(end) };
}

/** Whether `offset` falls between the two halves of a character outside the BMP (an emoji). */
export function splitsCharacter(text: string, offset: number): boolean {
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

/**
 * Whether every character of `query` occurs in `name` in order, whatever the case: the loosest filter
 * editors apply to a list (workspace symbols; completion, whose clients' own filters are all stricter).
 */
export function matchesInOrder(query: string, name: string): boolean {
  const q = query.toLowerCase();
  const n = name.toLowerCase();
  let j = 0;
  for (let i = 0; i < n.length && j < q.length; i++) if (n[i] === q[j]) j++;
  return j === q.length;
}

/** Offset of a position, clamped to the document. */
export function offsetOf(doc: TextDocument, position: Position): number {
  const rawLine = Number.isFinite(position.line) ? Math.floor(position.line) : 0;
  if (rawLine >= doc.lineCount) return doc.offsetAt({ line: doc.lineCount, character: 0 });
  const line = Math.max(0, rawLine);
  const character = Number.isFinite(position.character) ? Math.max(0, Math.floor(position.character)) : 0;
  return doc.offsetAt({ line, character });
}

type AnyNode = TopLevelNode | ContentNode;

/**
 * Visits every node in text order (a call before the nodes of its arguments).
 * Iterative, so that thousands of nested braces cannot overflow the stack.
 */
export function walkNodes(nodes: readonly AnyNode[], visit: (node: TopLevelNode, depth: number) => void): void {
  const lists: (readonly AnyNode[])[] = [nodes];
  const indexes: number[] = [0];
  const depths: number[] = [0];
  while (lists.length) {
    const top = lists.length - 1;
    const list = lists[top];
    const i = indexes[top];
    if (i >= list.length) {
      lists.pop();
      indexes.pop();
      depths.pop();
      continue;
    }
    indexes[top] = i + 1;
    const node = list[i];
    const depth = depths[top];
    visit(node, depth);
    if (node.kind === NodeKind.Call) {
      for (let k = node.args.length - 1; k >= 0; k--) {
        if (node.args[k].nodes.length === 0) continue;
        lists.push(node.args[k].nodes);
        indexes.push(0);
        depths.push(depth + 1);
      }
    } else if (node.kind === NodeKind.Group && node.nodes.length) {
      lists.push(node.nodes);
      indexes.push(0);
      depths.push(depth);
    }
  }
}

/** Visits every call in text order, with its nesting depth. */
export function walkCalls(nodes: readonly AnyNode[], visit: (call: CallNode, depth: number) => void): void {
  walkNodes(nodes, (node, depth) => {
    if (node.kind === NodeKind.Call) visit(node, depth);
  });
}
