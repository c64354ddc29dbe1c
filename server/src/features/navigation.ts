/**
 * Go to definition, find references and rename for variables (by name AND
 * scope, across the workspace; temporary `Zvar` variables within their file),
 * for slash-command options (`Zoption{name}` and its `#option` line) and for
 * component custom IDs (`ZaddButton{;verify}` and the interaction command
 * with `#trigger onInteraction{verify}` that handles it).
 */
import type { Definition, DocumentHighlight, Location, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { VariableScope } from '../language/variableFunctions';
import { variableFunction } from '../language/variableFunctions';
import { isInteractionIdParameter } from '../language/componentIds';
import { type FileIndex, literalArgument, type Occurrence } from '../analysis/workspaceIndex';
import { StatementKind } from '../syntax/tree';
import { type DocumentModel, type FeatureContext, bindCall, boundParamAt, callPathAt, locateStatement, toRange } from './model';
import { headerInfo } from '../analysis/headerInfo';
import { isDiscordName } from '../analysis/slashRegistration';
import { Analyzer } from '../analysis/analyzer';
import type { Catalog } from '../catalog/catalog';
import { parseCommandFile } from '../syntax/parse';
import { type CallNode, NodeKind } from '../syntax/tree';

type Target =
  | { kind: 'variable'; name: string; scope: VariableScope; start: number; end: number }
  | { kind: 'option'; name: string; start: number; end: number }
  | { kind: 'customId'; name: string; start: number; end: number }
  | { kind: 'fieldId'; name: string; start: number; end: number };

/** What the cursor is on: a literal variable name, an option use, or an `#option` name. Looks at one statement only. */
export function targetAt(model: DocumentModel, offset: number, ctx: FeatureContext): Target | undefined {
  const loc = locateStatement(model.tree, offset);
  if (!loc) return undefined;
  const rel = offset - loc.start;
  const st = loc.statement;
  if (st.kind === StatementKind.Header) {
    const directive = loc.text.slice(st.start + 1, st.nameEnd);
    if (directive === 'trigger') {
      const handles = ctx.workspace.get(model.uri)?.handles;
      return handles && handles.start <= offset && offset <= handles.end
        ? { kind: 'customId', name: handles.name, start: handles.start, end: handles.end }
        : undefined;
    }
    if (directive !== 'option') return undefined;
    const option = headerInfo(model.tree).options.find((o) => o.start <= offset && offset <= o.end);
    return option ? { kind: 'option', name: option.name, start: option.start, end: option.end } : undefined;
  }
  const path = callPathAt(st, rel);
  const frame = path[path.length - 1];
  if (!frame) return undefined;
  const name = loc.text.slice(frame.call.start, frame.call.nameEnd);
  if (frame.argIndex !== 0 || !variableFunction(name)) {
    // A component's custom ID (ZaddButton{;verify}), handled by `#trigger onInteraction{verify}`.
    const bound = bindCall(ctx.catalog, loc.text, frame.call);
    const param = bound ? boundParamAt(bound.fn, bound.binding, frame.argIndex)?.param : undefined;
    const id = param && isInteractionIdParameter(param.name) ? literalArgument(loc.text, frame.call, frame.argIndex) : undefined;
    if (id && rel >= id.start && rel <= id.end) return { kind: 'customId', name: id.text, start: loc.start + id.start, end: loc.start + id.end };
    if (frame.argIndex !== 0) return undefined;
  }
  const lit = literalArgument(loc.text, frame.call, 0);
  if (!lit || rel < lit.start || rel > lit.end) return undefined;
  const vf = variableFunction(name);
  if (vf) return { kind: 'variable', name: lit.text, scope: vf.scope, start: loc.start + lit.start, end: loc.start + lit.end };
  if (name === 'Zoption') return { kind: 'option', name: lit.text, start: loc.start + lit.start, end: loc.start + lit.end };
  // A modal text input's field ID, read back with ZinputValue{fieldID}.
  if (name === 'ZinputValue' || name === 'ZaddTextInput') return { kind: 'fieldId', name: lit.text, start: loc.start + lit.start, end: loc.start + lit.end };
  return undefined;
}

interface Place {
  uri: string;
  range: Range;
  declaration: boolean;
}

/** Where `target` occurs in one file (its index; an option's declarations from `model`'s own headers). */
function occurrencesIn(index: FileIndex | undefined, target: Target, model?: DocumentModel): { start: number; end: number; declaration: boolean }[] {
  const found: { start: number; end: number; declaration: boolean }[] = [];
  const add = (list: readonly Occurrence[] | undefined, declaration: boolean) => {
    for (const o of list ?? []) if (o.name === target.name) found.push({ start: o.start, end: o.end, declaration });
  };
  if (target.kind === 'variable') {
    for (const v of index?.variables ?? [])
      if (v.scope === target.scope && v.name === target.name) found.push({ start: v.start, end: v.end, declaration: v.access === 'set' });
  } else if (target.kind === 'fieldId') {
    add(index?.fieldIds, true);
    add(index?.fieldUses, false);
  } else if (target.kind === 'customId') {
    add(index?.customIds, true);
    add(index?.handles ? [index.handles] : undefined, false);
  } else {
    add(model ? headerInfo(model.tree).options : undefined, true);
    add(index?.optionUses, false);
  }
  return found;
}

function places(model: DocumentModel, target: Target, ctx: FeatureContext): Place[] {
  if (target.kind === 'variable') {
    return ctx.workspace.variableOccurrences(target.name, target.scope, model.uri).map(({ uri, doc, occurrence }) => ({
      uri,
      range: toRange(doc, occurrence.start, occurrence.end),
      declaration: occurrence.access === 'set',
    }));
  }
  // Options are the file's own; custom and field IDs link files.
  if (target.kind === 'option')
    return occurrencesIn(ctx.workspace.get(model.uri), target, model).map((o) => ({
      uri: model.uri,
      range: toRange(model.doc, o.start, o.end),
      declaration: o.declaration,
    }));
  const found: Place[] = [];
  for (const [file, index] of ctx.workspace.entries())
    for (const o of occurrencesIn(index, target)) found.push({ uri: file.uri, range: toRange(file.doc, o.start, o.end), declaration: o.declaration });
  // The current file first.
  return found.sort((a, b) => (a.uri === model.uri ? 0 : 1) - (b.uri === model.uri ? 0 : 1));
}

export function definitionAt(model: DocumentModel, offset: number, ctx: FeatureContext): Definition | null {
  const target = targetAt(model, offset, ctx);
  if (!target) return null;
  const all = places(model, target, ctx);
  // The first write (the current file's first), else the first occurrence.
  const def = all.find((p) => p.declaration) ?? all[0];
  return def ? { uri: def.uri, range: def.range } : null;
}

export function referencesAt(model: DocumentModel, offset: number, includeDeclaration: boolean, ctx: FeatureContext): Location[] {
  const target = targetAt(model, offset, ctx);
  if (!target) return [];
  const all = places(model, target, ctx);
  const def = all.find((p) => p.declaration) ?? all[0];
  return all.filter((p) => includeDeclaration || p !== def).map((p) => ({ uri: p.uri, range: p.range }));
}

/**
 * The occurrences in this document of what the cursor is on (a variable,
 * an option, a custom ID): writes and declarations as Write, the others as
 * Read. Editors ask on every cursor move, so only this file's index is read.
 */
export function highlightsAt(model: DocumentModel, offset: number, ctx: FeatureContext): DocumentHighlight[] {
  const target = targetAt(model, offset, ctx);
  if (!target) return [];
  return occurrencesIn(ctx.workspace.get(model.uri), target, model)
    .sort((a, b) => a.start - b.start)
    .map((o) => ({ range: toRange(model.doc, o.start, o.end), kind: o.declaration ? 3 : 2 })); // Write : Read
}

export function prepareRenameAt(model: DocumentModel, offset: number, ctx: FeatureContext): { range: Range; placeholder: string } | null {
  void ctx;
  const target = targetAt(model, offset, ctx);
  if (!target) return null;
  return { range: toRange(model.doc, target.start, target.end), placeholder: target.name };
}

/** A name the engine reads back unchanged as one argument ("|" splits only #option lines: option names are Discord's, checked apart). */
export function isValidName(name: string): boolean {
  return name.length > 0 && name === name.trim() && !/[{};\\\r\n]/.test(name) && !name.includes('Z{');
}

/**
 * Why the symbol at `offset` cannot take `newName`, if it cannot: a name the
 * engine would split, or one a variable of the same scope already has (the
 * two would become one variable).
 */
export function renameProblemAt(model: DocumentModel, offset: number, newName: string, ctx: FeatureContext): string | undefined {
  const target = targetAt(model, offset, ctx);
  return target ? renameProblem(model, target, newName, ctx) : undefined;
}

/** Analyzers by catalog, for reading a new name as the engine would. */
const probes = new WeakMap<Catalog, Analyzer>();
const PROBE_PREFIX = '#trigger !rename\nZlowercase{';

/**
 * What the engine would do with `name` written as an argument, when that is
 * not to read it back as written: a function it runs (a call, or a word such
 * as `stop` or the end of `today`), or a crash (letters outside ASCII).
 */
function engineReadingProblem(name: string, catalog: Catalog): string | undefined {
  let analyzer = probes.get(catalog);
  if (!analyzer) probes.set(catalog, (analyzer = new Analyzer(catalog)));
  const text = `${PROBE_PREFIX}${name}}\n`;
  const tree = parseCommandFile(text, { isBareCallable: (word: string) => catalog.isBareCallable(word) });
  const call = tree.statements[1]?.kind === StatementKind.Body ? tree.statements[1].nodes.find((n) => n.kind === NodeKind.Call) : undefined;
  if ((call as CallNode | undefined)?.args[0]?.nodes.length) return 'the engine would run the call in it instead of keeping the text';
  const start = PROBE_PREFIX.length;
  const end = start + name.length;
  const found = analyzer.diagnose(tree).find((d) => d.start < end && d.end > start && (d.severity === 'error' || d.code === 'word-runs-function'));
  if (!found) return undefined;
  // Only what concerns a name: the diagnostic's advice (how to print the word) is for text.
  if (found.code === 'word-runs-function' && found.reading)
    return `the engine ${found.reading.replace(/^runs/, 'would run')}, so the name would not stay as written`;
  return found.message;
}

function renameProblem(model: DocumentModel, target: Target, newName: string, ctx: FeatureContext): string | undefined {
  if (newName.trim() === '') return 'a name cannot be empty: the engine reads an empty name as no name at all';
  if (newName !== newName.trim()) return `"${newName}" cannot be a name: the engine trims the spaces around an argument, so the name would lose them`;
  // Only the #option line splits on "|"; Discord takes 1 to 32 lower-case letters, digits, "-" or "_" for an option.
  if (target.kind === 'option' && !isDiscordName(newName))
    return `"${newName}" cannot be an option name: Discord takes 1 to 32 lower-case letters, digits, "-" or "_" (it would refuse the command)`;
  if (!isValidName(newName)) return `"${newName}" cannot be a name: the engine would read its braces, ";" or line breaks`;
  const reading = engineReadingProblem(newName, ctx.catalog);
  if (reading) return `"${newName}" cannot be a name: ${reading}`;
  if (target.kind === 'variable' && newName !== target.name && ctx.workspace.variableNames(target.scope, model.uri).has(newName))
    return `a ${target.scope} variable named "${newName}" already exists: renaming "${target.name}" to it would make the two one variable`;
  return undefined;
}

export function renameAt(model: DocumentModel, offset: number, newName: string, ctx: FeatureContext): WorkspaceEdit | null {
  const target = targetAt(model, offset, ctx);
  if (!target || renameProblem(model, target, newName, ctx)) return null;
  const changes: Record<string, TextEdit[]> = {};
  for (const p of places(model, target, ctx)) (changes[p.uri] ??= []).push({ range: p.range, newText: newName });
  return { changes };
}
