import { bundledCatalog } from '../catalog';
// Filled in by the LSP wiring; for now it proves the bundled catalog loads.
const catalog = bundledCatalog();
process.stderr.write(`zscript-language-server: catalog with ${catalog.functions.length} functions loaded\n`);
