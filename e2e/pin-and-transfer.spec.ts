import type { Page } from '@playwright/test';
import { expect, test, bearer, fundWallet, signInAsNewCustomer, verifyPhone } from './support';

/** A number the VTU sandbox delivers to (not ending 0000 or 9999). */
function deliveredPhone() {
  return `0803${String(1_000_000 + Math.floor(Math.random() * 8_000_000)).padStart(7, '0')}`;
}

async function walletBalance(page: Page): Promise<number> {
  const res = await page.request.get('/api/wallet/me', { headers: await bearer(page) });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** Fills the airtime form to pay ₦100 from the wallet, and presses Pay. */
async function payAirtimeFromWallet(page: Page) {
  await page.goto('/airtime-data');
  const form = page.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (₦)').fill('100');
  await form.getByLabel('Phone Number').fill(deliveredPhone());
  await form.getByRole('radio', { name: /Pay with wallet/ }).check();
  await form.getByRole('button', { name: 'Pay ₦100' }).click();
}

test('a customer sets a wallet PIN before the first wallet payment; five wrong PINs lock wallet payments', async ({
  page,
}) => {
  test.slow(); // two purchases and five PIN attempts, each checked with argon2 on the server
  const person = await signInAsNewCustomer(page);
  await fundWallet(page, 1000);

  // The first payment from the wallet: the customer chooses a PIN (twice) with their password.
  await payAirtimeFromWallet(page);
  const setSheet = page.getByRole('dialog', { name: 'Set a wallet PIN' });
  await setSheet.getByLabel('New PIN').fill('4826');
  await setSheet.getByLabel('Confirm PIN').fill('4826');
  await setSheet.getByLabel('Account password').fill('not-my-password');
  await setSheet.getByRole('button', { name: 'Set PIN and continue' }).click();
  await expect(setSheet.getByText('The password is incorrect.')).toBeVisible();
  await setSheet.getByLabel('Account password').fill(person.password);
  await setSheet.getByRole('button', { name: 'Set PIN and continue' }).click();
  await expect(page).toHaveURL(/\/transaction\/purchase\?id=\d+$/);
  expect(await walletBalance(page)).toBe(900);

  // The next payment asks for the PIN on the keypad: a wrong one says how many tries are left.
  await payAirtimeFromWallet(page);
  const sheet = page.getByRole('dialog', { name: 'Enter your wallet PIN' });
  const keypad = sheet.getByRole('group', { name: 'PIN keypad' });
  for (const digit of ['1', '1', '1', '1']) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await expect(sheet.getByRole('alert')).toHaveText(
    'Wrong PIN. 4 attempts left before wallet payments are locked for 30 minutes.',
  );
  // Typing works as well as the keypad.
  for (const left of [3, 2, 1]) {
    await sheet.getByLabel('Wallet PIN').pressSequentially('0000');
    await expect(sheet.getByRole('alert')).toHaveText(
      `Wrong PIN. ${left} attempt${left === 1 ? '' : 's'} left before wallet payments are locked for 30 minutes.`,
    );
  }
  await sheet.getByLabel('Wallet PIN').pressSequentially('0000');
  const locked = page.getByRole('dialog', { name: 'Wallet payments locked' });
  await expect(locked.getByRole('alert')).toHaveText(
    'Too many wrong PINs. Wallet payments are locked for 30 more minutes.',
  );
  await locked.getByRole('button', { name: 'OK' }).click();
  await expect(locked).toBeHidden();
  expect(await walletBalance(page)).toBe(900);

  // Locked: the next payment opens on the lock at once, with no keypad to type a PIN into.
  await payAirtimeFromWallet(page);
  await expect(page.getByRole('dialog', { name: 'Wallet payments locked' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Enter your wallet PIN' })).toHaveCount(0);
  await expect(page.getByLabel('Wallet PIN')).toHaveCount(0);
  expect(await walletBalance(page)).toBe(900);
});

test('a verified customer funds the wallet by bank transfer into their own account, credited once', async ({
  page,
}) => {
  const person = await signInAsNewCustomer(page);
  await page.goto('/wallet');
  const card = page.getByRole('region', { name: 'Fund by bank transfer' });
  await expect(card).toContainText('Verify your phone number to get a bank account for transfers');

  await verifyPhone(page, person.phone);
  await page.goto('/wallet');
  const accountNumber = card.getByTestId('transfer-account-number');
  await expect(accountNumber).toHaveText(/^\d{10}$/);
  await expect(card).toContainText('Wema Bank');
  await expect(card).toContainText(`RUWA/${person.firstName} ${person.lastName}`.toUpperCase());
  await card.getByRole('button', { name: 'Copy account number' }).click();
  await expect(card.getByRole('button', { name: 'Copy account number' })).toContainText('Copied');

  // ₦2,500 sent from a bank app: Paystack's signed charge.success (dedicated_nuban) credits the wallet.
  const number = (await accountNumber.textContent())!;
  const sent = await page.request.post('/sandbox/paystack/test/transfer-in', {
    data: { account_number: number, amount: 2_500_00 },
  });
  expect(sent.ok()).toBe(true);
  const { reference } = ((await sent.json()) as { data: { reference: string } }).data;
  const balance = page.getByTestId('wallet-balance');
  const transactions = page.getByRole('list', { name: 'Wallet transactions' });
  // The balance and the list are two requests: a reload may find the credit in one and not yet in
  // the other, so both are read from the same reload.
  await expect(async () => {
    await page.reload();
    await expect(balance).toHaveText('₦2,500', { timeout: 2000 });
    await expect(transactions.getByRole('listitem').first()).toContainText('Bank transfer', { timeout: 2000 });
  }).toPass();
  await expect(transactions.getByRole('listitem').first()).toContainText('+₦2,500');

  // Paystack delivering the same transfer again credits nothing more. A later transfer reaches the
  // server after the repeat: once it shows in the wallet, the repeat has been dealt with.
  const again = await page.request.post('/sandbox/paystack/test/transfer-in', {
    data: { account_number: number, amount: 2_500_00, reference },
  });
  expect(again.ok()).toBe(true);
  const later = await page.request.post('/sandbox/paystack/test/transfer-in', {
    data: { account_number: number, amount: 100_00 },
  });
  expect(later.ok()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(transactions.getByRole('listitem').first()).toContainText('+₦100', { timeout: 2000 });
    await expect(balance).toHaveText('₦2,600', { timeout: 2000 });
  }).toPass();
  await expect(transactions.getByRole('listitem')).toHaveCount(2);
  await expect(transactions.getByRole('listitem').nth(1)).toContainText('+₦2,500');
});
