import { addDaysTo, formatDate, formatInputDay, lagosDay } from '@ruwa/contract/dates';
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
  await expect(postings.getByRole('row', { name: /\b1100 Paystack clearing ₦1,000$/ })).toBeVisible();
  await expect(
    postings.getByRole('row', { name: new RegExp(`\\b2100-${me.data.id} Customer wallets ₦1,000$`) }),
  ).toBeVisible();

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

  // As at the end of yesterday the books balance too, without today's deposit.
  const yesterday = addDaysTo(lagosDay(), -1);
  await adminPage.getByLabel('As at', { exact: true }).fill(formatInputDay(yesterday));
  await adminPage.getByRole('button', { name: 'Show' }).click();
  await expect(adminPage.getByText(`As at the end of ${formatDate(yesterday)}`)).toBeVisible();
  await expect(async () => {
    const [, before, after] = /Total debits (\S+) · Total credits (\S+)/.exec(
      (await adminPage.getByTestId('trial-balance-totals').textContent())!,
    )!;
    expect(before).toBe(after);
    expect(before).not.toBe(debits);
  }).toPass({ timeout: 10_000 });

  // Today's period: Paystack clearing opens its journals, today's deposit among them.
  await adminPage.getByLabel('As at', { exact: true }).fill('');
  await adminPage.getByLabel('From', { exact: true }).fill(formatInputDay(lagosDay()));
  await adminPage.getByLabel('To', { exact: true }).fill(formatInputDay(lagosDay()));
  await adminPage.getByRole('button', { name: 'Show' }).click();
  const period = adminPage.getByRole('table', { name: 'Trial balance for the period' });
  await expect(period).toBeVisible();
  await expect(adminPage.getByTestId('period-totals')).toContainText('Movements: debits');
  await period.getByRole('button', { name: 'Journals of 1100 Paystack clearing' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Journals of 1100 Paystack clearing' })).toBeVisible();
  await expect(adminPage.getByRole('article').filter({ hasText: `deposit · ${reference}` })).toBeVisible();

  // The profit and loss opens on this month, and nets revenue less expenses.
  await adminPage.getByRole('button', { name: 'Menu' }).click();
  await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Profit and loss' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Profit and loss' })).toBeVisible();
  await expect(
    adminPage.getByRole('table', { name: 'Revenue' }).getByRole('row', { name: /Refunds Contra-revenue/ }),
  ).toBeVisible();
  await expect(adminPage.getByTestId('net')).toHaveText(/^Net (profit|loss) ₦[\d,.]+$/);
});
