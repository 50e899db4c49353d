import {
  expect,
  test,
  bearer,
  ensureWalletPin,
  enterWalletPin,
  fundWallet,
  latestMailTo,
  latestSmsTo,
  signInAsNewCustomer,
  verifyPhone,
} from './support';

test('after resetting the wallet PIN, a withdrawal is held with why and until when; cancelling it puts the money back', async ({
  page,
}) => {
  test.slow(); // a PIN set and reset with the password, then two PIN-checked withdrawals, each argon2 on the server
  const person = await signInAsNewCustomer(page);
  await verifyPhone(page, person.phone);
  // A PIN reset link goes only to a verified address: the customer opens the link sign-up mailed.
  const welcome = await latestMailTo(page, person.email, 'Confirm your e-mail address for Ruwa');
  await page.goto(welcome.text.match(/https?:\/\/\S+\/auth\/verify-email\?token=\S+/)![0]);
  await expect(page.getByText('Your e-mail address is verified.').first()).toBeVisible();
  await ensureWalletPin(page, person.password);
  await fundWallet(page, 1000);
  const saved = await page.request.post('/api/wallet/store/bank-details', {
    headers: await bearer(page),
    data: { first_name: person.firstName, last_name: person.lastName, account_number: '0123456789', bank_name: '033' },
  });
  expect(saved.ok()).toBe(true);
  const toasts = page.getByRole('region', { name: /Notifications/ });
  const withdrawForm = page.getByRole('form', { name: 'Withdraw' });
  const withdraw400 = async () => {
    await page.goto('/wallet');
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
    await withdrawForm.getByLabel('Bank account').selectOption({ index: 1 });
    await withdrawForm.getByLabel('Amount').fill('400');
    await withdrawForm.getByRole('button', { name: 'Withdraw' }).click();
  };

  // Forgotten PIN: asked for from the PIN sheet, chosen again from the e-mailed link with the password.
  await withdraw400();
  const sheet = page.getByRole('dialog', { name: 'Enter your wallet PIN' });
  await sheet.getByRole('button', { name: 'Forgot your PIN?' }).click();
  await expect(sheet.getByRole('status')).toHaveText('We sent a link to your e-mail address. It works for 30 minutes.');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  const mail = await latestMailTo(page, person.email, 'Reset your Ruwa wallet PIN');
  await page.goto(mail.text.match(/https?:\/\/\S+\/wallet\/pin\/reset\?token=[^\s"&]+/)![0]);
  await page.getByLabel('New PIN').fill('1793');
  await page.getByLabel('Confirm PIN').fill('1793');
  await page.getByLabel('Account password').fill(person.password);
  await page.getByRole('button', { name: 'Set new PIN' }).click();
  await expect(toasts.getByText('Your new wallet PIN is set')).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  // The owner is told, with what it means for withdrawals.
  const alert = await latestMailTo(page, person.email, 'Ruwa: Your wallet PIN was reset');
  expect(alert.text).toContain('For the next 24 hours, every withdrawal from your wallet is held before it is sent');

  // The withdrawal is accepted and set aside, but waits: the wallet says why and until when.
  await withdraw400();
  await enterWalletPin(page, '1793');
  await expect(
    toasts.getByText(/^Your wallet PIN was reset, so your withdrawal of ₦400 .+ is held until /),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦600');
  const held = page.getByRole('region', { name: 'Held withdrawals' });
  await expect(held).toContainText('₦400');
  await expect(
    held.getByText(
      /^Held until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) because your wallet PIN was reset\.$/,
    ),
  ).toBeVisible();
  const transactions = page.getByRole('list', { name: 'Wallet transactions' });
  await expect(transactions.getByRole('listitem').first()).toContainText('Held');

  // Every word of it fits a 360 px phone: nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Cancelled after a confirmation: the money is back, once.
  await held.getByRole('button', { name: 'Cancel withdrawal' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this withdrawal?' });
  await expect(confirm).toContainText(
    '₦400 will go back to your wallet balance now, and nothing will be sent to the bank.',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await confirm.getByRole('button', { name: 'Cancel withdrawal' }).click();
  await expect(toasts.getByText('Your withdrawal was cancelled and the money is back in your wallet.')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦1,000');
  await expect(held).toBeHidden();
  await expect(transactions.getByRole('listitem').first()).toContainText('Reversal');
  await expect(transactions.getByRole('listitem').nth(1)).toContainText('Cancelled');
});

test('with the e-mail unverified, a forgotten wallet PIN is reset by the code texted to the verified phone', async ({
  page,
}) => {
  test.slow(); // a PIN set, then reset with the password, then a PIN-checked withdrawal, each argon2 on the server
  const person = await signInAsNewCustomer(page);
  // The phone is proven; the e-mail sign-up sent a link for is never confirmed.
  await verifyPhone(page, person.phone);
  await ensureWalletPin(page, person.password);
  await fundWallet(page, 1000);
  const saved = await page.request.post('/api/wallet/store/bank-details', {
    headers: await bearer(page),
    data: { first_name: person.firstName, last_name: person.lastName, account_number: '0123456789', bank_name: '033' },
  });
  expect(saved.ok()).toBe(true);
  await page.setViewportSize({ width: 360, height: 780 });
  const withdrawForm = page.getByRole('form', { name: 'Withdraw' });
  const withdraw400 = async () => {
    await page.goto('/wallet');
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
    await withdrawForm.getByLabel('Bank account').selectOption({ index: 1 });
    await withdrawForm.getByLabel('Amount').fill('400');
    await withdrawForm.getByRole('button', { name: 'Withdraw' }).click();
  };

  await withdraw400();
  const sheet = page.getByRole('dialog', { name: 'Enter your wallet PIN' });
  await sheet.getByRole('button', { name: 'Forgot your PIN?' }).click();
  const sent = `We sent a 6-digit code to your phone ending in ${person.phone.slice(-4)}. It works once, for 30 minutes.`;
  await expect(sheet.getByRole('status')).toHaveText(sent);
  await sheet.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/wallet\/pin\/reset$/);
  await expect(sheet).toBeHidden();
  const form = page.getByRole('form', { name: 'Reset wallet PIN' });
  await expect(page.getByText(sent)).toBeVisible();

  const sms = await latestSmsTo(page.request, person.phone);
  expect(sms.text).toMatch(/^Your Ruwa wallet PIN reset code is \d{6}\./);
  const code = sms.text.match(/\b(\d{6})\b/)![1]!;
  const wrong = code === '000000' ? '111111' : '000000';
  await form.getByLabel('6-digit code').fill(wrong);
  await form.getByLabel('New PIN').fill('1793');
  await form.getByLabel('Confirm PIN').fill('1793');
  await form.getByLabel('Account password').fill(person.password);
  await form.getByRole('button', { name: 'Set new PIN' }).click();
  await expect(form.getByLabel('6-digit code')).toHaveAccessibleDescription('That code is not right. 4 tries left.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await form.getByLabel('6-digit code').fill(code);
  await form.getByRole('button', { name: 'Set new PIN' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Your new wallet PIN is set')).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);

  // The new PIN pays; the withdrawal waits, as after any PIN reset.
  await withdraw400();
  await enterWalletPin(page, '1793');
  await expect(
    toasts.getByText(/^Your wallet PIN was reset, so your withdrawal of ₦400 .+ is held until /),
  ).toBeVisible();
});
