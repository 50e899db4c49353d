import { type Page } from '@playwright/test';
import { expect, test, DEMO_ADMIN, signIn } from './support';

// A 1x1 PNG for the catalogue images.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC',
  'base64',
);
const PHONE = { width: 360, height: 780 };
const LAPTOP = { width: 1366, height: 800 };
const stamp = Date.now().toString(36);

async function signInAsAdmin(page: Page) {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Requests to one API path and method the page sends from now on. */
function countRequests(page: Page, method: string, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) seen.push(request.url());
  });
  return seen;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('tables scroll sideways with a hint, and the orders filters fold behind a button', async ({ page }, info) => {
    await signInAsAdmin(page);

    await page.goto('/admin/orders');
    const frame = page.getByRole('region', { name: 'Orders table' });
    await expect(frame.getByRole('table', { name: 'Orders' })).toBeVisible();
    await expect(page.getByText('Swipe the table sideways to see every column')).toBeVisible();
    // The table is wider than the phone and scrolls inside its frame, not the page.
    const widths = await frame.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The six filters wait behind one button, so the list starts on the first screen.
    const filters = page.getByRole('search', { name: 'Filter orders' });
    await expect(filters).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.screenshot({ path: info.outputPath('admin-orders-360.png') });
    await toggle.click();
    await expect(filters).toBeVisible();
    await filters.getByLabel('Search customer').fill(`nobody-${stamp}@example.com`);
    // Nothing found: the empty message, and no paging for an empty list.
    await expect(page.getByText('There is no data available for this table')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Orders pages' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Hide filters (1)' })).toBeVisible();
  });

  test('the dashboard charts keep readable labels at phone width', async ({ page }, info) => {
    await signInAsAdmin(page);
    const chart = page.getByRole('img', { name: /Orders per day/ });
    await expect(chart).toBeVisible();
    await expectReadableAxes(chart);
    await page.screenshot({ path: info.outputPath('admin-dashboard-360.png'), fullPage: true });
  });
});

