// Takes the catalog page screenshot shown on the extension's marketplace page
// (images/catalog-page.png): the real page, served by the real server from
// dist/, in Debian's Chromium through playwright-core, with the filter in use.
// Run after the build:  node scripts/screenshot.mjs
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = spawn(process.execPath, [path.join(root, 'dist', 'catalog-server.js'), '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = /listening on (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  server.on('exit', (code) => reject(new Error(`catalog server exited ${code}`)));
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 640 }, colorScheme: 'light' });
  await page.goto(`${url}/`);
  await page.fill('#q', 'button');
  await page.screenshot({ path: path.join(root, 'images', 'catalog-page.png') });
  console.log('screenshot: images/catalog-page.png');
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
