/**
 * The connection's writer, made to keep the protocol's promise that every
 * request gets an answer: when a response cannot be serialised (too deep, too
 * large for a string, circular), vscode-jsonrpc only logs "Sending response
 * failed." and the client waits forever. This writer sends an InternalError
 * response for that request instead. Stream failures (a closed pipe) are left
 * to the caller, which exits.
 */
import { ErrorCodes, Message, type MessageWriter, type ResponseMessage } from 'vscode-languageserver/node';

/** Whether a write error comes from the stream (it has an errno-style code) rather than from encoding the message. */
export function isStreamError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException)?.code === 'string';
}

export class AnsweringWriter implements MessageWriter {
  constructor(private readonly inner: MessageWriter) {}

  get onError() {
    return this.inner.onError;
  }

  get onClose() {
    return this.inner.onClose;
  }

  async write(message: Message): Promise<void> {
    try {
      await this.inner.write(message);
    } catch (error) {
      if (!Message.isResponse(message) || message.error !== undefined || isStreamError(error)) throw error;
      const answer: ResponseMessage = {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: ErrorCodes.InternalError, message: `zscript: the answer could not be sent (${(error as Error)?.message ?? error})` },
      };
      await this.inner.write(answer);
    }
  }

  end(): void {
    this.inner.end();
  }

  dispose(): void {
    this.inner.dispose();
  }
}
