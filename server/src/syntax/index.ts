/** The syntax layer's public API (no LSP dependencies). */
export * from './tree';
export { parseCommandFile, ParseOptions, KNOWN_DIRECTIVES } from './parse';
export { reparseCommandFile, applyEdits, TextEdit } from './incremental';
export {
  LineIndex,
  LinePosition,
  statementIndexAt,
  statementStart,
  statementText,
  absolute,
  relative,
  nodeAt,
  argumentIndexAt,
  NodePath,
  PathEntry,
} from './positions';
export { tokens, statementTokens, Token, TokenKind, TOKEN_KIND_NAMES } from './tokens';
export { dumpTree, dumpNodes, DumpNode } from './dump';
