/**
 * The capability exchange of `initialize`: what the client says it supports,
 * read once, and what the server declares. Everything is declared statically
 * in the initialize result, because older clients (Neovim 0.7) ignore dynamic
 * registration.
 */
import type { ParameterLabels } from './clientFormats';
import { CodeActionKind, type ClientCapabilities, type InitializeResult, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { SEMANTIC_TOKEN_MODIFIERS, SEMANTIC_TOKEN_TYPES } from '../service';
import type { CompletionWireSupport } from './completionWire';
import { VERSION } from '../version';

export const COMPLETION_TRIGGER_CHARACTERS = ['Z', '{', ';', '#', '+', '-', '/', '|', '$'];
export const SIGNATURE_TRIGGER_CHARACTERS = ['{', ';'];
export const SIGNATURE_RETRIGGER_CHARACTERS = [';'];

/** The client capabilities the server acts on. */
export interface ClientSupport {
  /** textDocument/diagnostic: the client pulls diagnostics. */
  readonly pullDiagnostics: boolean;
  /** workspace/configuration: the server can ask for the settings. */
  readonly configuration: boolean;
  /** didChangeConfiguration can be registered dynamically (then the client notifies every change). */
  readonly registersConfiguration: boolean;
  /** didChangeWatchedFiles can be registered dynamically (watchers are never static). */
  readonly watchesFilesDynamically: boolean;
  readonly workspaceFolders: boolean;
  /** Which workspace/…/refresh requests the client accepts. */
  readonly refresh: { readonly diagnostics: boolean; readonly inlayHints: boolean; readonly semanticTokens: boolean };
  readonly completion: CompletionWireSupport;
  /** Whether the client shows Markdown, where it says which formats it takes (not said: yes, as most do). */
  readonly markdown: { readonly hover: boolean; readonly completion: boolean; readonly signature: boolean };
  /**
   * How signature help names a parameter: by offsets into the signature's label, or by its text
   * (a client without labelOffsetSupport; eglot, which shifts offsets by one in its documentation
   * buffer, where the text is found once in the label).
   */
  readonly parameterLabels: ParameterLabels;
}

/** Before `initialize`: nothing. */
export const NO_CLIENT_SUPPORT: ClientSupport = clientSupportOf(undefined);

export function clientSupportOf(capabilities: ClientCapabilities | undefined, clientName?: unknown): ClientSupport {
  const caps = capabilities ?? {};
  const offsets = caps.textDocument?.signatureHelp?.signatureInformation?.parameterInformation?.labelOffsetSupport === true;
  const completion = caps.textDocument?.completion;
  const itemDefaults = completion?.completionList?.itemDefaults;
  const resolveProperties = completion?.completionItem?.resolveSupport?.properties;
  return {
    pullDiagnostics: !!caps.textDocument?.diagnostic,
    configuration: !!caps.workspace?.configuration,
    registersConfiguration: !!caps.workspace?.didChangeConfiguration?.dynamicRegistration,
    watchesFilesDynamically: !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    workspaceFolders: !!caps.workspace?.workspaceFolders,
    refresh: {
      diagnostics: !!caps.workspace?.diagnostics?.refreshSupport,
      inlayHints: !!caps.workspace?.inlayHint?.refreshSupport,
      semanticTokens: !!caps.workspace?.semanticTokens?.refreshSupport,
    },
    completion: {
      itemDefaults: Array.isArray(itemDefaults) ? itemDefaults : [],
      resolveProperties: Array.isArray(resolveProperties) ? resolveProperties : [],
      labelDetails: completion?.completionItem?.labelDetailsSupport === true,
      snippets: completion?.completionItem?.snippetSupport === true,
    },
    parameterLabels: !offsets ? 'text' : clientName === 'Eglot' ? 'text-where-unique' : 'offsets',
    markdown: markdownSupport(
      caps.textDocument?.hover?.contentFormat,
      completion?.completionItem?.documentationFormat,
      caps.textDocument?.signatureHelp?.signatureInformation?.documentationFormat,
    ),
  };
}

/**
 * Where the client takes Markdown. A format it does not declare is taken to
 * be one it declares elsewhere: eglot 1.17 declares plain text for hover and
 * nothing for completion, whose documentation it shows the same raw way.
 * Declared nowhere: Markdown (the protocol's common case).
 */
function markdownSupport(hover: unknown, completion: unknown, signature: unknown): { hover: boolean; completion: boolean; signature: boolean } {
  const declared = [hover, completion, signature].find(Array.isArray);
  const takes = (formats: unknown) => takesMarkdown(Array.isArray(formats) ? formats : declared);
  return { hover: takes(hover), completion: takes(completion), signature: takes(signature) };
}

function takesMarkdown(formats: unknown): boolean {
  return !Array.isArray(formats) || formats.includes('markdown');
}

/** The initialize result. `formatting`: whether the service formats (an optional method). */
export function initializeResult(formatting: boolean): InitializeResult {
  const capabilities: InitializeResult['capabilities'] = {
    positionEncoding: 'utf-16',
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
    completionProvider: {
      resolveProvider: true,
      triggerCharacters: COMPLETION_TRIGGER_CHARACTERS,
      completionItem: { labelDetailsSupport: true },
    },
    signatureHelpProvider: { triggerCharacters: SIGNATURE_TRIGGER_CHARACTERS, retriggerCharacters: SIGNATURE_RETRIGGER_CHARACTERS },
    hoverProvider: true,
    inlayHintProvider: { resolveProvider: false },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix], resolveProvider: false },
    definitionProvider: true,
    referencesProvider: true,
    documentHighlightProvider: true,
    renameProvider: { prepareProvider: true },
    documentSymbolProvider: { label: 'zscript' },
    workspaceSymbolProvider: true,
    foldingRangeProvider: true,
    semanticTokensProvider: {
      legend: { tokenTypes: [...SEMANTIC_TOKEN_TYPES], tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS] },
      full: { delta: true },
      range: false,
    },
    colorProvider: true,
    documentLinkProvider: { resolveProvider: false },
    selectionRangeProvider: true,
    diagnosticProvider: { identifier: 'zscript', interFileDependencies: true, workspaceDiagnostics: true },
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
  };
  if (formatting) capabilities.documentFormattingProvider = true;
  return { capabilities, serverInfo: { name: 'zscript-language-server', version: VERSION } };
}
