import { expect, expectLagosTimes, test, DEMO_ADMIN, signIn } from './support';

/** A Lagos day as yyyy-mm-dd. */
const lagosDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(at);

test('an admin checks a past day, finds a charge Ruwa never recorded, and clears it with a journal and a reason', async ({
  page,
}) => {
  // Paystack took ₦4,200 two days ago that Ruwa has no record of (the browser and the webhook both lost it).
  const paidAt = new Date(Date.now() - 2 * 24 * 3_600_000);
  const day = lagosDay(paidAt);
  const reference = `E2E_RECON_${Date.now()}`;
  const charge = await page.request.post('/sandbox/paystack/test/charge', {
    data: { reference, email: 'lost.payment@ruwa.local', amount: 420_000, paid_at: paidAt.toISOString() },
  });
  expect(charge.ok()).toBe(true);

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();

  await page.getByLabel('Day (optional)').fill(day);
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText(/\d+ differences? found/)).toBeVisible();

  const differences = page.getByRole('table', { name: 'Differences with the providers' });
  const row = differences.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Paid at the provider, not recorded by Ruwa');
  await expect(row).toContainText('₦4,200');
  // When Paystack took it, in Lagos time as every screen shows times.
  await expectLagosTimes(row);

  await row.getByRole('button', { name: `Clear the difference on ${reference}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Clear the difference on ${reference}?` });
  await dialog.getByLabel('Reason').fill('short');
  await dialog.getByRole('button', { name: 'Clear difference' }).click();
  await expect(dialog.getByText('Write at least 10 characters: what was found and what was done.')).toBeVisible();
  const reason = 'Paystack charge with no order: customer refunded from the dashboard on 27 Nov.';
  // Suspense unless the admin knows where the difference belongs.
  await expect(dialog.getByLabel('Post the difference against')).toHaveValue('1900');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Clear difference' }).click();
  await expect(page.getByText('Difference cleared')).toBeVisible();
  await expect(differences.getByRole('row').filter({ hasText: reference })).toHaveCount(0);

  await page.getByLabel('Show').selectOption({ label: 'Cleared' });
  const cleared = differences.getByRole('row').filter({ hasText: reference });
  await expect(cleared).toContainText(`Cleared by Ruwa Admin: ${reason}`);
  const journalLink = cleared.getByRole('link', { name: /^Journal recon:\d+$/ });
  const journalReference = (await journalLink.textContent())!.replace('Journal ', '');
  // The list may be read again as the filter settles, replacing the row under the pointer: the click
  // is repeated until it has opened the ledger.
  const ledger = page.getByRole('heading', { level: 1, name: 'Ledger' });
  await expect(async () => {
    if (!(await ledger.isVisible())) await journalLink.click();
    await expect(ledger).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });

  // The adjustment brings Paystack clearing to Paystack's figure, against Suspense.
  const journal = page.getByRole('article').filter({ hasText: `reconciliation_adjustment · ${journalReference}` });
  await expect(journal).toBeVisible();
  const postings = journal.getByRole('table', {
    name: `Postings of reconciliation_adjustment ${journalReference}`,
  });
  await expect(postings.getByRole('row', { name: /\b1100 Paystack clearing ₦4,200$/ })).toBeVisible();
  await expect(
    postings.getByRole('row', { name: /\b1900 Suspense \(unexplained differences\) ₦4,200$/ }),
  ).toBeVisible();
});
