/**
 * The protocol's lifecycle rules, applied to every message before it is
 * dispatched (vscode-languageserver leaves them to the server):
 * - before `initialize`, requests are answered ServerNotInitialized (-32002)
 *   and notifications other than `exit` are dropped;
 * - a second `initialize` is answered InvalidRequest;
 * - after `shutdown`, requests are answered InvalidRequest and notifications
 *   other than `exit` are dropped.
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
    if (Message.isNotification(message) && message.method !== 'exit' && this.phase !== 'running') return;
    next(message);
  }

  private request(message: RequestMessage, next: (message: Message) => void): void {
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
