/**
 * The wrapper around every handler. A request handler that throws must fail
 * that one request (logged with its stack, answered InternalError) and leave
 * the server serving; a cancelled request is answered RequestCancelled; a
 * notification never throws at the connection. Garbage parameters (not an
 * object) answer the handler's empty result without running it.
 */
import { type CancellationToken, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { isObject } from './params';

export interface GuardLog {
  error(message: string): void;
  log(message: string): void;
}

export interface GuardOptions {
  /** Test hook: the named request method throws inside its handler, or with `unsendable:` before it answers something that cannot be serialised (ZSCRIPT_LSP_FAULT). */
  faultMethod?: string;
  /** Whether to log each request's time (`zscript.trace.server` other than off). */
  tracing(): boolean;
}

export type RequestHandler<P, R> = (params: P, token: CancellationToken) => R;

export function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

export function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack ?? error.message };
  return { message: String(error), stack: String(error) };
}

export class Guard {
  constructor(
    private readonly log: GuardLog,
    private readonly options: GuardOptions,
  ) {}

  /** Logs a failure with its stack (window/logMessage, error). */
  logError(method: string, error: unknown): void {
    this.log.error(`zscript: ${method} failed: ${describe(error).stack}`);
  }

  /** A synchronous request handler; a null or undefined answer becomes `empty`. */
  request<P, R>(method: string, empty: R, handler: RequestHandler<P, R | null | undefined>): RequestHandler<P, R> {
    return (params: P, token: CancellationToken) => {
      if (token?.isCancellationRequested) throw cancelled();
      const started = Date.now();
      try {
        this.injectFault(method);
        if (!isObject(params)) return empty;
        const result = handler(params, token);
        return this.finish(method, started, token, result ?? empty);
      } catch (error) {
        throw this.failure(method, error);
      }
    };
  }

  /** An asynchronous request handler; `allowNoParams` for requests whose params are optional. */
  requestAsync<P, R>(method: string, empty: R, handler: RequestHandler<P, Promise<R>>, allowNoParams = false): RequestHandler<P, Promise<R>> {
    return async (params: P, token: CancellationToken) => {
      if (token?.isCancellationRequested) throw cancelled();
      const started = Date.now();
      try {
        this.injectFault(method);
        if (!isObject(params) && !allowNoParams) return empty;
        const result = await handler(params, token);
        return this.finish(method, started, token, result ?? empty);
      } catch (error) {
        throw this.failure(method, error);
      }
    };
  }

  /** A notification handler: failures (thrown or rejected) are logged, never thrown at the connection. */
  notification<P>(method: string, handler: (params: P) => void | Promise<void>): (params: P) => void {
    return (params: P) => {
      try {
        if (!isObject(params)) return;
        const result = handler(params);
        if (result && typeof (result as Promise<void>).catch === 'function') (result as Promise<void>).catch((error) => this.logError(method, error));
      } catch (error) {
        this.logError(method, error);
      }
    };
  }

  private injectFault(method: string): void {
    if (this.options.faultMethod === method) throw new Error(`injected fault in ${method} (ZSCRIPT_LSP_FAULT)`);
  }

  /** The answer, unless the request was cancelled while it ran. */
  private finish<R>(method: string, started: number, token: CancellationToken, result: R): R {
    if (token?.isCancellationRequested) throw cancelled();
    if (this.options.faultMethod === `unsendable:${method}`) {
      // Test hook: an answer that cannot be serialised (the writer must still answer the request).
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      return circular as R;
    }
    if (this.options.tracing()) this.log.log(`zscript: ${method} answered in ${(Date.now() - started).toFixed(0)} ms`);
    return result;
  }

  /** What a failed request answers: its own ResponseError, else InternalError (logged). */
  private failure(method: string, error: unknown): ResponseError<void> {
    if (error instanceof ResponseError) return error;
    this.logError(method, error);
    return new ResponseError(ErrorCodes.InternalError, `zscript: ${method} failed: ${describe(error).message}`);
  }
}
