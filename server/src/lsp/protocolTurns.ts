/**
 * Requests first, background work after. The workspace scan indexes files in
 * slices of a few milliseconds, one per turn of the event loop. A message
 * from the client needs turns of its own: vscode-jsonrpc dispatches it from a
 * setImmediate callback and writes the answer from another, and a slice queued
 * before either runs first. Measured on two cores while 10,000 files were
 * indexed, a hover waited for two to five slices (20 to 65 ms) where it takes
 * 0.2 ms itself. So each message from the client gives the next few turns to
 * the protocol: background work skips them (and loses at most a turn each,
 * since it resumes on the turn after).
 */
import type { DataCallback, Disposable, Message, MessageReader } from 'vscode-languageserver/node';

/** Turns left to the protocol after a message: its dispatch, an async handler's continuation, the write of its answer. */
const TURNS_PER_MESSAGE = 3;

export class ProtocolTurns {
  private turns = 0;

  /** A message from the client arrived. */
  messageArrived(): void {
    this.turns = TURNS_PER_MESSAGE;
  }

  /** Whether background work should leave this turn to the protocol (counts the turn when so). */
  yieldTurn(): boolean {
    if (this.turns === 0) return false;
    this.turns--;
    return true;
  }
}

/** A message reader that tells `turns` of every message it delivers. */
export class TurnKeepingReader implements MessageReader {
  constructor(
    private readonly inner: MessageReader,
    private readonly turns: ProtocolTurns,
  ) {}

  get onError() {
    return this.inner.onError;
  }

  get onClose() {
    return this.inner.onClose;
  }

  get onPartialMessage() {
    return this.inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message: Message) => {
      this.turns.messageArrived();
      callback(message);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }
}
