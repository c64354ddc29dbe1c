/**
 * The semantic token legend. service.ts re-exports it for the LSP capabilities.
 */
export const SEMANTIC_TOKEN_TYPES = ['function', 'parameter', 'keyword', 'string', 'comment', 'operator', 'variable', 'number', 'macro', 'event'] as const;
/**
 * Modifiers: the first five are LSP's standard ones; the others give a
 * catalog function's category (from its catalog tags) so that themes can
 * colour guards, embed builders, control flow, variables and so on apart.
 */
export const SEMANTIC_TOKEN_MODIFIERS = [
  'defaultLibrary',
  'declaration',
  'readonly',
  'deprecated',
  'modification',
  'guard',
  'embed',
  'controlFlow',
  'storage',
  'network',
  'moderation',
  'message',
  'information',
] as const;
