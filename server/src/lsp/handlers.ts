/**
 * One handler per language request, each mapping the protocol parameters
 * onto one service method. Parameters are checked here (garbage answers
 * empty); the guard (guard.ts) turns failures into per-request errors and
 * honours cancellation. Diagnostics requests are in diagnosticsDelivery.ts,
 * zscript/reloadCatalog in catalogStatus.ts. The catalog reference pages
 * (zscript/reference, zscript/referenceIndex) are here too: the extension
 * renders what the server's catalog says.
 */
import { type Connection, ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { ZscriptLanguageService } from '../service';
import type { ClientSupport } from './capabilities';
import { plainCompletionItem, plainHover, plainSignatureHelp, withParameterLabels } from './clientFormats';
import type { CompletionWire } from './completionWire';
import type { Guard } from './guard';
import { isObject, isPosition, isRange, uriOf } from './params';
import { referenceIndex, referencePage } from '../features/reference';

export const REFERENCE_REQUEST = 'zscript/reference';
export const REFERENCE_INDEX_REQUEST = 'zscript/referenceIndex';

/** `completionWire()`: the compact wire format for the client (known from initialize). */
export function registerRequestHandlers(
  connection: Connection,
  guard: Guard,
  service: ZscriptLanguageService,
  completionWire: () => CompletionWire,
  client: () => ClientSupport,
): void {
  const emptyCompletions = { isIncomplete: false, items: [] };

  connection.onRequest(
    REFERENCE_REQUEST,
    guard.request(REFERENCE_REQUEST, null, (params: unknown) => {
      if (!isObject(params) || typeof params.name !== 'string' || params.name.trim() === '') return null;
      return referencePage(service.catalog, params.name.trim(), params.kind === 'trigger' ? 'trigger' : 'function');
    }),
  );
  connection.onRequest(
    REFERENCE_INDEX_REQUEST,
    guard.requestAsync(REFERENCE_INDEX_REQUEST, [] as ReturnType<typeof referenceIndex>, async () => referenceIndex(service.catalog), true),
  );

  connection.onCompletion(
    guard.request('textDocument/completion', emptyCompletions, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return emptyCompletions;
      // Only a character the editor reports as the trigger (kind 2) counts as unasked typing.
      const context = params.context;
      const character = context?.triggerKind === 2 && typeof context.triggerCharacter === 'string' ? context.triggerCharacter : undefined;
      const list = completionWire().compact(service.completions(uri, params.position, character === undefined ? {} : { character }));
      return client().markdown.completion ? list : { ...list, items: list.items.map(plainCompletionItem) };
    }),
  );

  connection.onCompletionResolve(
    guard.request('completionItem/resolve', null as never, (item) => {
      const resolved = service.resolveCompletion(completionWire().restore(item));
      return client().markdown.completion ? resolved : plainCompletionItem(resolved);
    }),
  );

  connection.onSignatureHelp(
    guard.request('textDocument/signatureHelp', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return null;
      const help = withParameterLabels(service.signatureHelp(uri, params.position), client().parameterLabels);
      return client().markdown.signature ? help : plainSignatureHelp(help);
    }),
  );

  connection.onHover(
    guard.request('textDocument/hover', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return null;
      const hover = service.hover(uri, params.position);
      return client().markdown.hover ? hover : plainHover(hover);
    }),
  );

  connection.languages.inlayHint.on(
    guard.request('textDocument/inlayHint', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isRange(params.range)) return [];
      return service.inlayHints(uri, params.range);
    }),
  );

  connection.onCodeAction(
    guard.request('textDocument/codeAction', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isRange(params.range)) return [];
      // Only well-formed diagnostics reach the service (a garbage one must not become a TypeError).
      const diagnostics = Array.isArray(params.context?.diagnostics) ? params.context.diagnostics.filter((d: unknown) => isObject(d) && isRange(d.range)) : [];
      const actions = service.codeActions(uri, params.range, diagnostics);
      // `only` filters by kind prefix: "quickfix" also takes "quickfix.x".
      const only = params.context?.only;
      if (!Array.isArray(only) || only.length === 0) return actions;
      return actions.filter((a) => !a.kind || only.some((k) => typeof k === 'string' && (a.kind === k || a.kind!.startsWith(`${k}.`))));
    }),
  );

  connection.onDefinition(
    guard.request('textDocument/definition', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return null;
      return service.definition(uri, params.position);
    }),
  );

  connection.onReferences(
    guard.request('textDocument/references', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return [];
      return service.references(uri, params.position, params.context?.includeDeclaration !== false);
    }),
  );

  connection.onDocumentHighlight(
    guard.request('textDocument/documentHighlight', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return [];
      return service.documentHighlights(uri, params.position);
    }),
  );

  connection.onPrepareRename(
    guard.request('textDocument/prepareRename', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position)) return null;
      return service.prepareRename(uri, params.position);
    }),
  );

  connection.onRenameRequest(
    guard.request('textDocument/rename', null, (params) => {
      const uri = uriOf(params);
      if (!uri || !isPosition(params.position) || typeof params.newName !== 'string') return null;
      const edit = service.rename(uri, params.position, params.newName);
      if (edit) return edit;
      // No edit: say why rather than answer null, which a client that skips prepareRename (eglot) reports as a success.
      if (!service.prepareRename(uri, params.position))
        throw new ResponseError(
          ErrorCodes.InvalidParams,
          'zscript: nothing to rename here; put the cursor on a variable name, an #option name, a custom ID or a modal field ID',
        );
      const why = service.renameProblem(uri, params.position, params.newName);
      throw new ResponseError(ErrorCodes.InvalidParams, `zscript: cannot rename to "${params.newName}"${why ? `: ${why}` : ''}`);
    }),
  );

  connection.onDocumentSymbol(
    guard.request('textDocument/documentSymbol', [], (params) => {
      const uri = uriOf(params);
      return uri ? service.documentSymbols(uri) : [];
    }),
  );

  connection.onWorkspaceSymbol(
    guard.request('workspace/symbol', [], (params) => service.workspaceSymbols(typeof params.query === 'string' ? params.query : '')),
  );

  connection.onFoldingRanges(
    guard.request('textDocument/foldingRange', [], (params) => {
      const uri = uriOf(params);
      return uri ? service.foldingRanges(uri) : [];
    }),
  );

  connection.languages.semanticTokens.on(
    guard.request('textDocument/semanticTokens/full', { data: [] }, (params) => {
      const uri = uriOf(params);
      return uri ? service.semanticTokens(uri) : { data: [] };
    }),
  );

  connection.languages.semanticTokens.onDelta(
    guard.request('textDocument/semanticTokens/full/delta', { data: [] } as never, (params) => {
      const uri = uriOf(params);
      if (!uri) return { data: [] };
      return service.semanticTokensDelta(uri, typeof params.previousResultId === 'string' ? params.previousResultId : '');
    }),
  );

  connection.onDocumentColor(
    guard.request('textDocument/documentColor', [], (params) => {
      const uri = uriOf(params);
      return uri ? service.documentColors(uri) : [];
    }),
  );

  connection.onColorPresentation(
    guard.request('textDocument/colorPresentation', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !isObject(params.color) || !isRange(params.range)) return [];
      return service.colorPresentations(uri, params.color, params.range);
    }),
  );

  connection.onDocumentLinks(
    guard.request('textDocument/documentLink', [], (params) => {
      const uri = uriOf(params);
      return uri ? service.documentLinks(uri) : [];
    }),
  );

  connection.onSelectionRanges(
    guard.request('textDocument/selectionRange', [], (params) => {
      const uri = uriOf(params);
      if (!uri || !Array.isArray(params.positions) || !params.positions.every(isPosition)) return [];
      return service.selectionRanges(uri, params.positions);
    }),
  );

  connection.onDocumentFormatting(
    guard.request('textDocument/formatting', [], (params) => {
      const uri = uriOf(params);
      return uri && typeof service.formatting === 'function' ? service.formatting(uri) : [];
    }),
  );
}