/** Axis labels at least 11 px tall on screen, none overlapping, ticks whole numbers. */
async function expectReadableAxes(chart: ReturnType<Page['getByRole']>) {
  const labels = await chart.evaluate((svg) =>
    Array.from(svg.querySelectorAll('[data-axis-day], [data-tick] text')).map((label) => {
      const box = label.getBoundingClientRect();
      return { text: label.textContent ?? '', left: box.left, right: box.right, top: box.top, height: box.height };
    }),
  );
  expect(labels.length).toBeGreaterThan(3);
  for (const label of labels) expect(label.height, label.text).toBeGreaterThanOrEqual(11);
  const days = await chart.evaluate((svg) =>
    Array.from(svg.querySelectorAll('[data-axis-day]')).map((label) => {
      const box = label.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );
  for (let i = 1; i < days.length; i++) expect(days[i]!.left).toBeGreaterThan(days[i - 1]!.right);
  const ticks = await chart
    .locator('[data-tick]')
    .evaluateAll((groups) => groups.map((g) => g.getAttribute('data-tick')));
  for (const tick of ticks) expect(Number.isInteger(Number(tick)), String(tick)).toBe(true);
}

test.describe('on a laptop', () => {
  test.use({ viewport: LAPTOP });

  test('the dashboard: whole-number ticks, dates that never overlap, and what each order figure counts', async ({
    page,
  }, info) => {
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Menu' }).isVisible();
    const orders = page.getByRole('img', { name: /Orders per day/ });
    const revenue = page.getByRole('img', { name: /Revenue per day by kind/ });
    await expect(orders).toBeVisible();
    await expectReadableAxes(orders);
    await expectReadableAxes(revenue);
    await expect(revenue.locator('[data-tick] text').filter({ hasText: /\.\d/ })).toHaveCount(0);
    await expect(page.getByText('Water and gas orders placed in this range.', { exact: false })).toBeVisible();
    await expect(page.getByText('Water and gas orders plus airtime and data purchases, per day.')).toBeVisible();
    // Wide screens show every filter and need no scrolling hint.
    await page.goto('/admin/orders');
    await expect(page.getByRole('search', { name: 'Filter orders' })).toBeVisible();
    await expect(page.getByText('Swipe the table sideways to see every column')).toBeHidden();
    await page.goto('/admin');
    await expect(orders).toBeVisible();
    await page.screenshot({ path: info.outputPath('admin-dashboard-1366.png'), fullPage: true });
  });

  test('a double click on a bundle’s Save sends one update', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/data-bundles?network=mtn');
    const list = page.getByRole('list', { name: 'MTN bundles' });
    const price = list.getByRole('textbox').first();
    const name = (await price.getAttribute('aria-label'))!.replace('Price (₦), ', '');
    const before = Number(await price.inputValue());
    const posts = countRequests(page, 'POST', '/api/admin/data-bundles/update');
    await price.fill(String(before + 1));
    await list.getByRole('button', { name: `Save price, ${name}` }).dblclick();
    await expect(page.getByText('Data bundle has been updated successfully')).toBeVisible();
    expect(posts).toHaveLength(1);
    // Put the price back for the other journeys.
    await list.getByRole('textbox', { name: `Price (₦), ${name}` }).fill(String(before));
    await list.getByRole('button', { name: `Save price, ${name}` }).click();
    await expect(list.getByRole('textbox', { name: `Price (₦), ${name}` })).toHaveValue(String(before));
  });

  test('catalogue forms: a length error, a refused image that saves nothing, and prices typed as "3,000"', async ({
    page,
  }, info) => {
    await signInAsAdmin(page);

    // Categories list their kind and how many products they hold.
    await page.goto('/admin/product-category');
    const categories = page.getByRole('table', { name: 'Product categories' });
    await expect(categories.getByRole('columnheader')).toHaveText(['#', 'Name', 'Kind', 'Products', 'Action']);
    await expect(categories.getByRole('row').filter({ hasText: 'Sachet Water' }).first()).toContainText('Sachet water');

    await page.getByRole('link', { name: 'Create category' }).click();
    const stores = countRequests(page, 'POST', '/api/product/category/store');
    await page.getByLabel('Name', { exact: true }).fill('W'.repeat(70));
    await page.getByLabel('Kind').selectOption({ label: 'Bottle water' });
    await page.getByRole('button', { name: 'Create category' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
      'The name may be at most 60 characters.',
    );

    // A file that is not an image is refused, and the form will not save without it quietly.
    await page.getByLabel('Name', { exact: true }).fill(`Dispenser ${stamp}`);
    await page
      .getByLabel('Category image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByRole('button', { name: 'Create category' }).click();
    await expect(page.getByText('Category has been created successfully')).toHaveCount(0);
    expect(stores).toHaveLength(0);
    await page.getByLabel('Category image').setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await page.getByRole('button', { name: 'Create category' }).click();
    await expect(page.getByText('Category has been created successfully')).toBeVisible();
    expect(stores).toHaveLength(1);

    // A product priced "3,000", with a location price that breaks a named rule first.
    await page.goto('/admin/products/create');
    await page.getByLabel('Name', { exact: true }).fill(`Dispenser 19L ${stamp}`);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: `Dispenser ${stamp}` });
    await page.getByLabel('Base price (₦)').fill('3,000');
    await page.getByLabel('Location 1', { exact: true }).selectOption({ label: 'Lekki' });
    await page.getByLabel('Price 1', { exact: true }).fill('0');
    await page.getByLabel('Product image').setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByLabel('Price 1', { exact: true })).toHaveAccessibleDescription(
      'The location price must be greater than 0.',
    );
    await page.getByLabel('Price 1', { exact: true }).fill('3,250');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Product has been created successfully')).toBeVisible();

    // The products table: a thumbnail beside each name, the price read as ₦3,000.
    const row = page
      .getByRole('table', { name: 'Products' })
      .getByRole('row')
      .filter({ hasText: `Dispenser 19L ${stamp}` });
    await expect(row).toContainText('₦3,000');
    await expect(row.locator('img[data-thumbnail]')).toBeVisible();
    await page.screenshot({ path: info.outputPath('admin-products-1366.png') });
  });

  test('the audit log says who, what and which fields in words, with money in ₦', async ({ page }, info) => {
    await signInAsAdmin(page);
    await page.goto('/admin/data-bundles?network=glo');
    const list = page.getByRole('list', { name: 'Glo bundles' });
    const price = list.getByRole('textbox').first();
    const name = (await price.getAttribute('aria-label'))!.replace('Price (₦), ', '');
    const before = Number(await price.inputValue());
    await price.fill(String(before + 0.5));
    await list.getByRole('button', { name: `Save price, ${name}` }).click();
    await expect(page.getByText('Data bundle has been updated successfully')).toBeVisible();

    await page.goto('/admin/audit?entity=data_bundles');
    const entry = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: 'Data bundle changed' })
      .first();
    await expect(entry).toContainText(DEMO_ADMIN.email);
    await expect(entry).toContainText('Data bundles');
    await entry.getByRole('button', { name: /Show changes/ }).click();
    const changes = page.getByRole('table', { name: 'Changed fields' });
    await expect(changes.getByRole('row', { name: /^Price/ })).toContainText(
      new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 }).format(
        before + 0.5,
      ),
    );
    await page.screenshot({ path: info.outputPath('admin-audit-1366.png') });

    // Put the price back for the other journeys.
    await page.goto('/admin/data-bundles?network=glo');
    const restore = page.getByRole('list', { name: 'Glo bundles' });
    await restore.getByRole('textbox', { name: `Price (₦), ${name}` }).fill(String(before));
    await restore.getByRole('button', { name: `Save price, ${name}` }).click();
    await expect(restore.getByRole('textbox', { name: `Price (₦), ${name}` })).toHaveValue(String(before));
  });
});
