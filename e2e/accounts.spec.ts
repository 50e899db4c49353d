import {
  expect,
  test,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  latestMailTo,
  newCustomer,
  registerCustomer,
  bearer,
  signIn,
  signInAsNewCustomer,
  signUp,
} from './support';

// A 1x1 PNG, enough for the avatar upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC',
  'base64',
);

test('a newcomer registers, signs in and sees their name in the home shell', async ({ page }) => {
  const person = newCustomer();
  await signUp(page, person);

  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Ruwa', level: 1 })).toBeVisible();
  // Named by its visible text plus a hidden "Your profile:" and comma (Chromium spaces the comma).
  const profileLink = page.getByRole('link', { name: `Your profile: ${person.firstName}` });
  await expect(profileLink).toBeVisible();
  await expect(profileLink).toContainText(person.firstName);
  await expect(profileLink).toContainText(person.email);
});

test('registration shows the server’s field errors', async ({ page }) => {
  await page.goto('/auth/register');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Phone Number').fill('08031234567');
  await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
  await page.getByLabel('Confirm Password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The email has already been taken.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register/);
});

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  const person = newCustomer();
  await registerCustomer(page.request, person);
  // Reset links go only to a verified address: the customer opens the link sign-up mailed first.
  const welcome = await latestMailTo(page, person.email, 'Confirm your e-mail address for Ruwa');
  const verifyLink = new URL(welcome.text.match(/https?:\/\/\S+\/auth\/verify-email\?token=\S+/)![0]);
  await page.goto(verifyLink.pathname + verifyLink.search);
  await expect(page.getByText('Your e-mail address is verified.').first()).toBeVisible();

  await page.goto('/auth/login');
  await page.getByRole('link', { name: /Click here/ }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await latestMailTo(page, person.email, 'Reset your Ruwa password');
  const link = mail.text.match(/https?:\/\/\S+\/auth\/change-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);

  await page.getByLabel('New password').fill('fresh-password-7');
  await page.getByLabel('Confirm password').fill('something-else-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/change-password/);
  await page.getByLabel('Confirm password').fill('fresh-password-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await signIn(page, person.email, person.password);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  await signIn(page, person.email, 'fresh-password-7');
  await expect(page).toHaveURL(/\/home$/);
});

test('a customer who opens /admin is kept out', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('You do not have access to that page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);

  // The server refuses too, whatever the browser does.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/admin/customers', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});

test('a signed-out visitor is sent to login and returned where they were going', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a customer updates their profile with a photo', async ({ page }) => {
  const person = newCustomer();
  await registerCustomer(page.request, person);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Update your profile and photo' }).click();
  await expect(page).toHaveURL(/\/profile\/update/);

  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('First Name').fill('Folake');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Profile has been updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Folake', { exact: false }).first()).toBeVisible();
  const avatar = page.locator('img[src^="/uploads/avatars/"]').first();
  await expect(avatar).toBeVisible();
  const src = await avatar.getAttribute('src');
  expect((await page.request.get(src!)).status()).toBe(200);
});

test('an admin signs in to the admin dashboard and finds customers', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/admin/customers');
  await expect(page.getByRole('cell', { name: DEMO_CUSTOMER.email })).toBeVisible();
});

test('a customer changes their password from the profile; their other devices are signed out', async ({
  page,
  browser,
}) => {
  const person = newCustomer();
  await registerCustomer(page.request, person);
  const otherDevice = await browser.newContext();
  const otherPage = await otherDevice.newPage();
  await signIn(otherPage, person.email, person.password);
  await expect(otherPage).toHaveURL(/\/home$/);

  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile\/password$/);

  await page.getByLabel('Current password').fill(person.password);
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password').fill('password123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/^This password is too easy to guess\./).first()).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('lagoon-breeze-81');
  await page.getByLabel('Confirm new password').fill('lagoon-breeze-81');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Other devices have been signed out.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // The other device's session has ended: its next request sends it to sign in.
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/auth\/login/);
  await otherDevice.close();

  await page.getByRole('button', { name: /log out/i }).click();
  await signIn(page, person.email, 'lagoon-breeze-81');
  await expect(page).toHaveURL(/\/home$/);
});

test('a stolen session cannot move the account to a new e-mail; the owner can, with the password and the new address', async ({
  page,
}) => {
  const person = await signInAsNewCustomer(page);
  const newEmail = `moved.${person.email}`;
  await page.goto('/profile/update');
  await page.getByLabel('Email').fill(newEmail);
  // Without the password nothing is sent and nothing changes.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Enter your current password to change your e-mail or phone number.').first(),
  ).toBeVisible();
  // Submitted from the keyboard: the error toast of the first try sits over the Save button.
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('Current password').press('Enter');
  await expect(page.getByText('The current password is not correct.').first()).toBeVisible();
  const me = await page.request.get('/api/users/me', { headers: await bearer(page) });
  expect(((await me.json()) as { data: { email: string } }).data.email).toBe(person.email);

  await page.getByLabel('Current password').fill(person.password);
  await page.getByLabel('Current password').press('Enter');
  await expect(page.getByText(`open the link we sent to ${newEmail}`, { exact: false }).first()).toBeVisible();
  const confirm = await latestMailTo(page, newEmail, 'Confirm your new e-mail address for Ruwa');
  const link = new URL(confirm.text.match(/https?:\/\/\S+\/auth\/verify-email\?token=\S+/)![0]);
  await page.goto(link.pathname + link.search);
  await expect(
    page.getByText('Your new e-mail address is confirmed. Use it to sign in from now on.').first(),
  ).toBeVisible();

  // The replaced address was told, with a link that undoes the change and signs everyone out.
  const notice = await latestMailTo(page, person.email, 'Ruwa: Your e-mail address was changed');
  const undo = new URL(notice.text.match(/https?:\/\/\S+\/auth\/undo-change\?token=\S+/)![0]);
  await page.goto(undo.pathname + undo.search);
  await page.getByRole('button', { name: 'Undo this change' }).click();
  await expect(
    page.getByText('The change was undone and everyone signed in to your account was signed out.'),
  ).toBeVisible();
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/home$/);
});
