/**
 * One white space for arguments: the engine's (Unicode White_Space, a
 * byte-order mark not in it), for the workspace index's literal arguments and
 * the features' trimmed arguments alike. The index used JavaScript's \s
 * (which counts U+FEFF) and the features only space, tab, CR and LF.
 */
import * as assert from 'node:assert';
import { literalArgument } from '../../server/src/analysis/workspaceIndex';
import { trimmedArgument } from '../../server/src/features/model';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { type BodyStatement, type CallNode, NodeKind } from '../../server/src/syntax/tree';

function firstArgument(text: string): CallNode {
  const st = parseCommandFile(text, { isBareCallable: () => false }).statements[0] as BodyStatement;
  const call = st.nodes[0];
  assert.strictEqual(call.kind, NodeKind.Call);
  return call as CallNode;
}

describe('argument white space', () => {
  for (const [label, inner, expected] of [
    ['space and tab', ' \tok\t ', 'ok'],
    ['no-break and ideographic spaces', '\u00a0ok\u3000', 'ok'],
    ['en quad and line separator', '\u2000ok\u2028', 'ok'],
    ['a byte-order mark is kept', '\ufeffok', '\ufeffok'],
  ] as const) {
    it(`${label}: the index and the features trim alike`, () => {
      const text = `ZaddButton{${inner};x}`;
      const call = firstArgument(text);
      assert.strictEqual(literalArgument(text, call, 0)?.text, expected);
      assert.strictEqual(trimmedArgument(text, call.args[0]).text, expected);
    });
  }
});
