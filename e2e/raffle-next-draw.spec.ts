import { expect, test, bearer, DEMO_ADMIN, signIn, signInAsNewCustomer } from './support';

test('an admin announces the next draw’s prize and day; customers see them with their tickets', async ({
  page,
  browser,
}) => {
  // Ten days ahead, typed the way the form asks (dd/mm/yyyy).
  const iso = new Date(Date.now() + 10 * 86_400_000 + 3_600_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/setting');
  const form = page.getByRole('form', { name: 'Settings' });
  await form.getByLabel('Prize of the next draw').fill('₦10,000 airtime');
  const date = form.getByLabel('Next draw date');
  await date.fill('31/02/2026');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(date).toHaveAccessibleDescription(/Enter a real date as dd\/mm\/yyyy/);
  await date.fill(`${day}/${month}/${year}`);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings have been updated successfully')).toBeVisible();

  const customer = await browser.newPage();
  try {
    await signInAsNewCustomer(customer);
    await customer.goto('/wallet/rewards');
    await customer.getByRole('tab', { name: 'Raffle Tickets' }).click();
    const draw = customer.getByRole('region', { name: 'Next draw' });
    await expect(draw).toContainText('Prize: ₦10,000 airtime');
    await expect(draw.locator(`time[datetime="${iso}"]`)).toBeVisible();
  } finally {
    await customer.close();
    // The other journeys expect no draw announced.
    const reset = await page.request.post('/api/admin/settings/update', {
      headers: await bearer(page),
      data: { raffle: { prize: '', next_draw: '' } },
    });
    expect(reset.ok()).toBe(true);
  }
});
