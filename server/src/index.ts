/**
 * The package's library entry point (`require('zscript')` / `import ... from 'zscript'`):
 * the protocol-free language service and the catalog, usable in any Node
 * program without VS Code or an LSP connection. Bundled to dist/index.js with
 * its declarations in dist/types/ (see scripts/build.mjs).
 *
 * Only what is re-exported here is the public API; everything else in the
 * bundle is internal and may change between versions.
 */
/** The package version (the same as the bins' `--version`). */
export { VERSION } from './version';

export { LanguageService, DEFAULT_SETTINGS, SEMANTIC_TOKEN_TYPES, SEMANTIC_TOKEN_MODIFIERS } from './service';
export type { ZscriptLanguageService, ContentChange, ServiceSettings, Severity } from './service';

export {
  Catalog,
  bundledCatalog,
  catalogFromTexts,
  loadCatalogFromDirectory,
  validateCatalogData,
  CatalogValidationError,
} from './catalog';
export type { LoadResult } from './catalog';
export * from './catalog/types';

export { DIAGNOSTIC_CODES } from './analysis/codes';
export type { DiagnosticCodeInfo } from './analysis/codes';
