/**
 * Catalog reference pages: one markdown page per function or event trigger,
 * and the index a picker lists. The editor asks the server for them (custom
 * requests `zscript/reference` and `zscript/referenceIndex`), so the pages
 * always follow the catalog the server really uses and the extension stays a
 * thin client that bundles no server code.
 */
import type { Catalog } from '../catalog';
import { functionMarkdown, triggerMarkdown } from './docs';

export interface ReferenceEntry {
  readonly name: string;
  readonly syntax: string;
  readonly description: string;
}

export interface ReferencePage {
  /** The function's or trigger's exact name; the name asked for when nothing matched. */
  readonly name: string;
  readonly kind: 'function' | 'trigger';
  readonly found: boolean;
  readonly markdown: string;
}

/** The page of `name`: a trigger when `kind` says so, a function otherwise (exact name, then any case). */
export function referencePage(catalog: Catalog, name: string, kind: 'function' | 'trigger'): ReferencePage {
  if (kind === 'trigger') {
    const record = catalog.getTrigger(name);
    if (!record) return { name, kind, found: false, markdown: `# ${name}\n\nNo such trigger in the catalog.\n` };
    return { name: record.name, kind, found: true, markdown: `# ${record.name}\n\n${triggerMarkdown(record)}\n` };
  }
  const fn = catalog.getFunction(name) ?? catalog.getFunctionIgnoringCase(name) ?? catalog.getAnyFunction(name);
  if (!fn) return { name, kind, found: false, markdown: `# ${name}\n\nNo function of this name in the catalog (${catalog.functions.length} functions).\n` };
  const source = catalog.source === 'bundled' ? 'bundled catalog' : `catalog at ${catalog.source}`;
  return { name: fn.name, kind, found: true, markdown: `# ${fn.name}\n\n${functionMarkdown(catalog, fn)}\n\n---\n_From the ${source}._\n` };
}

/** Every documented function, in catalog order, for a picker. */
export function referenceIndex(catalog: Catalog): ReferenceEntry[] {
  return catalog.functions.map((fn) => ({ name: fn.name, syntax: fn.syntax, description: fn.description }));
}
