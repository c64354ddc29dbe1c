export { serveCatalog, defaultCatalogDir, CatalogServer, ServeOptions, ReloadResult, DEFAULTS } from './server';
export { openapiDocument } from './openapi';
export { chooseEncoding, parseAcceptEncoding } from './negotiate';
export { exportCatalog, exportCatalogFrom, ExportOptions, ExportResult } from './export';
export { catalogPage } from './page';
