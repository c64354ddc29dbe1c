/**
 * Documents open in the editor. didOpen/didChange/didClose are handled here
 * directly (not through vscode-languageserver's `TextDocuments` manager) so
 * that ranged changes reach the service's incremental parser unchanged.
 *
 * A document over MAX_DOCUMENT_CHARS is not given to the service: its parse
 * and analysis would cost ~100 times its size (a 50 MB file took the server to
 * 4.7 GB and a crash). Its text is still followed here, edit by edit, and it is
 * analysed again as soon as an edit brings it under the cap; meanwhile its
 * only diagnostic says why it is not analysed.
 */
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { ContentChange, ZscriptLanguageService } from '../service';
import type { Guard } from './guard';
import type { Range } from 'vscode-languageserver-types';
import { isObject, isRange } from './params';

/** What else has to happen when a document opens, changes or closes. */
export interface DocumentListener {
  /** The document's text is new: `opened` when it was just opened, else changed. */
  edited(uri: string, opened: boolean): void;
  /** The document was closed (the service no longer holds the editor's text). */
  closed(uri: string): void | Promise<void>;
  /** What the file on disk says of the document changed (its diagnostics did, without an edit). */
  diskChanged(uri: string): void;
}

/** Whether the file at a `file:` URI starts with a UTF-8 byte-order mark (false when it cannot be read). */
async function startsWithByteOrderMark(uri: string): Promise<boolean> {
  if (!uri.startsWith('file:')) return false;
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(fileURLToPath(uri), 'r');
    const head = Buffer.alloc(3);
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    return bytesRead === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Largest open document analysed, in UTF-16 code units (command files are a few KiB). */
export const MAX_DOCUMENT_CHARS = 8 * 1024 * 1024;

export class OpenDocuments {
  /** Open documents and the version the editor gave them. */
  private readonly versions = new Map<string, number>();
  /** Open documents too large to analyse: their text, followed here instead of in the service. */
  private readonly oversized = new Map<string, TextDocument>();

  constructor(private readonly service: ZscriptLanguageService) {}

  /** For a document too large to analyse, the one diagnostic that says so. */
  oversizedNote(uri: string): Diagnostic | undefined {
    const doc = this.oversized.get(uri);
    if (!doc) return undefined;
    const mib = (doc.getText().length / 1048576).toFixed(1);
    return {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: 3 /* Information */,
      source: 'zscript',
      code: 'file-too-large',
      message: `This file is not analysed: ${mib} M characters is over the ${MAX_DOCUMENT_CHARS / 1048576} M the server analyses (command files are a few KiB)`,
    };
  }

  /** Opens `text` in the service, or keeps it here when it is too large to analyse. */
  private place(uri: string, text: string, version: number): void {
    if (text.length > MAX_DOCUMENT_CHARS) {
      this.service.closeDocument(uri);
      this.oversized.set(uri, TextDocument.create(uri, 'zscript', version, text));
    } else {
      this.oversized.delete(uri);
      this.service.openDocument(uri, text, version);
    }
  }

  /** Reads whether the document's file has a byte-order mark, and tells the listener when that changes what is reported. */
  private async readDiskMark(uri: string, listener: DocumentListener): Promise<void> {
    const mark = await startsWithByteOrderMark(uri);
    if (this.versions.has(uri) && this.service.setDiskByteOrderMark(uri, mark)) listener.diskChanged(uri);
  }

  has(uri: string): boolean {
    return this.versions.has(uri);
  }

  /** The version of an open document, or undefined when it is not open. */
  version(uri: string): number | undefined {
    return this.versions.get(uri);
  }

  uris(): IterableIterator<string> {
    return this.versions.keys();
  }

  listen(connection: Connection, guard: Guard, listener: DocumentListener): void {
    connection.onDidOpenTextDocument(
      guard.notification('textDocument/didOpen', (params: { textDocument?: { uri?: unknown; text?: unknown; version?: unknown } }) => {
        const td = params.textDocument;
        if (!isObject(td) || typeof td.uri !== 'string' || typeof td.text !== 'string') return;
        const version = typeof td.version === 'number' ? td.version : 0;
        this.place(td.uri, td.text, version);
        this.versions.set(td.uri, version);
        listener.edited(td.uri, true);
        void this.readDiskMark(td.uri, listener);
      }),
    );

    // Saving may add or drop the byte-order mark the editor keeps out of the text (its encoding setting).
    connection.onDidSaveTextDocument(
      guard.notification('textDocument/didSave', (params: { textDocument?: { uri?: unknown } }) => {
        const td = params.textDocument;
        if (!isObject(td) || typeof td.uri !== 'string' || !this.versions.has(td.uri)) return;
        void this.readDiskMark(td.uri, listener);
      }),
    );

    connection.onDidChangeTextDocument(
      guard.notification('textDocument/didChange', (params: { textDocument?: { uri?: unknown; version?: unknown }; contentChanges?: unknown }) => {
        const td = params.textDocument;
        if (!isObject(td) || typeof td.uri !== 'string' || !this.versions.has(td.uri) || !Array.isArray(params.contentChanges)) return;
        const version = typeof td.version === 'number' ? td.version : (this.versions.get(td.uri) ?? 0) + 1;
        const changes = contentChanges(params.contentChanges);
        const big = this.oversized.get(td.uri);
        if (big) {
          const next = TextDocument.update(big, changes, version);
          this.oversized.set(td.uri, next);
          if (next.getText().length <= MAX_DOCUMENT_CHARS) this.place(td.uri, next.getText(), version);
        } else {
          // Whole-text changes are checked before the service parses them; ranged ones after (they rarely grow much).
          const whole = changes.length > 0 && !('range' in changes[changes.length - 1]) ? changes[changes.length - 1].text : undefined;
          if (whole !== undefined && whole.length > MAX_DOCUMENT_CHARS) this.place(td.uri, whole, version);
          else {
            this.service.changeDocument(td.uri, changes, version);
            const text = this.service.getText(td.uri);
            if (text !== undefined && text.length > MAX_DOCUMENT_CHARS) this.place(td.uri, text, version);
          }
        }
        this.versions.set(td.uri, version);
        listener.edited(td.uri, false);
      }),
    );

    connection.onDidCloseTextDocument(
      guard.notification('textDocument/didClose', (params: { textDocument?: { uri?: unknown } }) => {
        const td = params.textDocument;
        if (!isObject(td) || typeof td.uri !== 'string' || !this.versions.has(td.uri)) return;
        this.versions.delete(td.uri);
        this.oversized.delete(td.uri);
        this.service.closeDocument(td.uri);
        return listener.closed(td.uri);
      }),
    );
  }
}

/** The well-formed changes of a didChange, in order (malformed ones are skipped). */
function contentChanges(received: readonly unknown[]): ContentChange[] {
  const changes: ContentChange[] = [];
  for (const change of received) {
    if (!isObject(change) || typeof change.text !== 'string') continue;
    if (change.range !== undefined) {
      if (isRange(change.range)) changes.push({ range: wellFormed(change.range), text: change.text });
    } else {
      changes.push({ text: change.text });
    }
  }
  return changes;
}

/**
 * A range whose end comes before its start is taken as the same range the
 * other way round, as vscode-languageserver-textdocument (and so the editor's
 * own copy of the text) takes it; read as written it would insert instead of
 * replace, and the server's text would no longer be the editor's.
 */
function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}
