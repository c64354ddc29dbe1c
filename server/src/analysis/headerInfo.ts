/**
 * The header directives of a file as written (any line outside braces, the
 * directive word as the tree reads it): its `#type`, first `#trigger` and
 * `#name`, and the `#option` names. One reading for the workspace index and
 * the editor features (completion, hover, navigation). What the engine makes
 * of the same lines (the exact word and a space, the loader's depth) is
 * fileChecks.ts's and engineTrigger's.
 */
import { StatementKind, type SyntaxTree } from '../syntax/tree';

export interface HeaderInfo {
  /** The last `#type` value, trimmed and in lower case; `prefix` when the file has none (see `typeWritten`). */
  readonly type: string;
  readonly typeWritten: boolean;
  /** The first `#trigger` with a value: the value and its absolute offsets. */
  readonly trigger?: { readonly name: string; readonly start: number; readonly end: number };
  /** The first `#name` value. */
  readonly name?: string;
  /** `#option` names (the trimmed part before the first `|`), with absolute offsets. */
  readonly options: readonly { readonly name: string; readonly start: number; readonly end: number }[];
}

/**
 * The custom ID an `onInteraction{id}` trigger names, spaces around it left
 * out, and where it starts in the trigger's text; undefined for any other
 * trigger and for the catch-all `onInteraction`.
 */
export function handledCustomId(trigger: string): { id: string; at: number } | undefined {
  const m = /^onInteraction\{\s*([^{}]*?)\s*\}$/.exec(trigger);
  return m?.[1] ? { id: m[1], at: trigger.indexOf(m[1], 'onInteraction{'.length) } : undefined;
}

const cache = new WeakMap<SyntaxTree, HeaderInfo>();

export function headerInfo(tree: SyntaxTree): HeaderInfo {
  const cached = cache.get(tree);
  if (cached) return cached;
  let type = 'prefix';
  let typeWritten = false;
  let trigger: HeaderInfo['trigger'];
  let name: string | undefined;
  const options: { name: string; start: number; end: number }[] = [];
  const { statements, starts, text } = tree;
  for (let i = 0; i < statements.length; i++) {
    const st = statements[i];
    if (st.kind !== StatementKind.Header) continue;
    const base = starts[i];
    const directive = text.slice(base + st.start + 1, base + st.nameEnd);
    const value = text.slice(base + st.valueStart, base + st.valueEnd);
    if (directive === 'trigger' && !trigger && value) trigger = { name: value, start: base + st.valueStart, end: base + st.valueEnd };
    else if (directive === 'name' && name === undefined) name = value;
    else if (directive === 'type') {
      type = value.trim().toLowerCase() || 'prefix';
      typeWritten = true;
    } else if (directive === 'option') {
      const bar = value.indexOf('|');
      const raw = bar < 0 ? value : value.slice(0, bar);
      const optionName = raw.trim();
      if (optionName) {
        const lead = raw.indexOf(optionName);
        options.push({ name: optionName, start: base + st.valueStart + lead, end: base + st.valueStart + lead + optionName.length });
      }
    }
  }
  const info: HeaderInfo = { type, typeWritten, trigger, name, options };
  cache.set(tree, info);
  return info;
}
