export * from './types';
export { Catalog } from './catalog';
export { CatalogValidationError, validateCatalogData, validateFunctions, validateTriggers, validateTags } from './validate';
export { bundledCatalog, catalogFromTexts, loadCatalogFromDirectory, parseJsonFile, LoadResult } from './load';
