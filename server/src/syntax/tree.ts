/**
 * The syntax tree of a command file.
 *
 * Shape: a file is a flat list of statements that tile the text exactly
 * (statement i covers [starts[i], starts[i+1]), trailing line break included).
 * A statement is one line, or several when a brace opened on a line is not
 * closed at its end (see docs/language.md).
 *
 * Offsets: statements do not store where they start; the tree's `starts`
 * array does. Every offset inside a statement (node start/end, brace and
 * separator positions) is RELATIVE TO THE STATEMENT'S START. This is what lets
 * an incremental reparse reuse untouched statements as the very same objects
 * (so later layers can cache per statement by identity) without rewriting
 * their offsets: only `starts` shifts. Use `absolute()` / helpers in
 * positions.ts to convert.
 *
 * Text is implicit: the tree stores the structured nodes (calls, escapes,
 * comments, errors) and every gap between them is plain text. `tokens()` in
 * tokens.ts yields the lossless token stream (gaps included) on demand. Units
 * are UTF-16 code units, the same as LSP's default position encoding.
 */

export const enum StatementKind {
  /** Only white space (or nothing) before the line break. */
  Blank = 0,
  /** A line whose first non-blank characters are `//`. */
  Comment = 1,
  /** A `#directive value` line outside any brace. */
  Header = 2,
  /** Anything else: text, calls, escapes, possibly a trailing `//` comment. */
  Body = 3,
}

export const enum NodeKind {
  /** `Zname{arg;arg}`; also `Z{...}` with an empty name (an error). */
  Call = 0,
  /** `Zname` with no braces, for a catalog function whose parameters are all optional. */
  BareCall = 1,
  /** `\{`, `\}`, `\;`, `\\`, or `\Zname` (the name output as text). */
  Escape = 2,
  /** A `{` not preceded by a call name, and its contents up to the matching `}`. */
  Group = 3,
  /** A `}` with nothing open. */
  StrayClose = 4,
  /** `//` at brace depth zero after other text on the line, up to the line break (excluded). */
  Comment = 5,
}

export interface NodeBase {
  readonly kind: NodeKind;
  /** Relative to the statement start. */
  readonly start: number;
  /** Relative to the statement start, exclusive. */
  readonly end: number;
}

export interface Argument {
  /** Relative start of the raw argument text (just after `{` or `;`). */
  readonly start: number;
  /** Relative end (the `;` or `}` that ends it, or the end of the unclosed call). */
  readonly end: number;
  /** Structured nodes inside the argument (text between them is implicit). */
  readonly nodes: readonly ContentNode[];
}

export interface CallNode extends NodeBase {
  readonly kind: NodeKind.Call;
  /** Relative offset just past the name; the name is [start + 1, nameEnd) without the `Z`, [start, nameEnd) with it. */
  readonly nameEnd: number;
  /** Relative offset of `{` (always nameEnd). */
  readonly open: number;
  /** Relative offset of the matching `}`, or -1 when the call is not closed. */
  readonly close: number;
  /** At least one argument (a call `Zname{}` has one empty argument). */
  readonly args: readonly Argument[];
  /** Relative offsets of the top-level `;` separators (args.length - 1 of them). */
  readonly separators: readonly number[];
}

export interface BareCallNode extends NodeBase {
  readonly kind: NodeKind.BareCall;
}

export interface EscapeNode extends NodeBase {
  readonly kind: NodeKind.Escape;
}

export interface GroupNode extends NodeBase {
  readonly kind: NodeKind.Group;
  /** Relative offset of the matching `}`, or -1 when not closed. */
  readonly close: number;
  readonly nodes: readonly ContentNode[];
}

export interface StrayCloseNode extends NodeBase {
  readonly kind: NodeKind.StrayClose;
}

export interface CommentNode extends NodeBase {
  readonly kind: NodeKind.Comment;
}

export type ContentNode = CallNode | BareCallNode | EscapeNode | GroupNode | StrayCloseNode;
export type TopLevelNode = ContentNode | CommentNode;

export const enum SyntaxErrorCode {
  UnclosedCall = 'unclosed-call',
  UnclosedBrace = 'unclosed-brace',
  StrayClose = 'stray-close',
  MissingName = 'missing-name',
}

export interface SyntaxError {
  readonly code: SyntaxErrorCode;
  /** Relative to the statement start. */
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

export interface BlankStatement {
  readonly kind: StatementKind.Blank;
  /** Total length including the line break(s). */
  readonly length: number;
}

export interface CommentStatement {
  readonly kind: StatementKind.Comment;
  readonly length: number;
  /** Relative offset of `//`. */
  readonly start: number;
  /** Relative end of the comment text (before the line break). */
  readonly end: number;
}

export interface HeaderStatement {
  readonly kind: StatementKind.Header;
  readonly length: number;
  /** Relative offset of `#`. */
  readonly start: number;
  /** Relative end of the directive name (`#trigger` is [start, nameEnd)). */
  readonly nameEnd: number;
  /** Relative range of the trimmed value ('' when absent: valueStart === valueEnd). */
  readonly valueStart: number;
  readonly valueEnd: number;
  /** Relative end of the line's content (before the line break). */
  readonly end: number;
}

export interface BodyStatement {
  readonly kind: StatementKind.Body;
  readonly length: number;
  /** Relative end of the content (before the final line break). */
  readonly end: number;
  readonly nodes: readonly TopLevelNode[];
  /** Syntax errors in this statement, in order. */
  readonly errors: readonly SyntaxError[];
}

export type Statement = BlankStatement | CommentStatement | HeaderStatement | BodyStatement;

export interface SyntaxTree {
  readonly text: string;
  /** Statements in order; they tile the whole text. */
  readonly statements: readonly Statement[];
  /** starts[i] is the absolute offset of statements[i]; starts[statements.length] === text.length. */
  readonly starts: Int32Array;
}
