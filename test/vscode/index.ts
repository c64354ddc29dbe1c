/**
 * Entry point that @vscode/test-electron loads inside the extension host
 * (scripts/test-vscode.mjs passes out/test/vscode/index.js as extensionTestsPath).
 * The suites are named *.vscode.ts so that the plain mocha run (spec
 * out/test/**\/*.test.js) never loads them: they import `vscode`, which exists
 * only inside VS Code.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: true, timeout: 60_000 });
  for (const file of fs.readdirSync(__dirname).sort()) {
    if (file.endsWith('.vscode.js')) mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} VS Code test(s) failed`)) : resolve()));
  });
}
