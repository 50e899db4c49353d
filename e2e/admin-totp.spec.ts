import { type APIRequestContext } from '@playwright/test';
import { URI, type TOTP } from 'otpauth';
import { expect, test, DEMO_ADMIN, signIn } from './support';

/** What the admin's authenticator app shows, from the otpauth URL the settings card gave. */
const codeFrom = (otpauthUrl: string, offsetSeconds = 0) =>
  (URI.parse(otpauthUrl) as TOTP).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/**
 * Other specs sign in as the demo admin with the password alone, so whatever happens here, two-factor
 * sign-in is turned off again at the end, through the API, with an unused recovery code. In an
 * afterAll hook: it gets a time of its own, so a journey that ran out of time still cleans up (from
 * within the journey, the clean-up ran out of time too, and a dozen specs after it met the code step).
 */
async function turnOffThroughApi(request: APIRequestContext, recoveryCode: string) {
  const login = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  const challenge = ((await login.json()) as { data: { challenge_token?: string } }).data.challenge_token;
  if (!challenge) return; // already off
  const session = await request.post('/api/auth/login/two-factor', {
    data: { challenge_token: challenge, code: recoveryCode },
  });
  const token = ((await session.json()) as { data: { access_token: string } }).data.access_token;
  await request.post('/api/auth/two-factor/disable', {
    headers: { authorization: `Bearer ${token}` },
    data: { password: DEMO_ADMIN.password },
  });
}

/** The API's reply to an admin without two-factor sign-in where it is required. */
const TWO_FACTOR_REQUIRED_MESSAGE =
  'Your admin account needs two-factor sign-in. Set it up under Settings, Two-factor sign-in, to continue.';

let recoveryCodes: string[] = [];

test.afterAll(async ({ playwright, app }) => {
  if (!recoveryCodes[0]) return;
  const request = await playwright.request.newContext({ baseURL: app });
  try {
    await turnOffThroughApi(request, recoveryCodes[0]);
  } finally {
    await request.dispose();
  }
});

test('an admin turns on two-factor sign-in, signs out, and signs back in with the code from the app', async ({
  page,
}) => {
  // Four password checks (argon2id) and two screens checked by axe at two sizes.
  test.slow();
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  // Where admins must have it (ADMIN_TWO_FACTOR=required, as in production), the server refuses this
  // admin everything but its setup, users/me and signing out, until it is on. This run's server does
  // not (other journeys sign in as this admin with the password alone), so the browser plays that
  // refusal until the setup is confirmed.
  let refusing = true;
  await page.route('**/api/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/api/auth/two-factor/confirm') refusing = false;
    const allowed = pathname.startsWith('/api/auth/two-factor') || pathname === '/api/users/me';
    if (!refusing || allowed) return route.fallback();
    return route.fulfill({ status: 403, json: { message: TWO_FACTOR_REQUIRED_MESSAGE, code: 'two_factor_required' } });
  });
  // On a customer screen, on a phone: the refusal takes the admin to the setup, which says why.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/admin\/setting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeFocused();
  await expect(page.getByText(/needs two-factor sign-in before you can use Ruwa, its customer screens/)).toBeVisible();
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // From the keyboard.
  await card.getByRole('button', { name: 'Turn on' }).press('Enter');

  await expect(card.getByRole('img', { name: 'QR code to add Ruwa to your authenticator app' })).toBeVisible();
  const url = await card.getByLabel('Setup link').inputValue();
  expect(url).toMatch(/^otpauth:\/\/totp\/Ruwa:admin%40ruwa\.local\?/);
  const enrolCode = codeFrom(url);
  await card.getByLabel('6-digit code').fill(enrolCode);
  await card.getByRole('button', { name: 'Confirm' }).click();

  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await card.getByRole('button', { name: 'I have saved them' }).click();

  // Back on the wallet, which the server now answers.
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await page.unroute('**/api/**');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/setting');
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // The password alone is no longer enough: the code step appears and no session is stored yet.
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const step = page.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(step).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // The code that turned it on was used up; the next 30-second step's code is what the app shows next.
  await step.getByLabel('Code').fill(enrolCode);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText(/The code is not valid/)).toBeVisible();
  await step.getByLabel('Code').fill(codeFrom(url, 30));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // And off again from the same card, with the password.
  await page.goto('/admin/setting');
  await card.getByLabel('Or your password').fill(DEMO_ADMIN.password);
  await card.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByRole('button', { name: 'Turn on' })).toBeVisible();
  const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(((await login.json()) as { data: { access_token?: string } }).data.access_token).toBeTruthy();
});
