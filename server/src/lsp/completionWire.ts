/**
 * Completion lists on the wire. The service answers with complete items; a
 * list of every catalog function is a few hundred of them, so the protocol
 * layer sends the smallest equivalent message the client understands:
 *
 * - LSP 3.17 `itemDefaults` for the edit range and insert format shared by
 *   every item (the item then carries only `textEditText` when it differs
 *   from its label);
 * - no `filterText` equal to the label (that is the protocol default);
 * - `labelDetails` (a function's parameters beside its name) only to clients that declare `labelDetailsSupport`: others would
 *   ignore them, and they still get the syntax as `detail`;
 * - `detail` and `documentation` deferred to completionItem/resolve when the
 *   client says it resolves them, restored (with the item's own `data`) from
 *   a stash of the last two lists; the wire item carries only a stash key, or
 *   nothing when the key fits the whole list (`itemDefaults.data`, found again
 *   by label on resolve).
 *
 * What the client ends up showing is the same item as the service produced.
 */
import type { CompletionItem, CompletionList, Range } from 'vscode-languageserver-types';
import { withoutSnippet } from './clientFormats';

export interface CompletionWireSupport {
  /** completionList.itemDefaults as declared by the client. */
  itemDefaults: readonly string[];
  /** completionItem.resolveSupport.properties as declared by the client. */
  resolveProperties: readonly string[];
  /** completionItem.labelDetailsSupport as declared by the client. */
  labelDetails?: boolean;
  /** completionItem.snippetSupport as declared by the client (false: snippets are sent as plain text). */
  snippets?: boolean;
}

const STASH_KEY = '$z';

interface Stashed {
  data?: unknown;
  detail?: string;
  documentation?: CompletionItem['documentation'];
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

export class CompletionWire {
  private generation = 0;
  private stash: Stashed[] = [];
  /** The list before the last one (a resolve may still arrive for it). */
  private previousStash: Stashed[] = [];
  /** Stash index by label, for lists whose key travels in itemDefaults.data. */
  private labels: Map<string, number> | undefined;
  private previousLabels: Map<string, number> | undefined;

  constructor(private readonly support: CompletionWireSupport) {}

