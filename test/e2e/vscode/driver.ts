/**
 * Drives a real VS Code (code-server, in headless Chromium) the way a user
 * does: keys, the command palette, what the screen shows. File contents are
 * checked on disk after saving, not read back from the rendered lines.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';

export const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

const CODE_SERVER_VERSION = '4.100.3';

function codeServerDir(): string {
  const cache = process.env.ZSCRIPT_E2E_CACHE || path.join(os.homedir(), '.cache', 'zscript-e2e');
  return path.join(cache, `code-server-${CODE_SERVER_VERSION}`);
}

/** Where scripts/install-code-server.mjs puts code-server (the same rule, kept in step). */
export function codeServerEntry(): string {
  return path.join(codeServerDir(), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** Whether that install completed (it writes the marker last). */
export function codeServerInstalled(): boolean {
  return fs.existsSync(path.join(codeServerDir(), '.complete')) && fs.existsSync(codeServerEntry());
}

export function chromiumPath(): string | undefined {
  for (const candidate of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (candidate && fs.existsSync(candidate)) return candidate;
  return undefined;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `probe` until it returns something other than undefined/false; fails with `what` after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (${(last as Error).message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export interface Session {
  page: Page;
  workspace: string;
  close(): Promise<void>;
}

/**
 * A fresh code-server (own user data and extensions folders) with the packaged
 * .vsix installed as users install it, opened on a copy of `fixture`.
 */
export async function startSession(vsix: string, fixture: string): Promise<Session> {
  const entry = codeServerEntry();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-e2e-'));
  const userData = path.join(base, 'user-data');
  const extensions = path.join(base, 'extensions');
  const workspace = path.join(base, 'bot');
  fs.cpSync(fixture, workspace, { recursive: true });
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  // Only what keeps the run quiet and repeatable; every editor behaviour under test keeps VS Code's default.
  fs.writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify({
      'workbench.startupEditor': 'none',
      'security.workspace.trust.enabled': false,
      'telemetry.telemetryLevel': 'off',
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'workbench.tips.enabled': false,
      'update.mode': 'none',
      'window.commandCenter': false,
    }),
  );
  const common = ['--user-data-dir', userData, '--extensions-dir', extensions];
  const install = spawnSync(process.execPath, [entry, ...common, '--install-extension', vsix], { encoding: 'utf8', timeout: 120_000 });
  if (install.status !== 0) throw new Error(`installing the .vsix failed: ${install.stdout}\n${install.stderr}`);

  const port = await freePort();
  const server: ChildProcess = spawn(
    process.execPath,
    [
      entry,
      ...common,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      workspace,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  await until(
    `code-server on ${url} (log: ${log.slice(-500)})`,
    async () => {
      try {
        return (await fetch(`${url}/healthz`)).ok;
      } catch {
        return false;
      }
    },
    60_000,
  );

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { chromium } = require('playwright-core') as typeof import('playwright-core');
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}`);
  await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
  return {
    page,
    workspace,
    async close() {
      await browser.close().catch(() => undefined);
      server.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (server.exitCode === null) server.kill('SIGKILL');
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Opens a quick input with `key` (F1, Control+P, Control+G) and returns its input box. */
async function quickInput(page: Page, key: string) {
  const input = page.locator('.quick-input-widget input');
  if (await input.isVisible()) await page.keyboard.press('Escape');
  await until(`the quick input (${key})`, async () => {
    await page.keyboard.press(key);
    await input.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
    if (await input.isVisible()) return true;
    // Focus may sit in a webview (a markdown preview) that keeps the keys: give it back to the workbench.
    await page
      .locator('.part.statusbar')
      .click({ position: { x: 700, y: 10 } })
      .catch(() => undefined);
    return false;
  });
  return input;
}

/** Runs a command from the palette by its title. */
export async function runCommand(page: Page, title: string): Promise<void> {
  const input = await quickInput(page, 'F1');
  await input.fill(`>${title}`);
  // The row of exactly this command: "Fold" must not run "Fold All" (rows are labelled "Title, keybinding").
  const exact = page.locator(`.quick-input-list .monaco-list-row[aria-label="${title}"], .quick-input-list .monaco-list-row[aria-label^="${title}, "]`).first();
  await exact.waitFor({ state: 'visible' });
  await exact.click();
}

/** Opens a workspace file with Quick Open and waits until its editor has focus. */
export async function openFile(page: Page, relative: string): Promise<void> {
  const name = path.basename(relative);
  // With the editor split (a preview beside), each group has its active tab.
  const active = page.locator('.editor-group-container.active .tab.active', { hasText: name }).first();
  // Retried as a whole: on a loaded machine a click can land while the list is still changing.
  await until(
    `${relative} open and active`,
    async () => {
      const input = await quickInput(page, 'Control+P');
      await input.fill(relative);
      // Click the row itself: with the file already open, "recently opened" rows may come first.
      const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
      await row.waitFor({ state: 'visible', timeout: 10_000 });
      await row.click();
      await active.waitFor({ state: 'visible', timeout: 10_000 });
      return true;
    },
    60_000,
  );
  await page.locator('.editor-instance .monaco-editor textarea').first().waitFor({ state: 'attached' });
  await focusEditor(page);
}

export async function focusEditor(page: Page): Promise<void> {
  await page
    .locator('.editor-group-container.active .monaco-editor .view-lines')
    .first()
    .click({ position: { x: 600, y: 5 } })
    .catch(() => undefined);
}

/** Moves the cursor to line:column (1-based) with Go to Line. */
export async function goTo(page: Page, line: number, column = 1): Promise<void> {
  const input = await quickInput(page, 'Control+G');
  // Go to Line is Quick Open with its `:` prefix; the prefix must stay.
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

/** The text of the rendered lines of the active editor (non-breaking spaces as spaces). */
export async function visibleText(page: Page): Promise<string> {
  const lines = await page.locator('.editor-group-container.active .monaco-editor .view-lines .view-line').evaluateAll((nodes) =>
    nodes
      // Runs in the page: the DOM types are not part of this Node project's compilation.
      .map((n) => ({ top: parseFloat((n as unknown as { style: { top: string } }).style.top || '0'), text: (n.textContent ?? '').replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text),
  );
  return lines.join('\n');
}

/** Saves the active editor and returns the file's text on disk once it holds `expect` (when given). */
export async function savedText(page: Page, file: string, expect?: (text: string) => boolean): Promise<string> {
  await page.keyboard.press('Control+S');
  return until(
    `${path.basename(file)} saved`,
    () => {
      const text = fs.readFileSync(file, 'utf8');
      return !expect || expect(text) ? text : undefined;
    },
    15_000,
  );
}

/** A screenshot and the page's visible text, for a failed step. */
export async function keepEvidence(page: Page, dir: string, name: string): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const png = path.join(dir, `${name}.png`);
  const txt = path.join(dir, `${name}.txt`);
  await page.screenshot({ path: png }).catch(() => undefined);
  const text = await page
    .locator('body')
    .innerText()
    .catch(() => '');
  fs.writeFileSync(txt, text);
  return [png, txt];
}
