import { type Page } from '@playwright/test';
import { expect, test, DEMO_CUSTOMER, signIn } from './support';

const OFFLINE_BANNER = 'You are offline. Showing the last saved data.';
const OFFLINE_PAY = 'You are offline. Connect to the internet to pay.';
const PRODUCT = 'Pure Water (bag of 20 sachets)';

/** Waits until the service worker is installed and controls this page (clientsClaim). */
async function controlledByServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated');
}

test('the app is installable: a web manifest with icons, and a service worker', async ({ page }) => {
  // Linked by the app once the first screen has loaded, not by the HTML (web-manifest.ts says why).
  expect(await (await page.request.get('/auth/login')).text()).not.toContain('rel="manifest"');
  await page.goto('/auth/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Ruwa', short_name: 'Ruwa', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  await controlledByServiceWorker(page);
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(scriptURL!).pathname).toBe('/sw.js');
});

test('offline, the app still opens with the last data, an offline banner and payments disabled', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
  await controlledByServiceWorker(page);

  // Browse once online: these are the answers the service worker keeps.
  await page.reload();
  await page.getByRole('button', { name: 'Sachet Water' }).click();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Lekki' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/results\?location_id=\d+&category_id=\d+$/);
  await expect(page.getByRole('link', { name: new RegExp(PRODUCT.replace(/[()]/g, '\\$&')) })).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);

  await context.setOffline(true);
  // The offline switch reaches the service worker's own fetches: an answer it never saved fails.
  const unsaved = await page.evaluate(() =>
    fetch('/api/product/category/index?never_saved=1').then(
      (response) => response.status,
      () => 'failed',
    ),
  );
  expect(unsaved).toBe('failed');
  const served: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) {
      served.push(`${response.fromServiceWorker() ? 'sw' : 'network'} ${new URL(response.url()).pathname}`);
    }
  });
  await page.reload();

  // The shell comes from the precache, the products from the saved answer.
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(PRODUCT.replace(/[()]/g, '\\$&')) });
  await expect(card).toContainText('₦350');
  expect(served).toContain('sw /api/location/products/index');
  expect(served.filter((line) => line.startsWith('network'))).toEqual([]);

  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  const buy = page.getByRole('form', { name: 'Buy' }).getByRole('button', { name: /^Buy ₦/ });
  await expect(buy).toBeDisabled();
  await expect(buy).toHaveAccessibleDescription(OFFLINE_PAY);
  await expect(page.getByRole('form', { name: 'Buy' }).getByText(OFFLINE_PAY)).toBeVisible();

  // The home screen's categories were saved too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('button', { name: 'Cooking Gas' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('form', { name: 'Buy' }).getByRole('button', { name: /^Buy ₦/ })).toBeEnabled();
  await expect(page.getByText(OFFLINE_PAY)).toHaveCount(0);

  // Signing out leaves none of this person's saved answers on the phone.
  const accountCache = () => page.evaluate(() => caches.has('ruwa-account'));
  expect(await accountCache()).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect.poll(accountCache).toBe(false);
});
