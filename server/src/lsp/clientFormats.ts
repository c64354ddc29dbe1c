/**
 * What the service writes, in the forms a client says it can show. The
 * service writes Markdown and completion snippets; a client that declares
 * neither (Emacs eglot without markdown-mode or yasnippet, simple editors)
 * would show the Markdown marks and insert `${1:name}` literally. So, for
 * such a client only: snippets become plain text (placeholders left empty,
 * the separators kept: `ZaddField{;}`), and Markdown becomes plain text.
 */
import type { CompletionItem, Hover, MarkupContent, SignatureHelp } from 'vscode-languageserver-types';

/** The text a snippet inserts with every placeholder, choice and tab stop left empty. */
export function snippetToPlain(snippet: string): string {
  let out = '';
  // Depth of `${...}` being skipped (placeholders nest).
  let depth = 0;
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i];
    if (c === '\\' && i + 1 < snippet.length && '$}\\,|'.includes(snippet[i + 1])) {
      if (depth === 0) out += snippet[i + 1];
      i++;
    } else if (c === '$' && snippet[i + 1] === '{') {
      depth++;
      i++;
    } else if (c === '$' && /[0-9]/.test(snippet[i + 1] ?? '')) {
      while (/[0-9]/.test(snippet[i + 1] ?? '')) i++;
    } else if (c === '}' && depth > 0) {
      depth--;
    } else if (depth === 0) {
      out += c;
    }
  }
  return out;
}

/** A completion item whose snippet is inserted as plain text. */
export function withoutSnippet(item: CompletionItem): CompletionItem {
  if (item.insertTextFormat !== 2) return item;
  const plain: CompletionItem = { ...item, insertTextFormat: 1 };
  if (item.insertText !== undefined) plain.insertText = snippetToPlain(item.insertText);
  if (item.textEdit) plain.textEdit = { ...item.textEdit, newText: snippetToPlain(item.textEdit.newText) };
  return plain;
}

/** Markdown as a reader sees it: code fences, emphasis, inline code marks, heading marks and escapes removed; links as "text (address)". */
export function markdownToPlain(markdown: string): string {
  return tablesToLines(markdown.split('\n'))
    .filter((line) => !/^\s*```/.test(line))
    .map((line) =>
      line
        .replace(/^#{1,6}\s+/, '')
        .replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, (_m, text: string, url: string) => (url && url !== text ? `${text} (${url})` : text))
        .replace(/\*\*([^*]+)\*\*/g, '$1')
        .replace(/(^|[^\w*])\*([^*\s][^*]*)\*(?=$|[^\w*])/g, '$1$2')
        .replace(/(^|\W)_([^_\s][^_]*)_(?=$|\W)/g, '$1$2')
        .replace(/`([^`]*)`/g, '$1')
        .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1'),
    )
    .join('\n');
}

function plainContent<T extends string | MarkupContent | undefined>(content: T): T | MarkupContent {
  if (content && typeof content === 'object' && content.kind === 'markdown') return { kind: 'plaintext', value: markdownToPlain(content.value) };
  return content;
}

export function plainHover(hover: Hover | null): Hover | null {
  if (!hover || typeof hover.contents !== 'object' || !('kind' in hover.contents)) return hover;
  return { ...hover, contents: plainContent(hover.contents) as MarkupContent };
}

export function plainCompletionItem(item: CompletionItem): CompletionItem {
  if (!item || typeof item.documentation !== 'object') return item;
  return { ...item, documentation: plainContent(item.documentation) };
}

export function plainSignatureHelp(help: SignatureHelp | null): SignatureHelp | null {
  if (!help) return help;
  return {
    ...help,
    signatures: help.signatures.map((s) => ({
      ...s,
      documentation: plainContent(s.documentation),
      parameters: s.parameters?.map((p) => ({ ...p, documentation: plainContent(p.documentation) })),
    })),
  };
}

/** A cell of the rule under a table's header (`---`, `:--:`). */
function isRuleCell(cell: string): boolean {
  return /^:?-{3,}:?$/.test(cell);
}

/** A Markdown table row's cells (`| a | b |`), or undefined for any other line. */
function tableCells(line: string): string[] | undefined {
  const t = line.trim();
  if (t.length < 2 || !t.startsWith('|') || !t.endsWith('|')) return undefined;
  return t
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/**
 * Tables as lines a reader of plain text follows: the header row and the
 * rule under it go, and each row becomes its first cell followed by the
 * other columns' names and values (`text - type: string, required: yes`),
 * empty cells left out.
 */
function tablesToLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let headers: string[] | undefined;
  for (let i = 0; i < lines.length; i++) {
    const cells = tableCells(lines[i]);
    if (!cells) {
      headers = undefined;
      out.push(lines[i]);
      continue;
    }
    const rule = tableCells(lines[i + 1] ?? '');
    if (!headers && rule?.every(isRuleCell)) {
      headers = cells;
      i++;
      continue;
    }
    if (cells.every(isRuleCell)) continue;
    const rest = cells
      .slice(1)
      .map((c, k) => (c === '' ? '' : headers?.[k + 1] ? `${headers[k + 1]}: ${c}` : c))
      .filter(Boolean);
    out.push(rest.length ? `${cells[0]} - ${rest.join(', ')}` : cells[0]);
  }
  return out;
}

/** How signature help names a parameter (ClientSupport.parameterLabels). */
export type ParameterLabels = 'offsets' | 'text' | 'text-where-unique';

/**
 * Signature help whose parameters are named by their text instead of offsets
 * into the label: for every parameter (`text`), or where the text occurs
 * once in the label, so that finding it finds the right one (`text-where-unique`).
 */
export function withParameterLabels(help: SignatureHelp | null, labels: ParameterLabels): SignatureHelp | null {
  if (!help || labels === 'offsets') return help;
  return {
    ...help,
    signatures: help.signatures.map((s) => ({
      ...s,
      parameters: s.parameters?.map((p) => {
        if (typeof p.label === 'string') return p;
        const text = s.label.slice(p.label[0], p.label[1]);
        const unique = s.label.indexOf(text) === s.label.lastIndexOf(text);
        return labels === 'text' || unique ? { ...p, label: text } : p;
      }),
    })),
  };
}
