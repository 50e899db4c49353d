import { type Page } from '@playwright/test';
import { expect, test, DEMO_ADMIN, DEMO_CUSTOMER, newCustomer, registerCustomer, signIn } from './support';

// One customer buys, subscribes and then follows the order the admin delivers.
test.describe.configure({ mode: 'serial' });

const customer = newCustomer();
const SACHET = 'Pure Water (bag of 20 sachets)';
const BOTTLE = 'Bottled Water 75cl (pack of 12)';

async function signInAsCustomer(page: Page) {
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/home$/);
}

/** Home -> category -> Lekki -> Submit -> the product's detail screen. */
async function openProduct(page: Page, category: string, product: string) {
  await page.getByRole('button', { name: category }).click();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Lekki' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/results\?/);
  await page.getByRole('link', { name: new RegExp(product.replace(/[()]/g, '\\$&')) }).click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  await registerCustomer(request, customer);
});

test('a customer buys sachet water by card and finds the order in the profile', async ({ page }) => {
  await signInAsCustomer(page);
  await openProduct(page, 'Sachet Water', SACHET);

  const buy = page.getByRole('form', { name: 'Buy' });
  await expect(buy.getByRole('radio', { name: 'Pay with card' })).toBeChecked();
  await expect(buy.getByRole('radio', { name: 'Pay with wallet (balance ₦0)' })).toBeVisible();
  await buy.getByLabel('Quantity', { exact: true }).fill('2');
  await buy.getByLabel('Address').fill('12 Admiralty Way, Lekki');
  await buy.getByRole('button', { name: 'Buy ₦700' }).click();

  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await checkout.getByRole('button', { name: 'Pay NGN 700.00' }).click();
  await expect(page).toHaveURL(/\/transaction\/callback\/success(\?order=\d+)?$/);
  await expect(page.getByText('Yay! Your transaction was successful')).toBeVisible();

  await page.getByRole('link', { name: 'Go to profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const order = page.getByRole('link', { name: /Order ORD-\d+/ }).filter({ hasText: SACHET });
  await expect(order).toContainText('Paid');
  await expect(order).toContainText('₦700');

  await order.click();
  await expect(page).toHaveURL(/\/profile\/orders\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Order ORD-\d+/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText('Paid');

  // Its receipt, to share or keep: the same reference, and a PDF to download.
  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(/\/receipts\/ORD-\d+$/);
  const reference = decodeURIComponent(page.url().split('/receipts/')[1]!);
  const receipt = page.getByLabel('Receipt details');
  await expect(receipt).toContainText(`Reference${reference}`);
  await expect(receipt).toContainText(`Product${SACHET}`);
  await expect(page.getByRole('region', { name: 'Water order' })).toContainText('₦700');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`ruwa-receipt-${reference}.pdf`);
});

test('a customer subscribes to bottle water and sees it under Subscriptions', async ({ page }) => {
  await signInAsCustomer(page);
  await openProduct(page, 'Bottle Water', BOTTLE);

  await page.getByRole('tab', { name: 'Subscribe' }).click();
  const subscribe = page.getByRole('form', { name: 'Subscribe' });
  await subscribe.getByLabel('Duration in Days').fill('14');
  await subscribe.getByLabel('Address').fill('12 Admiralty Way, Lekki');
  await expect(subscribe.getByText('₦2,700 x 2 deliveries')).toBeVisible();
  await subscribe.getByRole('button', { name: 'Subscribe ₦5,400' }).click();
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay NGN 5,400.00' }).click();
  await expect(page).toHaveURL(/\/transaction\/callback\/success(\?order=\d+)?$/);

  await page.getByRole('link', { name: 'Go to profile' }).click();
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  const subscription = page.getByRole('article', { name: BOTTLE });
  await expect(subscription).toContainText('Active');
  await expect(subscription).toContainText(/\d \/ 2/);
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});

test('closing the payment popup goes to the failure screen', async ({ page }) => {
  await signInAsCustomer(page);
  await openProduct(page, 'Sachet Water', SACHET);
  const buy = page.getByRole('form', { name: 'Buy' });
  await buy.getByLabel('Address').fill('12 Admiralty Way, Lekki');
  await buy.getByRole('button', { name: 'Buy ₦350' }).click();
  await page.getByRole('button', { name: 'Close checkout' }).click();
  await expect(page).toHaveURL(/\/transaction\/callback\/failure$/);
  await expect(page.getByText('Transaction was not successful!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to profile' })).toBeVisible();
});

test('an admin delivers the customer’s order and the customer sees it delivered', async ({ page, browser }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // On a phone the filters wait behind their button (a laptop shows them).
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
  const filtersToggle = page.getByRole('button', { name: 'Filters' });
  if (await filtersToggle.isVisible()) await filtersToggle.click();
  await page.getByLabel('Search customer').fill(customer.email);
  await expect(page).toHaveURL(/search=/);
  const table = page.getByRole('table', { name: 'Orders' });
  // The previous page stays on screen until the search answers; other customers' orders then go.
  await expect(table).not.toContainText(DEMO_CUSTOMER.email);
  const row = table.getByRole('row').filter({ hasText: SACHET }).filter({ hasText: '₦700' });
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText('Paid');
  await row.getByText(SACHET).click();

  const drawer = page.getByRole('dialog', { name: /Order #\d+/ });
  await expect(drawer).toContainText(customer.email);
  await drawer.getByRole('button', { name: 'Mark out for delivery' }).click();
  // (Its toast can be replaced at once by the live update's: one toast at a time. The drawer shows it.)
  await expect(drawer.getByRole('region', { name: 'Status history' })).toContainText('Paid → Out for delivery');
  await expect(drawer.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
  // Only legal moves are offered: an order out for delivery cannot go back to paid.
  await expect(drawer.getByRole('button', { name: 'Back to paid (unassign)' })).toHaveCount(0);
  // Without the customer's code, the admin's written reason is the proof of delivery.
  await drawer.getByLabel(/^Note \(the reason/).fill('Left with the gateman');
  await drawer.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(drawer.getByText(/its status can no longer change/)).toBeVisible();
  await expect(drawer.getByRole('list')).toContainText('Left with the gateman');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Delivered');

  // The customer, on their own device.
  const context = await browser.newContext();
  const phone = await context.newPage();
  await signInAsCustomer(phone);
  await phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  const order = phone.getByRole('link', { name: /Order ORD-\d+/ }).filter({ hasText: SACHET });
  await expect(order).toContainText('Delivered');
  await order.click();
  await expect(phone.getByRole('region', { name: 'Status history' })).toContainText('Left with the gateman');
  await context.close();
});

test('a customer reports a problem with the order, an admin replies, and the reply is on Help', async ({
  page,
  browser,
}) => {
  await signInAsCustomer(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await page
    .getByRole('link', { name: /Order ORD-\d+/ })
    .filter({ hasText: SACHET })
    .click();
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const report = page.getByRole('region', { name: /Report a problem with ORD-\d+/ });
  await report.getByLabel('What went wrong?').fill('Two sachets in the bag were torn.');
  await report.getByRole('button', { name: 'Send' }).click();
  const confirmation = page.getByText(/We have your report: case #\d+/);
  await expect(confirmation).toBeVisible();
  const caseNumber = /case #(\d+)/.exec((await confirmation.textContent()) ?? '')![1]!;
  await page.getByRole('link', { name: 'See your reports' }).click();
  await expect(page.getByRole('article', { name: new RegExp(`Case #${caseNumber}`) })).toContainText('Open');

  // The admin, on their own device.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('button', { name: 'Menu' }).click();
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Support' }).click();
  await admin
    .getByRole('table', { name: 'Support cases' })
    .getByRole('row')
    .filter({ hasText: `#${caseNumber}` })
    .getByText('Two sachets in the bag were torn.')
    .click();
  await expect(admin.getByRole('heading', { name: `Case #${caseNumber}` })).toBeVisible();
  await expect(admin.getByRole('link', { name: /ORD-\d+/ })).toHaveAttribute('href', /\/admin\/orders\?id=\d+/);
  await admin.getByLabel('Reply').fill('Sorry about that: a fresh bag comes with your next order.');
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByText('Sorry about that: a fresh bag comes with your next order.')).toBeVisible();
  await context.close();

  // The customer reads the reply on Help.
  await page.reload();
  await expect(page.getByRole('article', { name: new RegExp(`Case #${caseNumber}`) })).toContainText(
    'Sorry about that: a fresh bag comes with your next order.',
  );
});
