import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { appTest as test, DEMO_CUSTOMER, signIn } from './support';

/**
 * Size budgets for what a customer's phone downloads on first load, measured in the browser: every
 * JS and CSS file the page really requested, gzipped at level 9 (what a CDN would send). The build
 * runs React 19 (docs/decisions/008); the screens keep to these by loading less code at start.
 */
const BUDGET_KB = { loginJs: 110, homeJs: 130, css: 20 };

const manifest = JSON.parse(readFileSync(path.resolve('apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; src?: string }
>;
const adminOrAgentFiles = new Set(
  Object.values(manifest)
    .filter((chunk) => /\/(admin|agent)[/-]/.test(chunk.src ?? ''))
    .map((chunk) => `/${chunk.file}`),
);

async function measure(page: Page, url: string, before?: () => Promise<void>) {
  const loaded: { url: string; type: 'js' | 'css'; gzipBytes: number }[] = [];
  page.on('response', async (response) => {
    const pathname = new URL(response.url()).pathname;
    const type =
      pathname.endsWith('.js') && pathname.startsWith('/assets/') ? 'js' : pathname.endsWith('.css') ? 'css' : null;
    if (!type) return;
    const body = await response.body().catch(() => null);
    if (body) loaded.push({ url: pathname, type, gzipBytes: gzipSync(body, { level: 9 }).length });
  });
  await before?.();
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // React DOM rendered the page: createRoot marks its container; Preact would mark it with `__k`.
  const renderer = await page.evaluate(() => {
    const keys = Object.keys(document.getElementById('root') ?? {});
    return { react: keys.some((key) => key.startsWith('__reactContainer$')), preact: keys.includes('__k') };
  });
  expect(renderer, `${url} is rendered by React DOM`).toEqual({ react: true, preact: false });
  const kb = (type: 'js' | 'css') =>
    loaded.filter((f) => f.type === type).reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
  const breakdown = loaded.map((f) => `${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.url}`).join('\n');
  return { js: kb('js'), css: kb('css'), files: loaded.map((f) => f.url), breakdown };
}

test('first-load JS and CSS budgets, and no admin or agent code for customers', async ({ browser }) => {
  const loginContext = await browser.newContext();
  const login = await measure(await loginContext.newPage(), '/auth/login');
  await loginContext.close();

  const homeContext = await browser.newContext();
  const homePage = await homeContext.newPage();
  await signIn(homePage, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(homePage).toHaveURL(/\/home$/);
  // A fresh page with an empty cache, already signed in: what a returning customer downloads.
  const token = await homePage.evaluate(() => localStorage.getItem('token'));
  const user = await homePage.evaluate(() => localStorage.getItem('user'));
  await homeContext.close();
  const freshContext = await browser.newContext();
  await freshContext.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('user', u!);
    },
    [token, user],
  );
  const home = await measure(await freshContext.newPage(), '/home');
  await freshContext.close();

  const report = [
    `budget  /auth/login JS ${login.js.toFixed(1)} KB gzip (budget ${BUDGET_KB.loginJs})`,
    `budget  /home JS       ${home.js.toFixed(1)} KB gzip (budget ${BUDGET_KB.homeJs})`,
    `budget  CSS            ${Math.max(login.css, home.css).toFixed(1)} KB gzip (budget ${BUDGET_KB.css})`,
  ].join('\n');
  console.log(`${report}\n/auth/login files:\n${login.breakdown}\n/home files:\n${home.breakdown}`);

  expect(login.js).toBeGreaterThan(0);
  expect(login.js, report).toBeLessThanOrEqual(BUDGET_KB.loginJs);
  expect(home.js, report).toBeLessThanOrEqual(BUDGET_KB.homeJs);
  expect(Math.max(login.css, home.css), report).toBeLessThanOrEqual(BUDGET_KB.css);
  expect(adminOrAgentFiles.size).toBeGreaterThan(0);
  for (const file of [...login.files, ...home.files]) expect(adminOrAgentFiles.has(file), file).toBe(false);
});

test("home's HTML preloads the first carousel slide at high priority, and no other image", async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
  const firstSlide = page.getByRole('img', { name: 'A bottle and a sachet of water' });
  const src = await firstSlide.getAttribute('src');
  expect(src).toMatch(/^\/assets\/slide-water-/);

  const html = await (await page.request.get('/home', { headers: { accept: 'text/html' } })).text();
  const imagePreloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  expect(imagePreloads).toEqual([`<link rel="preload" as="image" fetchpriority="high" href="${src}">`]);
  // Ahead of the stylesheet and the scripts, which would otherwise take the six connections first.
  expect(html.indexOf(imagePreloads[0]!)).toBeLessThan(html.indexOf('rel="stylesheet"'));
});

test('scripts and styles are sent as the brotli copies written at build time', async ({ request }) => {
  const dist = path.resolve('apps/web/dist');
  const bigFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter(
    (file) => /\.(js|css)$/.test(file) && statSync(path.join(dist, file)).size >= 1024,
  );
  expect(bigFiles.length).toBeGreaterThan(10);
  for (const file of bigFiles) {
    expect(existsSync(path.join(dist, `${file}.gz`)), `${file}.gz`).toBe(true);
    const prebuilt = readFileSync(path.join(dist, `${file}.br`));
    const response = await request.get(`/${file}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers()['content-encoding'], file).toBe('br');
    // The file's own length: compressed on the fly, the answer would be streamed without one.
    expect(Number(response.headers()['content-length']), file).toBe(prebuilt.length);
    expect((await response.body()).equals(brotliDecompressSync(prebuilt)), file).toBe(true);
  }
});
