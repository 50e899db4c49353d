import { expect, test, ensureWalletPin, enterWalletPin, signInAsNewCustomer, verifyPhone } from './support';

test('a customer deposits by card, adds a bank account, withdraws and saves', async ({ page }) => {
  const person = await signInAsNewCustomer(page);
  await verifyPhone(page, person.phone);
  await ensureWalletPin(page, person.password);
  const balance = page.getByTestId('wallet-balance');
  const transactions = page.getByRole('list', { name: 'Wallet transactions' });
  const toasts = page.getByRole('region', { name: /Notifications/ });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(balance).toHaveText('₦0');
  await expect(page.getByText('No data yet')).toBeVisible();

  // Deposit ₦1,000 through the sandbox card popup; closing it first changes nothing.
  await page.getByRole('link', { name: 'Deposit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Deposit Funds', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '1,000', exact: true }).click();
  await expect(page.getByLabel('Amount')).toHaveValue('1000');
  await page.getByRole('button', { name: 'Pay ₦1,000' }).click();
  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(checkout).toContainText(person.email);
  await checkout.getByRole('button', { name: 'Close checkout' }).click();
  await expect(checkout).toBeHidden();
  await expect(page).toHaveURL(/\/wallet\/deposit$/);

  await page.getByRole('button', { name: 'Pay ₦1,000' }).click();
  await checkout.getByRole('button', { name: 'Pay NGN 1,000.00' }).click();
  await expect(toasts.getByText('Deposit successful')).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(balance).toHaveText('₦1,000');
  await expect(transactions.getByRole('listitem').first()).toContainText('Deposit');
  await expect(transactions.getByRole('listitem').first()).toContainText('+₦1,000');

  // Add a bank account: the name the bank holds shows before saving.
  await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
  const addForm = page.getByRole('form', { name: 'New account' });
  await addForm.getByLabel('Account Number').fill('0123456789');
  await addForm.getByLabel('Bank').selectOption({ label: 'United Bank For Africa' });
  const accountName = addForm.getByTestId('resolved-account-name');
  await expect(accountName).not.toBeEmpty();
  const resolvedName = (await accountName.textContent())!;
  await addForm.getByRole('button', { name: 'Save bank account' }).click();
  await expect(toasts.getByText('Bank details have been stored')).toBeVisible();

  // Withdraw ₦300 to it.
  const withdrawForm = page.getByRole('form', { name: 'Withdraw' });
  await expect(withdrawForm.getByLabel('Bank account')).toHaveValue(/\d+/);
  await expect(withdrawForm.getByLabel('Bank account').locator('option:checked')).toHaveText(
    `United Bank For Africa · 0123456789 · ${resolvedName}`,
  );
  await withdrawForm.getByLabel('Amount').fill('300');
  await withdrawForm.getByRole('button', { name: 'Withdraw' }).click();
  await enterWalletPin(page);
  await expect(toasts.getByText('Withdrawal request have been submitted')).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(balance).toHaveText('₦700');
  await expect(transactions.getByRole('listitem').first()).toContainText('Withdrawal');
  await expect(transactions.getByRole('listitem').first()).toContainText('-₦300');

  // Put ₦100 into savings.
  await page.getByRole('button', { name: 'Savings' }).click();
  const savings = page.getByRole('dialog', { name: 'Savings' });
  await savings.getByLabel('Amount').fill('100');
  await savings.getByRole('button', { name: 'Move to savings' }).click();
  await expect(toasts.getByText('Moved to savings')).toBeVisible();
  await expect(savings).toBeHidden();
  await expect(balance).toHaveText('₦600');
  await expect(page.getByTestId('savings-balance')).toHaveText('₦100');
  await expect(transactions.getByRole('listitem').first()).toContainText('Savings');
  await expect(transactions.getByRole('listitem').first()).toContainText('-₦100');

  // The balances survive a reload (they come from the server).
  await page.reload();
  await expect(balance).toHaveText('₦600');
  await expect(page.getByTestId('savings-balance')).toHaveText('₦100');
});

test('a withdrawal whose bank transfer fails is credited back', async ({ page }) => {
  const person = await signInAsNewCustomer(page);
  await verifyPhone(page, person.phone);
  await ensureWalletPin(page, person.password);
  const balance = page.getByTestId('wallet-balance');
  const transactions = page.getByRole('list', { name: 'Wallet transactions' });

  await page.goto('/wallet/deposit');
  await page.getByRole('button', { name: '500', exact: true }).click();
  await page.getByRole('button', { name: 'Pay ₦500' }).click();
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay NGN 500.00' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(balance).toHaveText('₦500');

  // The sandbox fails transfers to 9999999999 and reverses them a moment later.
  await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
  const addForm = page.getByRole('form', { name: 'New account' });
  await addForm.getByLabel('Account Number').fill('9999999999');
  await addForm.getByLabel('Bank').selectOption({ label: 'United Bank For Africa' });
  await expect(addForm.getByTestId('resolved-account-name')).not.toBeEmpty();
  await addForm.getByRole('button', { name: 'Save bank account' }).click();
  const withdrawForm = page.getByRole('form', { name: 'Withdraw' });
  await withdrawForm.getByLabel('Amount').fill('200');
  await withdrawForm.getByRole('button', { name: 'Withdraw' }).click();
  await enterWalletPin(page);
  await expect(page).toHaveURL(/\/wallet$/);

  // The balance and the list are two requests: reload until both were answered after the reversal.
  await expect(async () => {
    await page.reload();
    await expect(balance).toHaveText('₦500', { timeout: 2000 });
    await expect(transactions.getByRole('listitem').first()).toContainText('Reversal', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(transactions.getByRole('listitem').first()).toContainText('+₦200');
  await expect(transactions.getByRole('listitem').nth(1)).toContainText('Withdrawal');
  await expect(transactions.getByRole('listitem').nth(1)).toContainText('Reversed');
});
