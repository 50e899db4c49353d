import {
  expect,
  test,
  ensureWalletPin,
  enterWalletPin,
  fundWallet,
  latestMailTo,
  latestSmsCode,
  newCustomer,
  signIn,
  signUp,
} from './support';

test('a newcomer signs up, verifies their phone with the SMS code and their e-mail by link, then withdraws', async ({
  page,
}) => {
  test.slow(); // sign-up, two verifications, a deposit and a withdrawal
  const person = newCustomer();
  await signUp(page, person);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/home$/);
  await fundWallet(page, 1000);
  await ensureWalletPin(page, person.password);

  // Withdrawing needs a verified number: the screen says so and leads to the verification.
  await page.goto('/wallet/withdraw');
  const notice = page.getByRole('note');
  await expect(notice).toContainText('Verify your phone number to withdraw');
  await expect(page.getByRole('form', { name: 'Withdraw' })).toHaveCount(0);
  await notice.getByRole('link', { name: 'Verify phone number' }).click();
  await expect(page).toHaveURL(/\/profile\/verify-phone\?redirectTo=%2Fwallet%2Fwithdraw$/);
  await expect(page.getByRole('heading', { name: 'Verify your phone number', level: 1 })).toBeVisible();
  await expect(page.getByText(person.phone)).toBeVisible();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /^Send a new code in \d+s$/ })).toBeDisabled();

  // The code, read from the SMS sandbox's outbox as the phone would show it.
  const code = await latestSmsCode(page.request, person.phone);
  const wrong = code === '000000' ? '111111' : '000000';
  const field = page.getByLabel('6-digit code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. 4 tries left.').first()).toBeVisible();
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone number is verified.').first()).toBeVisible();

  // Back on the withdraw screen, which now takes a withdrawal.
  await expect(page).toHaveURL(/\/wallet\/withdraw$/);
  await expect(page.getByRole('note')).toHaveCount(0);
  const addForm = page.getByRole('form', { name: 'New account' });
  await addForm.getByLabel('Account Number').fill('0123456789');
  await addForm.getByLabel('Bank').selectOption({ label: 'United Bank For Africa' });
  await expect(addForm.getByTestId('resolved-account-name')).not.toBeEmpty();
  await addForm.getByRole('button', { name: 'Save bank account' }).click();
  const withdrawForm = page.getByRole('form', { name: 'Withdraw' });
  await withdrawForm.getByLabel('Amount').fill('300');
  await withdrawForm.getByRole('button', { name: 'Withdraw' }).click();
  await enterWalletPin(page);
  await expect(page.getByText('Withdrawal request have been submitted').first()).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦700');

  // The e-mail address: the profile says it is not verified; the link mailed at sign-up verifies it.
  await page.goto('/profile');
  const status = page.getByRole('region', { name: 'Verification' });
  await expect(status.getByRole('listitem').filter({ hasText: 'Phone number' })).toContainText('Verified');
  await expect(status.getByRole('listitem').filter({ hasText: 'E-mail address' })).toContainText('Not verified');
  const mail = await latestMailTo(page, person.email, 'Confirm your e-mail address for Ruwa');
  const link = mail.text.match(/https?:\/\/\S+\/auth\/verify-email\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(status.getByRole('listitem').filter({ hasText: 'E-mail address' })).not.toContainText('Not verified');
  await expect(status.getByText('Not verified')).toHaveCount(0);
});
