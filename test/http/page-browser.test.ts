/**
 * The catalog reference page in a real headless Chromium (Debian's `chromium`
 * driven by playwright-core): the filter by name, tag and description, no
 * script errors or CSP violations, and reading and tag navigation with
 * JavaScript off. Skipped, with the reason printed, where Chromium is not
 * installed (.ci/run installs it).
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import { type CatalogServer, serveCatalog } from '../../server/src/http';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => fs.existsSync(p));

// playwright-core's types are only needed here; loaded lazily so the rest of the suite never depends on it.
type Browser = import('playwright-core').Browser;

describe('http: the catalog reference page in headless Chromium', function () {
  this.timeout(90_000);
  let server: CatalogServer;
  let browser: Browser;

  before(async function () {
    if (!CHROMIUM) {
      console.log('    (skipped: no Chromium at /usr/bin/chromium; `apt-get install chromium`, as .ci/run does)');
      this.skip();
    }
    const { chromium } = await import('playwright-core');
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    server = await serveCatalog({ port: 0, quiet: true, watch: false });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('filters sections by name, tag and description as you type, without script errors', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${server.url}/`);
    const total = await page.locator('section.entry').count();
    assert.ok(total > 400, `${total} sections`);
    assert.ok(await page.locator('#q').isVisible(), 'the filter box shows once the script runs');
    assert.ok(!(await page.locator('#nojs').isVisible()), 'the no-script hint goes away');

    await page.fill('#q', 'ZaddButton');
    assert.ok(await page.locator('#fn-ZaddButton').isVisible());
    assert.ok(!(await page.locator('#fn-Ztitle').isVisible()));
    assert.match((await page.textContent('#count')) ?? '', /^\d+ of \d+ match$/);

    // By tag: a member of the "Roles" tag whose own text lacks the tag's name stays, a function outside it goes.
    await page.fill('#q', 'roles');
    assert.ok(await page.locator('#fn-ZcolorRole').isVisible());
    assert.ok(!(await page.locator('#fn-ZaddButton').isVisible()));

    // By description words, in any order.
    await page.fill('#q', 'banned fires');
    assert.ok(await page.locator('#tr-onBanAdd').isVisible());
    assert.ok(!(await page.locator('#tr-onMemberJoin').isVisible()));

    await page.fill('#q', '');
    assert.strictEqual(await page.locator('section.entry:visible').count(), total);
    assert.deepStrictEqual(problems, [], 'no script errors and no CSP violations');
    await page.close();
  });

  it('is readable without JavaScript: every section shows, tag links navigate', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    assert.ok(!(await page.locator('#q').isVisible()), 'no dead filter box without the script');
    assert.ok(await page.locator('#nojs').isVisible());
    assert.ok(await page.locator('#fn-ZaddButton table').isVisible());
    await page.click('#fn-ZaddButton .tags a');
    assert.match(page.url(), /#ftag-embeds-components-reactions$/);
    await page.click('#ftag-embeds-components-reactions + p + ul a >> text=ZaddButton');
    assert.match(page.url(), /#fn-ZaddButton$/);
    await context.close();
  });
});
