import type { Page } from '@playwright/test';
import { formatNaira } from '@ruwa/contract/money';
import { expect, test, DEMO_CUSTOMER, bearer, ensureWalletPin, enterWalletPin, fundWallet, signIn } from './support';

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

async function walletBalance(page: Page): Promise<number> {
  const res = await page.request.get('/api/wallet/me', { headers: await bearer(page) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
});

test('buys ₦100 airtime by card through the payment popup', async ({ page }) => {
  const phone = phoneNumber();
  // The Home tile opens the Airtime tab.
  await page.getByRole('link', { name: 'Airtime' }).click();
  await expect(page).toHaveURL(/\/airtime-data\?tab=airtime$/);
  await expect(page.getByRole('tab', { name: 'Airtime' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Recharge your phone and get the cheapest rates')).toBeAttached();

  const form = page.getByRole('form', { name: 'Buy airtime' });
  await expect(form.getByRole('button', { name: 'Pay' })).toBeDisabled();
  await form.getByLabel('Amount (₦)').fill('100');
  await form.getByLabel('Phone Number').fill(phone);
  await expect(form.getByRole('combobox', { name: 'Network' })).toHaveValue('mtn');
  await expect(form.getByRole('radio', { name: 'Pay with card' })).toBeChecked();
  await form.getByRole('button', { name: 'Pay ₦100' }).click();

  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay NGN 100.00' }).click();

  await expect(page).toHaveURL(/\/transaction\/purchase\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Your airtime was delivered' })).toBeVisible();

  // The number is offered again under Recent.
  await page.goto('/airtime-data');
  await expect(page.getByRole('button', { name: `Buy again: ${phone} MTN · ₦100 Delivered` })).toBeVisible();
});

test('a declined card says so in the checkout, charges nothing, and the same checkout can then pay', async ({
  page,
}) => {
  const phone = phoneNumber();
  await page.goto('/airtime-data');
  const form = page.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (₦)').fill('120');
  await form.getByLabel('Phone Number').fill(phone);
  await form.getByRole('button', { name: 'Pay ₦120' }).click();

  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await checkout.getByRole('button', { name: 'Decline' }).click();
  await expect(checkout.getByText('Your card was declined. Try again or close.')).toBeVisible();
  // Nothing was bought with the declined charge: the app is still on the form.
  await expect(page).toHaveURL(/\/airtime-data/);

  const purchasesFor = async () => {
    const res = await page.request.get('/api/vtu/me', { headers: await bearer(page), params: { per_page: 50 } });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { data: { data: { phone: string }[] } }).data.data.filter((p) => p.phone === phone);
  };
  expect(await purchasesFor()).toHaveLength(0);

  await checkout.getByRole('button', { name: 'Pay NGN 120.00' }).click();
  await expect(page).toHaveURL(/\/transaction\/purchase\?id=\d+$/);
  expect(await purchasesFor()).toHaveLength(1);
  await page.goto('/airtime-data');
  await expect(page.getByRole('button', { name: `Buy again: ${phone} MTN · ₦120 Delivered` })).toBeVisible();
});

test('closing the payment popup goes to the failure screen', async ({ page }) => {
  await page.goto('/airtime-data');
  const form = page.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (₦)').fill('150');
  await form.getByLabel('Phone Number').fill(phoneNumber());
  await form.getByRole('button', { name: 'Pay ₦150' }).click();
  await page.getByRole('button', { name: 'Close checkout' }).click();
  await expect(page).toHaveURL(/\/transaction\/callback\/failure$/);
  await expect(page.getByText('Transaction was not successful!')).toBeVisible();
});

test('buys a data bundle with the wallet', async ({ page }) => {
  await fundWallet(page, 5000);
  await ensureWalletPin(page, DEMO_CUSTOMER.password);
  const before = await walletBalance(page);
  expect(before).toBeGreaterThanOrEqual(5000);

  await page.getByRole('link', { name: 'Data' }).click();
  await expect(page).toHaveURL(/\/airtime-data\?tab=data$/);
  const form = page.getByRole('form', { name: 'Buy data' });
  // A Glo number: the network, then its bundles, follow from the prefix.
  await form.getByLabel('Phone Number').fill(phoneNumber('0805'));
  await expect(form.getByRole('combobox', { name: 'Network' })).toHaveValue('glo');
  await form.getByText('1GB 5 nights').click();
  await expect(form.getByTestId('chosen-bundle')).toHaveText('1GB 5 nights for ₦99');

  const wallet = form.getByRole('radio', { name: `Pay with wallet (balance ${formatNaira(before)})` });
  await wallet.check();
  await form.getByRole('button', { name: 'Pay ₦99' }).click();
  await enterWalletPin(page);

  await expect(page).toHaveURL(/\/transaction\/purchase\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Your data was delivered' })).toBeVisible();
  expect(await walletBalance(page)).toBe(before - 99);
});

test('a purchase the network fails is refunded to the wallet, and the screen says so', async ({ page }) => {
  await fundWallet(page, 1000);
  await ensureWalletPin(page, DEMO_CUSTOMER.password);
  const before = await walletBalance(page);
  const phone = phoneNumber('0803', '0000');

  await page.goto('/airtime-data');
  const form = page.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (₦)').fill('200');
  await form.getByLabel('Phone Number').fill(phone);
  await form.getByRole('radio', { name: `Pay with wallet (balance ${formatNaira(before)})` }).check();
  await form.getByRole('button', { name: 'Pay ₦200' }).click();
  await enterWalletPin(page);

  await expect(form.getByRole('alert')).toContainText('Your money is back in your wallet.');
  await expect(page).toHaveURL(/\/airtime-data/);
  // The balance shown (and held) is what it was before.
  await expect(form.getByRole('radio', { name: `Pay with wallet (balance ${formatNaira(before)})` })).toBeVisible();
  expect(await walletBalance(page)).toBe(before);
  await expect(page.getByRole('button', { name: `Buy again: ${phone} MTN · ₦200 Refunded` })).toContainText('Refunded');

  // The wallet screen shows the debit and, newest first, the refund that undid it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatNaira(before));
  const entries = page.getByRole('list', { name: 'Wallet transactions' }).getByRole('listitem');
  await expect(entries.first()).toContainText('Refund');
  await expect(entries.first()).toContainText(`Refund: airtime for ${phone} failed`);
  await expect(entries.first()).toContainText('+₦200');
  await expect(entries.nth(1)).toContainText('Purchase');
  await expect(entries.nth(1)).toContainText(`Airtime for ${phone}`);
  await expect(entries.nth(1)).toContainText('-₦200');
  // The purchase says what became of it, not that it succeeded, and points at its refund.
  await expect(entries.nth(1)).toContainText('Refunded');
  await expect(entries.nth(1)).not.toContainText('Successful');
  const refundTxId = await entries.first().getByRole('link').first().getAttribute('href');
  expect(refundTxId).toMatch(/^\/receipts\/TX/);
  await expect(entries.nth(1).getByRole('link', { name: 'See the refund' })).toHaveAttribute('href', refundTxId!);

  // On a 360 px phone the description wraps: the phone number at its end is on the screen, not cut off.
  await page.setViewportSize({ width: 360, height: 780 });
  for (const entry of [entries.first(), entries.nth(1)]) {
    const description = entry.getByTestId('transaction-description');
    await expect(description).toContainText(phone);
    const fits = await description.evaluate(
      (element) => element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= 360,
    );
    expect(fits).toBe(true);
  }
});

test('pays a prepaid electricity meter from the wallet: the meter checked first, then the token to copy', async ({
  page,
}) => {
  await fundWallet(page, 3000);
  await ensureWalletPin(page, DEMO_CUSTOMER.password);
  const before = await walletBalance(page);
  // An amount of its own, so the 30-second double-tap guard never trips on a retry.
  const amount = 1000 + Math.floor(Math.random() * 900);

  await page.getByRole('link', { name: 'Electricity' }).click();
  await expect(page).toHaveURL(/\/electricity$/);
  const form = page.getByRole('form', { name: 'Pay electricity' });
  await form.getByRole('combobox', { name: 'Electricity company' }).selectOption('Ikeja Electric (IKEDC)');
  await form.getByLabel('Meter number').fill('1111111111111');
  await form.getByRole('button', { name: 'Check meter' }).click();
  await expect(form.getByRole('status', { name: 'Meter found' })).toContainText('TESTMETER1');

  await form.getByLabel('Amount (₦)').fill(String(amount));
  await form.getByRole('radio', { name: `Pay with wallet (balance ${formatNaira(before)})` }).check();
  await form.getByRole('button', { name: `Pay ${formatNaira(amount)}` }).click();
  await enterWalletPin(page);

  await expect(page).toHaveURL(/\/bills\/show\?reference=VTU-\d+$/);
  await expect(page.getByRole('heading', { name: 'Your electricity is paid' })).toBeVisible();
  await expect(page.getByLabel('Your token')).toHaveText(/^\d{4}( \d{4}){4}$/);
  expect(await walletBalance(page)).toBe(before - amount);
  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page.getByText('Meter number')).toBeVisible();
});
