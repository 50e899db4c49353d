import { type Page } from '@playwright/test';
import { expect, test, bearer, DEMO_ADMIN, registerCustomer, signIn } from './support';

// What operators read and press: save buttons that take one click, and raffle draws that follow the
// rules and never show an old winner as a new one.
test.use({ viewport: { width: 1366, height: 800 } });

const stamp = Date.now().toString(36);

async function signInAsAdmin(page: Page) {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Requests to one API path and method the page sends from now on. */
function countRequests(page: Page, method: string, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) seen.push(request.url());
  });
  return seen;
}

test('save buttons ignore a second click and stay disabled while saving', async ({ page }) => {
  await signInAsAdmin(page);

  // A location double-clicked into being is created once.
  await page.goto('/admin/locations/create');
  const locationName = `Ikota ${stamp}`;
  await page.getByLabel('Name', { exact: true }).fill(locationName);
  const stores = countRequests(page, 'POST', '/api/location/store');
  await page.getByRole('button', { name: 'Create location' }).dblclick();
  await expect(page.getByText('Location has been created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/locations$/);
  expect(stores).toHaveLength(1);

  // The settings: one request for a double click, and the button waits (disabled) for the answer.
  await page.goto('/admin/setting');
  const form = page.getByRole('form', { name: 'Settings' });
  const rule = form.getByRole('switch', { name: 'One win per customer a month' });
  await expect(rule).toHaveAttribute('aria-checked', 'true');
  const updates = countRequests(page, 'POST', '/api/admin/settings/update');
  try {
    await rule.click();
    await form.getByRole('button', { name: 'Save settings' }).dblclick();
    await expect(page.getByText('Settings have been updated successfully')).toBeVisible();
    expect(updates).toHaveLength(1);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/settings/update', async (route) => {
      await held;
      await route.continue();
    });
    await rule.click();
    const save = form.getByRole('button', { name: 'Save settings' });
    await save.click();
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await save.click({ force: true });
    release();
    await expect(save).toBeEnabled();
    expect(updates).toHaveLength(2);
    await expect(rule).toHaveAttribute('aria-checked', 'true');
  } finally {
    // The other journeys expect the rule on.
    const reset = await page.request.post('/api/admin/settings/update', {
      headers: await bearer(page),
      data: { raffle: { one_win_per_month: true } },
    });
    expect(reset.ok()).toBe(true);
  }
});

test('raffle draws: staff never win, one win per customer a round, and a failed draw shows no old winner', async ({
  page,
}) => {
  test.slow(); // it draws until no ticket is left that may win
  const { person } = await registerCustomer(page.request);
  await signInAsAdmin(page);

  // Two tickets for the customer (a double click creates them once); none for the admin: staff never win.
  await page.goto('/admin/raffle-tickets');
  const creates = countRequests(page, 'POST', '/api/raffle-tickets/store');
  await page.getByLabel('Customer e-mail').fill(person.email);
  await page.getByLabel('Number of tickets').fill('2');
  await page.getByRole('button', { name: 'Create tickets' }).dblclick();
  await expect(page.getByLabel('Customer e-mail')).toHaveValue('');
  expect(creates).toHaveLength(1);
  await page.getByLabel('Customer e-mail').fill(DEMO_ADMIN.email);
  await page.getByLabel('Number of tickets').fill('1');
  await page.getByRole('button', { name: 'Create tickets' }).click();
  await expect(
    page.getByText('This e-mail belongs to a staff account: staff never win, so they get no tickets.'),
  ).toBeVisible();
  expect(creates).toHaveLength(2);
  await page.getByLabel('Customer e-mail').fill('');
  const tickets = page.getByRole('table', { name: 'Raffle tickets' });
  await expect(tickets.getByRole('row').filter({ hasText: person.email })).toHaveCount(2);

  // Draw until no ticket may win (other journeys may have left some): each customer wins at most
  // once this round, the admin never.
  await page.getByRole('link', { name: 'Draw raffle' }).click();
  const result = page.getByRole('region', { name: 'Draw result' });
  const winners: string[] = [];
  let lastWinner = '';
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await page.getByRole('button', { name: 'Draw Raffle' }).click();
    await page.getByRole('alertdialog', { name: 'Draw the raffle?' }).getByRole('button', { name: 'Draw' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    const failed = result.getByRole('alert');
    await expect(failed.or(result.getByText('Winning ticket'))).toBeVisible();
    if (await failed.isVisible()) break;
    lastWinner = (await result.getByText(/@/).textContent())!.trim();
    winners.push(lastWinner);
  }
  expect(winners.filter((email) => email === person.email)).toHaveLength(1);
  expect(winners).not.toContain(DEMO_ADMIN.email);
  expect(new Set(winners).size).toBe(winners.length);

  // The failed draw says why (the customer's second ticket is live, but they won this month) and
  // leaves no winner on screen as if just drawn.
  await expect(result.getByRole('alert')).toContainText(
    'has already won this month, and one win per customer per month is on.',
  );
  await expect(result).toContainText('Winning Raffle ticket details will show here');
  await expect(result).not.toContainText(lastWinner);
  await expect(result.getByText('Winning ticket')).toHaveCount(0);

  // The customer's second ticket is still live.
  await page.goto('/admin/raffle-tickets');
  await expect(tickets.getByRole('row').filter({ hasText: person.email }).filter({ hasText: 'Live' })).toHaveCount(1);

  // The audit log names who drew, by name and e-mail, and what in words.
  const me = await page.request.get('/api/users/me', { headers: await bearer(page) });
  const admin = ((await me.json()) as { data: { first_name: string; last_name: string } }).data;
  await page.goto('/admin/audit?entity=raffle_draws');
  const entry = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'Raffle drawn' })
    .first();
  await expect(entry).toContainText(`${admin.first_name} ${admin.last_name}`);
  await expect(entry).toContainText(DEMO_ADMIN.email);
  await expect(entry).toContainText('Raffle draws');
});
