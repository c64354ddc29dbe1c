/**
 * The protocol's lifecycle rules, applied to every message before it is
 * dispatched (vscode-languageserver leaves them to the server):
 * - before `initialize`, requests are answered ServerNotInitialized (-32002)
 *   and notifications other than `exit` are dropped;
 * - a second `initialize` is answered InvalidRequest;
 * - after `shutdown`, requests are answered InvalidRequest and notifications
 *   other than `exit` are dropped;
 * - params that are present but neither an object nor an array (JSON-RPC
 *   allows only those) are answered InvalidParams, and such notifications are
 *   dropped: vscode-languageserver reads fields of params before any handler
 *   runs, so `null` would otherwise fail inside the library as an
 *   InternalError about `workDoneToken`.
 */
import { ErrorCodes, Message, type MessageStrategy, type RequestMessage, type ResponseMessage } from 'vscode-languageserver/node';

type Phase = 'new' | 'running' | 'shutdown';

export class Lifecycle implements MessageStrategy {
  private phase: Phase = 'new';

  /** `reply` writes a response straight to the client (the writer of the connection). */
  constructor(private readonly reply: (response: ResponseMessage) => void) {}

  /** Whether `shutdown` was received (an exit after it is a clean one). */
  get shutdownReceived(): boolean {
    return this.phase === 'shutdown';
  }

  handleMessage(message: Message, next: (message: Message) => void): void {
    if (Message.isRequest(message)) return this.request(message, next);
    if (Message.isNotification(message) && message.method !== 'exit') {
      if (this.phase !== 'running') return;
      // `initialized` carries nothing the server reads; some clients send it with null.
      if (!hasStructuredParams(message) && message.method !== 'initialized') return;
    }
    next(message);
  }

  private request(message: RequestMessage, next: (message: Message) => void): void {
    // `shutdown` has no params; clients send none, null or {}.
    if (message.method !== 'shutdown' && !hasStructuredParams(message))
      return this.refuse(
        message,
        ErrorCodes.InvalidParams,
        `${message.method}: params must be an object (got ${message.params === null ? 'null' : typeof message.params})`,
      );
    if (message.method === 'initialize') {
      if (this.phase !== 'new') return this.refuse(message, ErrorCodes.InvalidRequest, 'initialize was already received');
      this.phase = 'running';
      return next(message);
    }
    if (this.phase === 'new') return this.refuse(message, ErrorCodes.ServerNotInitialized, `${message.method} before initialize`);
    if (this.phase === 'shutdown') return this.refuse(message, ErrorCodes.InvalidRequest, `${message.method} after shutdown`);
    if (message.method === 'shutdown') this.phase = 'shutdown';
    next(message);
  }

  private refuse(message: RequestMessage, code: number, text: string): void {
    this.reply({ jsonrpc: '2.0', id: message.id, error: { code, message: `zscript: ${text}` } });
  }
}

/** Params absent, an object or an array: what JSON-RPC 2.0 allows. */
function hasStructuredParams(message: { params?: unknown }): boolean {
  return message.params === undefined || (typeof message.params === 'object' && message.params !== null);
}
