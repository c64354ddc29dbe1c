export { serveCatalog, defaultCatalogDir, CatalogServer, ServeOptions, ReloadResult, DEFAULTS } from './server';
export { openapiDocument } from './openapi';
export { chooseEncoding, parseAcceptEncoding } from './negotiate';
