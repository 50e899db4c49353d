import type { Page } from '@playwright/test';
import { expect, test, DEMO_ADMIN, registerCustomer, signIn, signInAsNewCustomer } from './support';

/** The toast region (the same words may also be on the page). */
function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

test('an admin opens an agent’s page from the agents list', async ({ page, request }) => {
  const { person, token } = await registerCustomer(request);
  const business = `Kemi Water ${Date.now().toString(36)}`;
  const applied = await request.post('/api/agents/store', {
    headers: { Authorization: `Bearer ${token}` },
    data: { agent_name: business, agent_email: person.email, agent_phone: person.phone },
  });
  expect(applied.status()).toBe(201);

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/agents');
  await page.getByRole('link', { name: business }).click();
  await expect(page).toHaveURL(/\/admin\/agents\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: business })).toBeVisible();
  const personSection = page.getByRole('region', { name: 'Person' });
  await expect(personSection).toContainText(`${person.firstName} ${person.lastName}`);
  await expect(personSection).toContainText(person.phone);
  await expect(page.getByText('Deliveries done').locator('xpath=following-sibling::dd')).toHaveText('0');
  await expect(page.getByText('Commission owed').locator('xpath=following-sibling::dd')).toHaveText('₦0');
  await expect(page.getByText('They hold no undelivered orders.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Approve ${business}` })).toBeVisible();

  // The admin sets where the agent delivers and what they sell.
  const areasForm = page.getByRole('form', { name: 'Where they deliver and what they sell' });
  await areasForm.getByRole('checkbox', { name: 'Yaba' }).check();
  await areasForm.getByRole('switch', { name: 'Sells cooking gas' }).click();
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/admin/agents/update-areas'));
  await areasForm.getByRole('button', { name: 'Save areas and products' }).click();
  expect((await saved).status()).toBe(200);
  await expect(toasts(page).getByText('Agent areas have been updated')).toBeVisible();
  const businessSection = page.getByRole('region', { name: 'Business' });
  await expect(businessSection.getByText('Areas', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    'Yaba',
  );
  await expect(businessSection.getByText('Sells', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    'Cooking gas',
  );
});

test('a customer saves a delivery address from the profile; the first one is the default', async ({ page }) => {
  await signInAsNewCustomer(page);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Saved addresses' }).click();
  await expect(page).toHaveURL(/\/profile\/addresses$/);
  await expect(page.getByText('No saved addresses yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('form', { name: 'Add an address' });
  await form.getByLabel('Label').fill('Home');
  await form.getByLabel('Address', { exact: true }).fill('14 Glover Road, Ikoyi');
  await form.getByLabel('Landmark (optional)').fill('Blue gate opposite the church');
  await form.getByLabel('Location').selectOption({ label: 'Lekki' });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(toasts(page).getByText('The address has been saved')).toBeVisible();

  const home = page.getByRole('article', { name: 'Home' });
  await expect(home).toContainText('14 Glover Road, Ikoyi');
  await expect(home).toContainText('Blue gate opposite the church');
  await expect(home).toContainText('Lekki');
  // The first address saved is the default.
  await expect(home.getByText('Default', { exact: true })).toBeVisible();

  // It stays after a reload: it is the server's, not the screen's.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Home' })).toContainText('14 Glover Road, Ikoyi');
});
