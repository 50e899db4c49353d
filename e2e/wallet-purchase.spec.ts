import { expect, test, ensureWalletPin, enterWalletPin, fundWallet, signInAsNewCustomer } from './support';

const SACHET = 'Pure Water (bag of 20 sachets)';

test('a customer buys sachet water from the wallet and sees the order and the debit', async ({ page }) => {
  const person = await signInAsNewCustomer(page);
  await fundWallet(page, 1000);
  await ensureWalletPin(page, person.password);

  // Home -> Sachet Water -> Lekki -> the product.
  await page.getByRole('button', { name: 'Sachet Water' }).click();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Lekki' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/results\?/);
  await page.getByRole('link', { name: /Pure Water \(bag of 20 sachets\)/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: SACHET })).toBeVisible();

  // Two bags at ₦350 in Lekki, paid from the ₦1,000 in the wallet: no card popup.
  const buy = page.getByRole('form', { name: 'Buy' });
  await buy.getByLabel('Quantity', { exact: true }).fill('2');
  await buy.getByLabel('Address').fill('12 Admiralty Way, Lekki');
  await buy.getByRole('radio', { name: 'Pay with wallet (balance ₦1,000)' }).check();
  await buy.getByRole('button', { name: 'Buy ₦700' }).click();
  await enterWalletPin(page);
  await expect(page).toHaveURL(/\/transaction\/callback\/success(\?order=\d+)?$/);
  await expect(page.getByText('Yay! Your transaction was successful')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Test checkout' })).toHaveCount(0);

  // The order is in the profile, paid from the wallet.
  await page.getByRole('link', { name: 'Go to profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const order = page.getByRole('link', { name: /Order ORD-\d+/ }).filter({ hasText: SACHET });
  await expect(order).toContainText('Paid');
  await expect(order).toContainText('₦700');
  await order.click();
  await expect(page.getByRole('heading', { level: 1, name: /Order ORD-\d+/ })).toBeVisible();
  const summary = page.getByRole('region', { name: SACHET });
  await expect(summary.getByRole('definition').filter({ hasText: /^Wallet$/ })).toBeVisible();

  // The wallet shows the debit and what is left.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦300');
  const entries = page.getByRole('list', { name: 'Wallet transactions' }).getByRole('listitem');
  await expect(entries.first()).toContainText('Purchase');
  await expect(entries.first()).toContainText(`2 x ${SACHET}`);
  await expect(entries.first()).toContainText('-₦700');
  await expect(entries.nth(1)).toContainText('Deposit');
  await expect(entries.nth(1)).toContainText('+₦1,000');
});