  /** The list to send for `list` (which is not modified). */
  compact(list: CompletionList): CompletionList {
    if (!Array.isArray(list.items) || list.items.length === 0) return list;
    const items = this.support.snippets === false ? list.items.map(withoutSnippet) : list.items;
    const defaults: NonNullable<CompletionList['itemDefaults']> = { ...(list.itemDefaults ?? {}) };

    // A shared edit range: every item has a plain TextEdit over the same range.
    let editRange: Range | undefined;
    if (this.support.itemDefaults.includes('editRange') && !defaults.editRange) {
      const first = items[0].textEdit;
      if (
        first &&
        'range' in first &&
        items.every((i) => i.textEdit && 'range' in i.textEdit && sameRange(i.textEdit.range, first.range) && i.insertText === undefined)
      ) {
        editRange = first.range;
        defaults.editRange = editRange;
      }
    }
    let insertTextFormat: CompletionItem['insertTextFormat'];
    if (this.support.itemDefaults.includes('insertTextFormat') && defaults.insertTextFormat === undefined) {
      const format = items[0].insertTextFormat ?? 1;
      if (items.every((i) => (i.insertTextFormat ?? 1) === format)) {
        insertTextFormat = format;
        if (format !== 1) defaults.insertTextFormat = format;
      }
    }
    const deferDetail = this.support.resolveProperties.includes('detail');
    const deferDocs = this.support.resolveProperties.includes('documentation');
    const labelDetails = this.support.labelDetails === true;
    const generation = ++this.generation;
    const stash: Stashed[] = [];
    // When every item defers something and labels are unique (the function
    // list), the stash key goes once into itemDefaults.data and resolve finds
    // the item by its label: 420 fewer `data` objects on the wire.
    const byLabel =
      this.support.itemDefaults.includes('data') && defaults.data === undefined && everyItemDefers(items, deferDetail, deferDocs) && uniqueLabels(items);
    const labelIndex = byLabel ? new Map<string, number>() : undefined;
    if (byLabel) defaults.data = { [STASH_KEY]: generation };

    const out = new Array<CompletionItem>(items.length);
    for (let i = 0; i < items.length; i++) {
      const src = items[i] as CompletionItem & Record<string, unknown>;
      // Built field by field (never `delete`, which makes objects slow to serialise).
      const item = { label: src.label } as CompletionItem & Record<string, unknown>;
      let saved: Stashed | undefined;
      for (const key in src) {
        const value = src[key];
        if (value === undefined) continue;
        switch (key) {
          case 'label':
            break;
          case 'filterText':
            if (value !== src.label) item.filterText = value as string;
            break;
          case 'textEdit':
            if (editRange) {
              const newText = (value as { newText: string }).newText;
              if (newText !== src.label) item.textEditText = newText;
            } else {
              item.textEdit = value as CompletionItem['textEdit'];
            }
            break;
          case 'insertTextFormat':
            if (insertTextFormat === undefined) item.insertTextFormat = value as CompletionItem['insertTextFormat'];
            break;
          case 'detail':
            if (deferDetail) (saved ??= {}).detail = value as string;
            else item.detail = value as string;
            break;
          case 'documentation':
            if (deferDocs) (saved ??= {}).documentation = value as CompletionItem['documentation'];
            else item.documentation = value as CompletionItem['documentation'];
            break;
          case 'labelDetails':
            if (labelDetails) item.labelDetails = value as CompletionItem['labelDetails'];
            break;
          case 'data':
            break;
          default:
            item[key] = value;
        }
      }
      const data = src.data;
      if (saved) {
        // The item's own data travels in the stash too: the wire item carries only the key.
        if (data !== undefined) saved.data = data;
        if (labelIndex) labelIndex.set(src.label, stash.length);
        else item.data = { [STASH_KEY]: `${generation}:${stash.length}` };
        stash.push(saved);
      } else if (data !== undefined) {
        item.data = data;
      }
      out[i] = item;
    }
    this.previousStash = this.stash;
    this.previousLabels = this.labels;
    this.stash = stash;
    this.labels = labelIndex;
    const result: CompletionList = { isIncomplete: list.isIncomplete, items: out };
    if (Object.keys(defaults).length > 0) result.itemDefaults = defaults;
    return result;
  }

  /** Puts back what `compact` deferred, before the service resolves the item. */
  restore(item: CompletionItem): CompletionItem {
    const data = item.data as Record<string, unknown> | undefined;
    const key = data && typeof data === 'object' ? data[STASH_KEY] : undefined;
    let saved: Stashed | undefined;
    if (typeof key === 'number') {
      // The list's default data: the item is found by its label.
      const [labels, stash] =
        key === this.generation ? [this.labels, this.stash] : key === this.generation - 1 ? [this.previousLabels, this.previousStash] : [undefined, undefined];
      const index = labels?.get(item.label);
      saved = index === undefined ? undefined : stash![index];
    } else if (typeof key === 'string') {
      const [generation, index] = key.split(':').map(Number);
      saved = generation === this.generation ? this.stash[index] : generation === this.generation - 1 ? this.previousStash[index] : undefined;
    } else if (key === undefined && this.labels?.has(item.label)) {
      // A client that did not apply itemDefaults.data to the item: the latest list's item of that label.
      saved = this.stash[this.labels.get(item.label)!];
    } else {
      return item;
    }
    const restored: CompletionItem = { ...item };
    if (saved?.data !== undefined) restored.data = saved.data;
    else delete restored.data;
    if (saved) {
      if (saved.detail !== undefined && restored.detail === undefined) restored.detail = saved.detail;
      if (saved.documentation !== undefined && restored.documentation === undefined) restored.documentation = saved.documentation;
    }
    return restored;
  }
}

function everyItemDefers(items: readonly CompletionItem[], detail: boolean, documentation: boolean): boolean {
  return items.every((i) => (detail && i.detail !== undefined) || (documentation && i.documentation !== undefined));
}

function uniqueLabels(items: readonly CompletionItem[]): boolean {
  const seen = new Set<string>();
  for (const i of items) {
    if (seen.has(i.label)) return false;
    seen.add(i.label);
  }
  return true;
}
