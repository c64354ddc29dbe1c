/**
 * The lossless token stream of a tree: every character of the text belongs to
 * exactly one token, in order, so concatenating the tokens' text gives back
 * the input. Gaps between nodes come out as `Text` tokens. Iterative (an
 * explicit stack), so any nesting depth is fine.
 */
import { type CallNode, type GroupNode, NodeKind, StatementKind, type SyntaxTree, type TopLevelNode } from './tree';

export const enum TokenKind {
  /** Plain text (including white space and anything that is not structure). */
  Text = 0,
  /** The line break ending a statement (`\n`, `\r\n` or `\r`). Line breaks inside a multi-line call are Text. */
  LineBreak = 1,
  /** `#name` of a header line. */
  HeaderName = 2,
  /** The trimmed value of a header line. */
  HeaderValue = 3,
  /** `// ...` (whole-line or inline), line break excluded. */
  Comment = 4,
  /** `Zname` of a call, up to the `{`. */
  CallName = 5,
  /** `{` of a call. */
  CallOpen = 6,
  /** `;` separating a call's arguments. */
  Separator = 7,
  /** `}` of a call. */
  CallClose = 8,
  /** `Zname` with no braces. */
  BareCall = 9,
  /** `\{`, `\}`, `\;`, `\\`, `\Zname`. */
  Escape = 10,
  /** `{` of a group. */
  GroupOpen = 11,
  /** `}` of a group. */
  GroupClose = 12,
  /** `}` that closes nothing. */
  StrayClose = 13,
}

export const TOKEN_KIND_NAMES: readonly string[] = [
  'text',
  'line-break',
  'header-name',
  'header-value',
  'comment',
  'call-name',
  'call-open',
  'separator',
  'call-close',
  'bare-call',
  'escape',
  'group-open',
  'group-close',
  'stray-close',
];

export interface Token {
  readonly kind: TokenKind;
  /** Absolute offsets. */
  readonly start: number;
  readonly end: number;
}

/** A structural token waiting on the stack (absolute offsets). */
class Pending {
  constructor(
    readonly kind: TokenKind,
    readonly start: number,
    readonly end: number,
  ) {}
}

/** All tokens of the tree, in text order, covering it exactly. */
export function tokens(tree: SyntaxTree): Token[] {
  const out: Token[] = [];
  const n = tree.statements.length;
  for (let i = 0; i < n; i++) statementTokens(tree, i, out);
  return out;
}

/** Tokens of statement `index` (absolute offsets), appended to `out`. */
export function statementTokens(tree: SyntaxTree, index: number, out: Token[] = []): Token[] {
  const st = tree.statements[index];
  const base = tree.starts[index];
  const stmtEnd = tree.starts[index + 1];
  let at = base;
  const emit = (kind: TokenKind, start: number, end: number): void => {
    if (start > at) out.push({ kind: TokenKind.Text, start: at, end: start });
    if (end > start) out.push({ kind, start, end });
    if (end > at) at = end;
  };
  let contentEnd: number;
  switch (st.kind) {
    case StatementKind.Blank:
      contentEnd = lineContentEnd(tree.text, base, stmtEnd);
      break;
    case StatementKind.Comment:
      emit(TokenKind.Comment, base + st.start, base + st.end);
      contentEnd = base + st.end;
      break;
    case StatementKind.Header:
      emit(TokenKind.HeaderName, base + st.start, base + st.nameEnd);
      emit(TokenKind.HeaderValue, base + st.valueStart, base + st.valueEnd);
      contentEnd = base + st.end;
      break;
    default: {
      // Explicit stack of nodes to expand and structural tokens to emit.
      const stack: (TopLevelNode | Pending)[] = [];
      const nodes = st.nodes;
      for (let k = nodes.length - 1; k >= 0; k--) stack.push(nodes[k]);
      while (stack.length > 0) {
        const item = stack.pop()!;
        if (item instanceof Pending) {
          emit(item.kind, item.start, item.end);
          continue;
        }
        const node = item as TopLevelNode;
        switch (node.kind) {
          case NodeKind.Call: {
            const call = node as CallNode;
            emit(TokenKind.CallName, base + call.start, base + call.nameEnd);
            emit(TokenKind.CallOpen, base + call.open, base + call.open + 1);
            if (call.close >= 0) stack.push(pending(TokenKind.CallClose, base + call.close, base + call.close + 1));
            for (let a = call.args.length - 1; a >= 0; a--) {
              const arg = call.args[a];
              if (a < call.separators.length) {
                const s = base + call.separators[a];
                stack.push(pending(TokenKind.Separator, s, s + 1));
              }
              for (let k = arg.nodes.length - 1; k >= 0; k--) stack.push(arg.nodes[k]);
            }
            break;
          }
          case NodeKind.Group: {
            const g = node as GroupNode;
            emit(TokenKind.GroupOpen, base + g.start, base + g.start + 1);
            if (g.close >= 0) stack.push(pending(TokenKind.GroupClose, base + g.close, base + g.close + 1));
            for (let k = g.nodes.length - 1; k >= 0; k--) stack.push(g.nodes[k]);
            break;
          }
          case NodeKind.BareCall:
            emit(TokenKind.BareCall, base + node.start, base + node.end);
            break;
          case NodeKind.Escape:
            emit(TokenKind.Escape, base + node.start, base + node.end);
            break;
          case NodeKind.StrayClose:
            emit(TokenKind.StrayClose, base + node.start, base + node.end);
            break;
          case NodeKind.Comment:
            emit(TokenKind.Comment, base + node.start, base + node.end);
            break;
        }
      }
      contentEnd = base + st.end;
    }
  }
  if (contentEnd > at) out.push({ kind: TokenKind.Text, start: at, end: contentEnd });
  if (stmtEnd > contentEnd) out.push({ kind: TokenKind.LineBreak, start: contentEnd, end: stmtEnd });
  return out;
}

function pending(kind: TokenKind, start: number, end: number): Pending {
  return new Pending(kind, start, end);
}

function lineContentEnd(text: string, start: number, end: number): number {
  let e = end;
  if (e > start && text.charCodeAt(e - 1) === 10) e--;
  if (e > start && text.charCodeAt(e - 1) === 13) e--;
  return e;
}
