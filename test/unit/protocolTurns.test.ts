/** Requests before background work: the turns each client message reserves, and the scan that leaves them. */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Emitter, type DataCallback, type Message, type MessageReader } from 'vscode-languageserver/node';
import { bundledCatalog } from '../../server/src/catalog';
import { ProtocolTurns, TurnKeepingReader } from '../../server/src/lsp/protocolTurns';
import { WorkspaceFiles } from '../../server/src/lsp/workspaceScan';
import { LanguageService } from '../../server/src/service';
import { ROOT } from '../lsp/client';

/** A reader whose messages the test delivers by hand. */
class HandReader implements MessageReader {
  private callback: DataCallback | undefined;
  readonly onError = new Emitter<Error>().event;
  readonly onClose = new Emitter<void>().event;
  readonly onPartialMessage = new Emitter<never>().event;
  listen(callback: DataCallback) {
    this.callback = callback;
    return { dispose: () => (this.callback = undefined) };
  }
  deliver(message: Message): void {
    this.callback?.(message);
  }
  dispose(): void {}
}

describe('protocol turns', () => {
  it('a message reserves the next three turns, and a later message renews them', () => {
    const turns = new ProtocolTurns();
    assert.strictEqual(turns.yieldTurn(), false, 'no message yet: background work runs');
    turns.messageArrived();
    assert.deepStrictEqual([turns.yieldTurn(), turns.yieldTurn(), turns.yieldTurn(), turns.yieldTurn()], [true, true, true, false]);
    turns.messageArrived();
    turns.yieldTurn();
    turns.messageArrived();
    assert.deepStrictEqual([turns.yieldTurn(), turns.yieldTurn(), turns.yieldTurn(), turns.yieldTurn()], [true, true, true, false]);
  });

  it('the reader passes every message on, unchanged, after noting it', () => {
    const inner = new HandReader();
    const turns = new ProtocolTurns();
    const seen: Message[] = [];
    new TurnKeepingReader(inner, turns).listen((m) => {
      // Noted before the message is handled: a handler that queues work finds the turns reserved.
      assert.strictEqual(turns.yieldTurn(), true);
      seen.push(m);
    });
    const message = { jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: {} } as Message;
    inner.deliver(message);
    assert.deepStrictEqual(seen, [message]);
    assert.strictEqual(seen[0], message);
  });

  describe('the workspace scan (reader thread)', () => {
    let dir: string;
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-turns-'));
      for (let i = 0; i < 40; i++) fs.writeFileSync(path.join(dir, `c${i}.zbr`), `#trigger !c${i}\nHello\n`);
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('skips the turns it is asked to leave, then indexes every file', async () => {
      const files = new WorkspaceFiles(
        new LanguageService(bundledCatalog()),
        { info: () => undefined, warn: () => undefined },
        undefined,
        path.join(ROOT, 'dist', 'workspace-reader.js'),
      );
      const asked: number[] = [];
      let indexedWhenAsked = -1;
      files.yieldTurn = () => {
        asked.push(files.fileCount);
        // The first five turns go to the protocol: nothing may be indexed during them.
        if (asked.length <= 5) {
          indexedWhenAsked = Math.max(indexedWhenAsked, files.fileCount);
          return true;
        }
        return false;
      };
      files.setFolders([dir]);
      await files.rescan();
      assert.strictEqual(files.fileCount, 40);
      assert.ok(asked.length > 5, `the scan asked ${asked.length} times`);
      assert.strictEqual(indexedWhenAsked, 0, 'a skipped turn indexed files');
      assert.strictEqual(asked[5], 0, 'the scan indexed before its turn came back');
    });
  });
});
