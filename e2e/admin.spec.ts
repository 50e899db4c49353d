import { SUSPENDED_MESSAGE } from '@ruwa/contract';
import { expect, test, DEMO_ADMIN, registerCustomer, signIn } from './support';

test('an admin reads the dashboard, finds a new customer and suspends them; the customer is refused at once', async ({
  page,
  browser,
}) => {
  // A fresh customer, signed in through the API: their token is what their device would hold.
  const { person, token } = await registerCustomer(page.request);
  const customerHeaders = { authorization: `Bearer ${token}` };
  expect((await page.request.get('/api/users/me', { headers: customerHeaders })).status()).toBe(200);

  // The dashboard: figures and the two 30-day charts, drawn as SVG bars.
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Total revenue')).toBeVisible();
  await expect(page.getByText('New customers')).toBeVisible();
  const ordersChart = page.getByRole('img', { name: /Orders per day/ });
  await expect(ordersChart).toBeVisible();
  await expect(ordersChart.locator('rect')).toHaveCount(30);
  await expect(page.getByRole('img', { name: /Revenue per day by kind/ })).toBeVisible();
  await page.getByRole('button', { name: '30 days' }).click();
  await expect(page).toHaveURL(/\/admin\?range=30d$/);
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

  // Customers, from the sidebar (a menu on a phone-sized screen), searched by e-mail.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await page.getByLabel('Search customers').fill(person.email);
  const row = page.getByRole('table', { name: 'Customers' }).getByRole('row').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  await row.getByText(`${person.firstName} ${person.lastName}`).click();

  await expect(page).toHaveURL(/\/admin\/customers\/show\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `${person.firstName} ${person.lastName}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Wallet ledger' })).toBeVisible();

  // Suspending asks first, with a note for the audit log.
  await page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Suspend ${person.firstName} ${person.lastName}?` });
  await dialog.getByLabel('Note (optional)').fill('E2E check');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Customer has been suspended')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();

  // Their stored token no longer works...
  expect((await page.request.get('/api/users/me', { headers: customerHeaders })).status()).toBe(401);

  // ...and signing in again is refused with the reason.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, person.email, person.password);
  await expect(customerPage.getByText(SUSPENDED_MESSAGE)).toBeVisible();
  await expect(customerPage).toHaveURL(/\/auth\/login/);
  await customerContext.close();

  // The suspension is in the audit log with its note.
  await page.goto('/admin/audit?entity=users');
  const entry = page.getByRole('row').filter({ hasText: 'Customer suspended' }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(DEMO_ADMIN.email);
  await entry.getByRole('button', { name: /Show changes/ }).click();
  await expect(page.getByRole('row', { name: 'Note — E2E check' })).toBeVisible();
});

test('an admin checks the VTU provider for new data bundles', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/data-bundles?network=glo');
  const list = page.getByRole('list', { name: 'Glo bundles' });
  await expect(list.getByRole('switch')).not.toHaveCount(0);
  const before = await list.getByRole('switch').count();
  // The sandbox offers what the app was seeded with, so the provider has nothing new.
  await page.getByRole('button', { name: 'Check Glo for new bundles' }).click();
  await expect(page.getByText('No new bundles from the provider.')).toBeVisible();
  await expect(list.getByRole('switch')).toHaveCount(before);
});
