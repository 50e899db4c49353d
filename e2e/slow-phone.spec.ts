import type { Browser } from '@playwright/test';
import { expect, test, DEMO_CUSTOMER, signIn } from './support';

/** Close to a slow 3G line: 1.5 s round trips, 50 KB/s each way. */
const SLOW_3G = { offline: false, latency: 1_500, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };
/** When the wallet must be usable on such a line: the balance and the actions on screen. */
const USABLE_TARGET_MS = 5_000;
/** The frame (header, tabs, skeletons) must show from the HTML alone within this. */
const FRAME_LIMIT_MS = 5_000;
/**
 * The frame must be on screen (the browser's first contentful paint) within this: the HTML and then
 * the stylesheet, two round trips and a little. It was 4.9 s while the app's scripts downloaded
 * alongside the stylesheet, 3.4 s with them asked for after the paint.
 */
const PAINT_LIMIT_MS = 4_000;

type Line = typeof SLOW_3G;

/**
 * A returning customer's phone on a throttled line: signed in once at full speed, then a fresh
 * 360 px page with an empty cache and the session in storage, every request through `line`.
 */
async function returningCustomerOn(browser: Browser, line: Line) {
  const setup = await browser.newContext();
  const signingIn = await setup.newPage();
  await signIn(signingIn, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(signingIn).toHaveURL(/\/home$/);
  const session = await signingIn.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]);
  await setup.close();

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript(([token, user]) => {
    localStorage.setItem('token', token!);
    localStorage.setItem('user', user!);
  }, session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', line);
  return { context, page };
}

test('on a slow 3G line the wallet paints its frame from the HTML, then becomes usable', async ({ browser }, info) => {
  const { context, page } = await returningCustomerOn(browser, SLOW_3G);

  let walletAsks = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/wallet/me') walletAsks += 1;
  });
  const started = Date.now();
  await page.goto('/wallet', { waitUntil: 'commit' });
  // The frame comes with the HTML: the header, the bottom tabs and the balance's placeholder, before
  // any script has run.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  const shellMs = Date.now() - started;
  const scriptsRan = await page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')),
  );

  // Usable: the balance is on screen with the actions that use it. It is asked for by the page's
  // first script and painted into the frame, so it shows before the app's code has arrived.
  await expect(page.getByTestId('wallet-balance')).toHaveText(/₦[\d,.]+/, { timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Deposit', exact: true })).toBeVisible();
  const usableMs = Date.now() - started;
  const appHadStarted = await page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')),
  );
  // The app then takes over and shows the same balance, asked for once.
  await expect(page.locator('#root template')).toHaveCount(0, { timeout: 30_000 });
  const appMs = Date.now() - started;
  // When the browser first painted, by its own paint timing: "visible" above is the layout, which
  // exists before the stylesheet has arrived and the page can paint.
  const paintMs = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await expect(page.getByTestId('wallet-balance')).toHaveText(/₦[\d,.]+/);
  await page.screenshot({ path: info.outputPath('wallet-slow-3g-360.png') });
  await context.close();

  const report = `slow 3G wallet: frame laid out at ${shellMs} ms${scriptsRan ? '' : ' (from the HTML, before the app started)'}, first paint at ${Math.round(paintMs)} ms, usable at ${usableMs} ms${appHadStarted ? '' : ' (before the app started)'} (target ${USABLE_TARGET_MS} ms), app started by ${appMs} ms`;
  console.log(report);
  info.annotations.push({ type: 'slow-3g-wallet', description: report });
  expect(scriptsRan, 'the frame was painted from the HTML, before the scripts had run').toBe(false);
  expect(shellMs).toBeLessThan(FRAME_LIMIT_MS);
  expect(paintMs, "the first paint, by the browser's paint timing").toBeLessThan(PAINT_LIMIT_MS);
  expect(usableMs).toBeLessThan(USABLE_TARGET_MS);
  expect(walletAsks, 'the app took the early answer instead of asking again').toBe(1);
});

/** The slow 3G line new customers met: 400 ms round trips, 50 KB/s each way. */
const SLOW_LINE = { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };
/** The target for home being usable on that line; reported, as the figure also moves with the host's CPU. */
const HOME_USABLE_TARGET_MS = 4_000;
/** Home's first reads: the shell's and the product tiles'. */
const HOME_READS = ['/api/users/me', '/api/notifications/unread-count', '/api/product/category/index'];

test('on a 400 ms, 50 KB/s line home asks for its reads and code at once, then becomes usable', async ({
  browser,
}, info) => {
  const { context, page } = await returningCustomerOn(browser, SLOW_LINE);
  const started = Date.now();
  await page.goto('/home', { waitUntil: 'commit' });
  // Usable: the app has started and drawn the product tiles from the catalogue's answer; a tap on one
  // opens its locations in the app.
  const firstTile = page.getByRole('region', { name: 'Select Product' }).getByRole('button').first();
  await expect(firstTile).toBeVisible({ timeout: 30_000 });
  const usableMs = Date.now() - started;
  const resources = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      path: new URL(entry.name).pathname,
      start: Math.round(entry.startTime),
      end: Math.round(entry.responseEnd),
    })),
  );
  const paintMs = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await firstTile.click();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('home-slow-line-360.png') });
  await context.close();

  const timeline = resources.map((r) => `${r.start}-${r.end} ms ${r.path}`).join('\n');
  const report = `slow line (400 ms, 50 KB/s) home: first paint at ${Math.round(paintMs)} ms, usable at ${usableMs} ms (target ${HOME_USABLE_TARGET_MS} ms, reported)`;
  console.log(`${report}\n${timeline}`);
  info.annotations.push({ type: 'slow-line-home', description: report });

  // What the code decides: no round trip waits for another. Each of home's reads is asked for by the
  // page's first script, before any of the app's code has arrived, and every script the first render
  // needs is asked for before the first of them has arrived.
  const scripts = resources.filter((r) => r.path.startsWith('/assets/') && r.path.endsWith('.js'));
  const firstScriptArrived = Math.min(...scripts.map((r) => r.end));
  for (const read of HOME_READS) {
    const asked = resources.filter((r) => r.path === read);
    expect(asked, `${read} asked for once`).toHaveLength(1);
    expect(asked[0]!.start, `${read} asked for before any script arrived`).toBeLessThan(firstScriptArrived);
  }
  const lateScripts = scripts.filter((r) => r.start >= firstScriptArrived).map((r) => r.path);
  expect(lateScripts, 'scripts asked for only once another had arrived (a waterfall)').toEqual([]);
});
