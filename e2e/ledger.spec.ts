import { expect, expectLagosTimes, test, DEMO_ADMIN, signIn, signInAsNewCustomer } from './support';

test('a customer deposits by card; the admin finds its journal by the Paystack reference and the books balance', async ({
  page,
  browser,
}) => {
  await signInAsNewCustomer(page);
  const me = (await (
    await page.request.get('/api/users/me', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    })
  ).json()) as { data: { id: number } };

  // Deposit ₦1,000 through the sandbox card popup, noting the Paystack reference the app sends.
  await page.goto('/wallet/deposit');
  await page.getByRole('button', { name: '1,000', exact: true }).click();
  await page.getByRole('button', { name: 'Pay ₦1,000' }).click();
  const deposited = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/wallet-transactions/deposit/paystack'),
  );
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay NGN 1,000.00' }).click();
  const reference = ((await deposited).postDataJSON() as { tx_id: string }).tx_id;
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦1,000');

  // The admin opens the ledger from the sidebar and looks the reference up.
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.getByRole('button', { name: 'Menu' }).click();
  await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Ledger' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();

  // An empty reference is refused on the form, with the contract's message.
  await adminPage.getByRole('button', { name: 'Find' }).click();
  await expect(adminPage.getByText('Enter a reference.')).toBeVisible();

  await adminPage.getByLabel('Reference').fill(reference);
  await adminPage.getByRole('button', { name: 'Find' }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/ledger\\?reference=${reference}$`));
  const journal = adminPage.getByRole('article').filter({ hasText: `deposit · ${reference}` });
  await expect(journal).toBeVisible();
  await expectLagosTimes(journal);
  const postings = journal.getByRole('table', { name: `Postings of deposit ${reference}` });
  await expect(postings.getByRole('row', { name: /\b1100 ₦1,000$/ })).toBeVisible();
  await expect(postings.getByRole('row', { name: new RegExp(`\\b2100-${me.data.id} ₦1,000$`) })).toBeVisible();

  // An unknown reference finds nothing, and says so.
  await adminPage.getByLabel('Reference').fill('NO_SUCH_REFERENCE');
  await adminPage.getByRole('button', { name: 'Find' }).click();
  await expect(adminPage.getByText('No journal has the reference NO_SUCH_REFERENCE.')).toBeVisible();

  // The trial balance lists every account and its two totals agree.
  const trial = adminPage.getByRole('table', { name: 'Trial balance' });
  await expect(trial.getByRole('row', { name: /Customer wallets/ })).toBeVisible();
  await expect(trial.getByRole('row', { name: /Paystack clearing/ })).toBeVisible();
  const totals = await adminPage.getByTestId('trial-balance-totals').textContent();
  const [, debits, credits] = /Total debits (\S+) · Total credits (\S+)/.exec(totals!)!;
  expect(debits).toBe(credits);
});
