import { expect, test, bearer, signInAsNewCustomer } from './support';

/** A number the VTU sandbox refuses (it fails every number ending 0000). */
const refusedNumber = () => `0803${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}0000`;

test('a refused card-paid airtime purchase: refunded to the wallet, then sent back to the card', async ({ page }) => {
  await signInAsNewCustomer(page);
  const phone = refusedNumber();
  await page.goto('/airtime-data');
  const form = page.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (₦)').fill('170');
  await form.getByLabel('Phone Number').fill(phone);
  await form.getByRole('button', { name: 'Pay ₦170' }).click();
  await page
    .getByRole('dialog', { name: 'Test checkout' })
    .getByRole('button', { name: /^Pay NGN/ })
    .click();

  // The money is in the wallet at once, with the choice to send it back to the card instead: on the
  // form when the network refused while the payment was recorded, else on the purchase's screen.
  const onForm = form.getByRole('alert').filter({ hasText: 'The purchase did not go through' });
  const onScreen = page.getByRole('heading', { level: 1, name: 'Your airtime could not be delivered' });
  await expect(onForm.or(onScreen)).toBeVisible();
  await expect(page.getByText(/back in your wallet/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Send it back to my card instead' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send ₦170 back to your card?' });
  await expect(dialog).toContainText('reaches the card you paid with in 3–10 working days');
  await dialog.getByRole('button', { name: 'Yes, send it to my card' }).click();
  await expect(page.getByText(/On its way back to your card|Back on your card/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send it back to my card instead' })).toHaveCount(0);

  const headers = await bearer(page);
  const wallet = await page.request.get('/api/wallet/me', { headers });
  expect(((await wallet.json()) as { data: { balance: number } }).data.balance).toBe(0);

  // The sandbox bank pays it back a moment later; the purchase, opened from the orders list, says so.
  await page.goto('/transaction/results');
  await page
    .getByRole('region', { name: 'Airtime and data' })
    .getByRole('link', { name: /Purchase VTU-\d+/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/transaction\/purchase\?id=\d+$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Back on your card')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});
