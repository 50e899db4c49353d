import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, signIn } from './support';

/**
 * A number of our own for each purchase, so the 30-second duplicate guard never trips between tests.
 * The VTU sandbox fails numbers ending 0000 (refunding the wallet), holds those ending 9999 as
 * pending, and delivers the rest.
 */
function phoneNumber(prefix = '0803', ending = '') {
  for (;;) {
    const random = `${prefix}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const candidate = random.slice(0, 11 - ending.length) + ending;
    if (ending || !/(0000|9999)$/.test(candidate)) return candidate;
  }
}

function naira(amount: number) {
  return `N${Math.round(amount).toLocaleString('en-US')}`;
}

async function bearer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

async function walletBalance(page: Page): Promise<number> {
  const res = await page.request.get('/api/wallet/me', { headers: await bearer(page) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** Tops the wallet up the way the deposit screen does, with the sandbox charging the card. */
async function fundWallet(page: Page, amount: number) {
  const headers = await bearer(page);
  const init = await page.request.post('/api/payments/paystack/initialize', {
    headers,
    data: { purpose: 'deposit', amount },
  });
  expect(init.ok()).toBe(true);
  const intent = ((await init.json()) as { data: { reference: string; email: string; amount_kobo: number } }).data;
  const charge = await page.request.post('/sandbox/paystack/test/charge', {
    data: {
      reference: intent.reference,
      email: intent.email,
      amount: intent.amount_kobo,
      currency: 'NGN',
      outcome: 'success',
    },
  });
  expect(charge.ok()).toBe(true);
  const deposit = await page.request.post('/api/wallet-transactions/deposit/paystack', {
    headers,
    data: { amount, tx_id: intent.reference },
  });
  expect(deposit.ok()).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
});

test('buys N100 airtime by card through the payment popup', async ({ page }) => {
  const phone = phoneNumber();
  // The Home tile opens the Airtime tab.
  await page.getByRole('link', { name: 'Airtime' }).click();
  await expect(page).toHaveURL(/\/airtime-data\?tab=airtime$/);
  await expect(page.getByRole('tab', { name: 'Airtime' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Recharge your phone and get the cheapest rates')).toBeAttached();

  const form = page.getByRole('form', { name: 'Buy airtime' });
  await expect(form.getByRole('button', { name: 'Pay' })).toBeDisabled();
  await form.getByLabel('Amount (N)').fill('100');
  await form.getByLabel('Phone Number').fill(phone);
  await expect(form.getByRole('combobox', { name: 'Network' })).toHaveValue('mtn');
  await expect(form.getByRole('radio', { name: 'Pay with card' })).toBeChecked();
  await form.getByRole('button', { name: 'Pay N100' }).click();

  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay NGN 100.00' }).click();

  await expect(page).toHaveURL(/\/transaction\/callback\/success$/);
  await expect(page.getByText('Yay! Your transaction was successful')).toBeVisible();

  // The number is offered again under Recent.
  await page.goto('/airtime-data');
  await expect(page.getByRole('button', { name: `Repeat N100 MTN airtime for ${phone}` })).toBeVisible();
});

test('closing the payment popup goes to the failure screen', async ({ page }) => {
  await page.goto('/airtime-data');
  const form = page.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (N)').fill('150');
  await form.getByLabel('Phone Number').fill(phoneNumber());
  await form.getByRole('button', { name: 'Pay N150' }).click();
  await page.getByRole('button', { name: 'Close checkout' }).click();
  await expect(page).toHaveURL(/\/transaction\/callback\/failure$/);
  await expect(page.getByText('Transaction was not successful!')).toBeVisible();
});

test('buys a data bundle with the wallet', async ({ page }) => {
  await fundWallet(page, 5000);
  const before = await walletBalance(page);
  expect(before).toBeGreaterThanOrEqual(5000);

  await page.getByRole('link', { name: 'Data' }).click();
  await expect(page).toHaveURL(/\/airtime-data\?tab=data$/);
  const form = page.getByRole('form', { name: 'Buy data' });
  // A Glo number: the network, then its bundles, follow from the prefix.
  await form.getByLabel('Phone Number').fill(phoneNumber('0805'));
  await expect(form.getByRole('combobox', { name: 'Network' })).toHaveValue('glo');
  await form.getByText('1GB 5 nights').click();
  await expect(form.getByTestId('chosen-bundle')).toHaveText('1GB 5 nights for N99');

  const wallet = form.getByRole('radio', { name: `Pay with wallet (balance ${naira(before)})` });
  await wallet.check();
  await form.getByRole('button', { name: 'Pay N99' }).click();

  await expect(page).toHaveURL(/\/transaction\/callback\/success$/);
  await expect(page.getByText('Yay! Your transaction was successful')).toBeVisible();
  expect(await walletBalance(page)).toBe(before - 99);
});

test('a purchase the network fails is refunded to the wallet, and the screen says so', async ({ page }) => {
  await fundWallet(page, 1000);
  const before = await walletBalance(page);
  const phone = phoneNumber('0803', '0000');

  await page.goto('/airtime-data');
  const form = page.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (N)').fill('200');
  await form.getByLabel('Phone Number').fill(phone);
  await form.getByRole('radio', { name: `Pay with wallet (balance ${naira(before)})` }).check();
  await form.getByRole('button', { name: 'Pay N200' }).click();

  await expect(form.getByRole('alert')).toContainText('Your money is back in your wallet.');
  await expect(page).toHaveURL(/\/airtime-data/);
  // The balance shown (and held) is what it was before.
  await expect(form.getByRole('radio', { name: `Pay with wallet (balance ${naira(before)})` })).toBeVisible();
  expect(await walletBalance(page)).toBe(before);
  await expect(page.getByRole('button', { name: `Repeat N200 MTN airtime for ${phone}` })).toContainText('Refunded');
});
