/**
 * Code actions: the analysis' own fixes (carried in each diagnostic's `data`)
 * as quick fixes, and for every zscript diagnostic one that silences it with a
 * `// zscript-disable-next-line CODE` comment above its line.
 */
import type { CodeAction, Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import { PERMISSIONS, splitPermissionPrefix } from '../language/permissions';
import { nearestNames } from '../analysis/suggest';
import type { DiagnosticData } from './diagnostics';
import { COMMON_FUNCTIONS } from './completion';
import { statementIndexAt } from '../syntax/positions';
import { StatementKind } from '../syntax/tree';
import { spellingFixes } from './spellings';
import { headerInfo } from '../analysis/headerInfo';
import { type DocumentModel, type FeatureContext, lineBreakAt } from './model';
import { OPTION_TYPES } from '../language/headerWords';
import { parseDuration } from '../language/literals';

type FixData = NonNullable<DiagnosticData['fixes']>[number];

/**
 * A fix's text with the file's own line breaks: the analysis writes "\n", and
 * a CRLF file keeps CRLF (an editor that inserts the text as it is would
 * otherwise mix the two).
 */
function inFileLineBreaks(text: string, at: number, newText: string): string {
  if (!newText.includes('\n') || lineBreakAt(text, at) !== '\r\n') return newText;
  return newText.replace(/\r?\n/g, '\r\n');
}

function commonRank(name: string): number {
  const i = COMMON_FUNCTIONS.indexOf(name);
  return i < 0 ? COMMON_FUNCTIONS.length : i;
}

/**
 * Fixes beyond the analysis' own (which come first and stay preferred): a
 * trigger named after the file, more spellings for a permission (a function's
 * are spellings.ts's), more units for a duration
 * written as a bare number. Whatever the analysis already offers is left out.
 */
function extraFixes(model: DocumentModel, diagnostic: Diagnostic, existing: readonly FixData[]): FixData[] {
  const { doc } = model;
  if (diagnostic.code === 'missing-trigger') return triggerFromFileName(model);
  // After a Zstop no reply line helps: it throws the text away.
  if (diagnostic.code === 'no-reply') return diagnostic.message.includes('Zstop') ? [] : replyLines(model, diagnostic);
  const { start, text } = diagnosedText(model, diagnostic);
  if (text === '' || text.length > 100) return [];
  const trimmed: Range = { start: doc.positionAt(start), end: doc.positionAt(start + text.length) };
  const taken = new Set(existing.flatMap((f) => f.edits.map((e) => e.newText)));
  const change = (newText: string, preferred: boolean): FixData => ({
    title: `Change to ${newText}`,
    preferred: preferred || undefined,
    edits: [{ range: trimmed, newText }],
  });
  switch (diagnostic.code) {
    case 'unknown-permission': {
      const { prefix, name } = splitPermissionPrefix(text);
      const prefixText = prefix === '' ? '' : text.slice(0, text.length - name.length);
      const names = [...PERMISSIONS.map((p) => p.name), ...PERMISSIONS.flatMap((p) => p.aliases)];
      const found = nearestNames(name.replace(/[\s_-]/g, ''), names, 3);
      return found
        .map((n) => prefixText + n)
        .filter((n) => !taken.has(n))
        .map((n, i) => change(n, i === 0 && existing.length === 0));
    }
    case 'invalid-duration': {
      // Units are lower case to the engine (`10M`, `1H`): the same duration spelt its way.
      const lower = text.toLowerCase();
      if (lower !== text && parseDuration(lower) !== undefined) return taken.has(lower) ? [] : [change(lower, existing.length === 0)];
      const m = /^(\d+)$/.exec(text);
      if (!m || Number(m[1]) === 0) return [];
      return ['s', 'm', 'h']
        .map((unit) => m[1] + unit)
        .filter((t) => !taken.has(t))
        .map((t) => change(t, false));
    }
    case 'invalid-option': {
      // `#option minutes|How long|int|required`: the type word the user meant (`int` → integer, `bool` → boolean).
      const parts = text.split('|');
      if (parts.length < 3) return [];
      const written = parts[2].trim();
      if (written === '' || OPTION_TYPES.includes(written.toLowerCase())) return [];
      const meant = OPTION_TYPES.find((t) => t.startsWith(written.toLowerCase())) ?? nearestNames(written.toLowerCase(), OPTION_TYPES, 1)[0];
      if (!meant || taken.has(meant)) return [];
      const at = start + parts[0].length + 1 + parts[1].length + 1 + (parts[2].length - parts[2].trimStart().length);
      const range: Range = { start: doc.positionAt(at), end: doc.positionAt(at + written.length) };
      return [{ title: `Change to ${meant}`, preferred: existing.length === 0 || undefined, edits: [{ range, newText: meant }] }];
    }
    default:
      return [];
  }
}

/**
 * missing-trigger: a `#trigger` line named after the file (`ban.zbr` → `!ban`,
 * `/ban` in a slash command), the way command folders are usually laid out.
 * None when the file already has a `#trigger` line with a value (what is wrong
 * with it is that line's own diagnostic), for events and interactions (their
 * triggers are event names and custom IDs), or when the name makes no word.
 */
function triggerFromFileName(model: DocumentModel): FixData[] {
  const info = headerInfo(model.tree);
  // A #trigger line written another way (`#Trigger !ping`) has its own fix: a second trigger line would not help.
  if (info.trigger || /^[ \t]*#trigger\b/im.test(model.doc.getText())) return [];
  const sign = info.type === 'slash' ? '/' : info.type === 'prefix' ? '!' : undefined;
  if (!sign) return [];
  let file: string;
  try {
    file = decodeURIComponent(model.uri.slice(model.uri.lastIndexOf('/') + 1));
  } catch {
    return [];
  }
  // Slash command names are lower case, without spaces; prefix triggers are written the same way.
  const word = file
    .replace(/\.zbr$/i, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  if (word === '') return [];
  const origin = model.doc.positionAt(0);
  return [
    { title: `Add "#trigger ${sign}${word}"`, preferred: true, edits: [{ range: { start: origin, end: origin }, newText: `#trigger ${sign}${word}\n` }] },
  ];
}

/**
 * no-reply: a line at the end of the file that answers, a reply text (the
 * author rewrites it) or, in an interaction the message names Zdefer for (not
 * a modal's answer), Zdefer, which acknowledges the click without a message.
 */
function replyLines(model: DocumentModel, diagnostic: Diagnostic): FixData[] {
  const text = model.doc.getText();
  const end = model.doc.positionAt(text.length);
  const eol = lineBreakAt(text, text.length);
  const before = text === '' || text.endsWith('\n') ? '' : eol;
  const line = (title: string, newText: string, preferred: boolean): FixData => ({
    title,
    preferred: preferred || undefined,
    edits: [{ range: { start: end, end }, newText: `${before}${newText}${eol}` }],
  });
  const fixes = [line('Reply with a line of text ("Done.")', 'Done.', true)];
  if (diagnostic.message.includes('Zdefer')) fixes.push(line('Acknowledge the click without a reply (Zdefer)', 'Zdefer', false));
  return fixes;
}

/** The text a diagnostic points at, trimmed, and where it starts. */
function diagnosedText(model: DocumentModel, diagnostic: Diagnostic): { start: number; text: string } {
  const raw = model.doc.getText(diagnostic.range);
  return { start: model.doc.offsetAt(diagnostic.range.start) + raw.length - raw.trimStart().length, text: raw.trim() };
}

/**
 * Codes said of the whole file (at its start): a next-line comment cannot
 * silence them, so the quick fix writes the file-wide comment.
 */
const ABOUT_THE_FILE: ReadonlySet<string> = new Set(['missing-trigger', 'file-not-loaded']);

/** The name an unknown-function diagnostic points at, when it is one (`Z` and letters or digits). */
function unknownName(model: DocumentModel, diagnostic: Diagnostic): { start: number; text: string } | undefined {
  const found = diagnosedText(model, diagnostic);
  return /^Z[A-Za-z0-9]+$/.test(found.text) ? found : undefined;
}

const QUICK_FIX = 'quickfix';

function sameRange(a: Diagnostic, b: Diagnostic): boolean {
  return (
    a.range.start.line === b.range.start.line &&
    a.range.start.character === b.range.start.character &&
    a.range.end.line === b.range.end.line &&
    a.range.end.character === b.range.end.character
  );
}

export function codeActionsFor(
  model: DocumentModel,
  start: number,
  end: number,
  diagnostics: readonly Diagnostic[],
  current: () => Diagnostic[],
  ctx: FeatureContext,
): CodeAction[] {
  const { doc, uri } = model;
  const actions: CodeAction[] = [];
  let ours: Diagnostic[] | undefined;
  const disabled = new Set<string>();
  // A client that sends no diagnostics at all (some send none for a plain cursor request) still gets
  // the fixes of the server's own diagnostics that overlap the range, or touch the cursor.
  let list = diagnostics;
  if (list.length === 0) {
    ours = current();
    list = ours.filter((d) => doc.offsetAt(d.range.start) <= end && doc.offsetAt(d.range.end) >= start);
  }
  for (const sent of list) {
    if (!sent?.range || (sent.source !== undefined && sent.source !== 'zscript')) continue;
    // The fixes are those of the same diagnostic in the current analysis, never the `data` the client sent:
    // that holds ranges in the text it was made for, and a client keeps it as it is while it moves the
    // diagnostic after an edit above (VS Code) or sends one from before the edit. Applied there, a fix would
    // rewrite another line. A diagnostic the current text does not have (same code and range) gets none.
    ours ??= current();
    const match = ours.find((d) => d.code === sent.code && sameRange(d, sent));
    const diagnostic = match ?? sent;
    const data = match?.data as DiagnosticData | undefined;
    const own = data?.fixes ?? [];
    const name = match && diagnostic.code === 'unknown-function' ? unknownName(model, diagnostic) : undefined;
    let fixes: FixData[];
    if (!match) fixes = [];
    else if (name) fixes = spellingFixes(model, name.start, name.text, own, ctx, commonRank);
    else {
      const extra = extraFixes(model, diagnostic, own);
      // One preferred fix at most: an extra fix that is a closer spelling outranks the analysis' own.
      const demote = extra.some((f) => f.preferred === true);
      fixes = [...own.map((f) => (demote && f.preferred ? { ...f, preferred: undefined } : f)), ...extra];
    }
    // The preferred fix first (the light bulb menu keeps this order).
    fixes.sort((a, b) => (b.preferred === true ? 1 : 0) - (a.preferred === true ? 1 : 0));
    for (const fix of fixes) {
      actions.push({
        title: fix.title,
        kind: QUICK_FIX,
        diagnostics: [sent],
        isPreferred: fix.preferred === true ? true : undefined,
        edit: {
          changes: {
            [uri]: fix.edits.map((e): TextEdit => ({ range: e.range, newText: inFileLineBreaks(doc.getText(), doc.offsetAt(e.range.start), e.newText) })),
          },
        },
      });
    }
    const code = sent.code;
    // Not in the current text (the client kept it from before an edit): its line may now hold something else.
    if (!match || code === undefined || code === null || code === '') continue;
    if (typeof code === 'string' && ABOUT_THE_FILE.has(code)) {
      // Said of the whole file, at its start: only a comment above the first line of code silences it.
      if (disabled.has(code)) continue;
      disabled.add(code);
      const top = { line: 0, character: 0 };
      actions.push({
        title: `Disable ${code} for this file`,
        kind: QUICK_FIX,
        diagnostics: [sent],
        edit: { changes: { [uri]: [{ range: { start: top, end: top }, newText: `// zscript-disable ${code}${lineBreakAt(doc.getText(), 0)}` }] } },
      });
      continue;
    }
    // On a later line of a call spanning lines, the comment goes on a line of its own right above it (the
    // engine skips a `//` line there, and the directive silences the next line of the call); on the first
    // line, above the statement, where it silences the whole statement.
    const diagnosticOffset = doc.offsetAt(sent.range.start);
    const index = statementIndexAt(model.tree, diagnosticOffset);
    const firstLine = index >= 0 ? doc.positionAt(model.tree.starts[index]).line : -1;
    const diagnosticLine = Math.max(0, Math.min(sent.range.start.line, doc.lineCount - 1));
    const inner = index >= 0 && model.tree.statements[index].kind === StatementKind.Body && diagnosticLine > firstLine;
    const line = inner || index < 0 ? diagnosticLine : firstLine;
    let scope = 'this line';
    if (!inner && index >= 0) {
      const lastLine = doc.positionAt(Math.max(model.tree.starts[index], model.tree.starts[index + 1] - 1)).line;
      if (lastLine > firstLine) scope = `this statement (lines ${firstLine + 1}–${lastLine + 1})`;
    }
    const key = `${code}@${line}`;
    if (disabled.has(key)) continue;
    disabled.add(key);
    const lineStart = doc.offsetAt({ line, character: 0 });
    const lineText = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
    const indent = /^[ \t]*/.exec(lineText)?.[0] ?? '';
    const eol = lineBreakAt(doc.getText(), lineStart);
    const position = doc.positionAt(lineStart);
    actions.push({
      title: `Disable ${code} for ${scope}`,
      kind: QUICK_FIX,
      diagnostics: [sent],
      edit: { changes: { [uri]: [{ range: { start: position, end: position }, newText: `${indent}// zscript-disable-next-line ${code}${eol}` }] } },
    });
  }
  void start;
  void end;
  return actions;
}
