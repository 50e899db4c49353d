import type { Browser, Page } from '@playwright/test';
import { SIGNED_OUT_MESSAGES } from '@ruwa/contract';
import { maskPhone } from '@ruwa/contract/phone';
import {
  expect,
  test,
  DEMO_ADMIN,
  bearer,
  ensureWalletPin,
  enterWalletPin,
  expectLagosTimes,
  oneSpace,
  fundWallet,
  newCustomer,
  registerCustomer,
  signIn,
  signInAsNewCustomer,
  verifyPhone,
} from './support';

// What customers read on their screens: money, times, toasts, forms and dialogs as the product means
// them. The browser runs in New York's time zone, so a time shown in the device's zone instead of
// Lagos time is caught.
test.use({ timezoneId: 'America/New_York' });

const SACHET = 'Pure Water (bag of 20 sachets)';
const BOTTLE = 'Bottled Water 75cl (pack of 12)';

/** A number the VTU sandbox delivers to (it fails those ending 0000 and holds those ending 9999). */
function deliveredPhone(prefix = '0803') {
  for (;;) {
    const phone = `${prefix}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    if (!/(0000|9999)$/.test(phone)) return phone;
  }
}

async function payAirtimeByCard(page: Page, amount: number, phone: string) {
  await page.goto('/airtime-data');
  const form = page.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (₦)').fill(String(amount));
  await form.getByLabel('Phone Number').fill(phone);
  await form.getByRole('button', { name: `Pay ₦${amount}` }).click();
  await page
    .getByRole('dialog', { name: 'Test checkout' })
    .getByRole('button', { name: /^Pay NGN/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your airtime was delivered' })).toBeVisible();
}

/** Home -> category -> location -> Submit -> the product's screen. */
async function openProduct(page: Page, category: string, location: string, product: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: category }).click();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: location });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('link', { name: new RegExp(product.replace(/[()]/g, '\\$&')) }).click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
}

/** A customer who signed up with a referral code, their phone verified, signed in on their own phone. */
async function referredCustomer(browser: Browser, referralCode: string) {
  const person = newCustomer();
  const page = await (await browser.newContext()).newPage();
  const register = await page.request.post('/api/auth/register', {
    data: {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phone_number: person.phone,
      password: person.password,
      password_confirmation: person.password,
      referral_code: referralCode,
    },
  });
  expect(register.status()).toBe(201);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/home$/);
  await verifyPhone(page, person.phone);
  return { person, page };
}

test('a referral: shared on WhatsApp, a ₦1.50 reward read the same everywhere, the number masked, times in Lagos time', async ({
  page,
  browser,
}) => {
  test.slow(); // two customers, a card payment and five screens
  const referrer = await signInAsNewCustomer(page);
  await verifyPhone(page, referrer.phone);

  // The profile offers the code on WhatsApp, the invitation carrying the code.
  await page.goto('/profile');
  const me = await page.request.get('/api/users/me', { headers: await bearer(page) });
  const code = ((await me.json()) as { data: { referral_code: string } }).data.referral_code;
  const whatsapp = page.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  const invitation = decodeURIComponent(new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!);
  expect(invitation).toContain(code);
  expect(invitation).toContain(`/auth/register?ref=${code}`);

  // The referral buys ₦150 of airtime: 1% of it is ₦1.50, kobo and all.
  const buyer = await referredCustomer(browser, code);
  const recharged = deliveredPhone();
  await payAirtimeByCard(buyer.page, 150, recharged);
  await buyer.page.context().close();

  await page.goto('/wallet/rewards');
  await expect(page.getByTestId('referral-total')).toHaveText('₦1.50');
  const rewards = page.getByRole('list', { name: 'Referral rewards' });
  await expect(rewards).toContainText('+₦1.50');
  // Who bought, never their number: the referrer sees it masked.
  await expect(rewards).toContainText(`${buyer.person.firstName} bought airtime for ${maskPhone(recharged)}`);
  await expect(rewards).not.toContainText(recharged);
  await expectLagosTimes(rewards);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦1.50');
  const transactions = page.getByRole('list', { name: 'Wallet transactions' });
  await expect(transactions.getByRole('listitem').first()).toContainText('+₦1.50');
  await expectLagosTimes(transactions);

  // The notification's text uses the same formatter: '₦1.50', not 'N2' or '₦2'.
  await page.goto('/notifications');
  const reward = page.getByRole('button', { name: /You earned a referral bonus/ });
  await expect(reward).toContainText(`₦1.50 from ${buyer.person.firstName}'s airtime purchase is in your wallet.`);
  await expect(page.getByRole('main')).not.toContainText(/\bN\d/);
  await expectLagosTimes(page.getByRole('main'));
});

test('water from the wallet: "—" for a quantity that is not one, "Top up ₦X" to the deposit screen and back to the form as it was, and a success screen with number, reference and window', async ({
  page,
}) => {
  test.slow(); // a deposit, a wallet payment and four screens
  const person = await signInAsNewCustomer(page);
  await fundWallet(page, 1000);
  await ensureWalletPin(page, person.password);

  // Ikeja: ₦300 a bag and ₦300 delivery.
  await openProduct(page, 'Sachet Water', 'Ikeja', SACHET);
  const buy = page.getByRole('form', { name: 'Buy' });
  const quantity = buy.getByLabel('Quantity', { exact: true });
  for (const notAQuantity of ['', '0']) {
    await quantity.fill(notAQuantity);
    await expect(buy.getByRole('button', { name: 'Buy —' })).toBeVisible();
    await expect(buy.getByRole('button', { name: /₦0\b/ })).toHaveCount(0);
  }
  await quantity.fill('4');
  await buy.getByLabel('Address', { exact: true }).fill('5 Allen Avenue, Ikeja');
  await expect(buy.getByRole('button', { name: 'Buy ₦1,500' })).toBeVisible();

  // ₦1,000 in the wallet is ₦500 short: one tap to the deposit screen with ₦500 filled in.
  await buy.getByRole('radio', { name: 'Pay with wallet (balance ₦1,000)' }).check();
  await buy.getByRole('link', { name: 'Top up ₦500' }).click();
  await expect(page).toHaveURL(/\/wallet\/deposit\?amount=500$/);
  await expect(page.getByLabel('Amount')).toHaveValue('500');
  await page.getByRole('button', { name: 'Pay ₦500' }).click();
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay NGN 500.00' }).click();
  // Topped up, the customer is back at the product to pay, with the form as it was.
  await expect(page.getByRole('heading', { level: 1, name: SACHET })).toBeVisible();
  await expect(quantity).toHaveValue('4');
  await expect(buy.getByLabel('Address', { exact: true })).toHaveValue('5 Allen Avenue, Ikeja');
  await buy.getByRole('radio', { name: 'Pay with wallet (balance ₦1,500)' }).check();
  await expect(buy.getByRole('link', { name: /^Top up/ })).toHaveCount(0);
  const slot = oneSpace((await buy.getByLabel('Delivery window').locator('option:checked').textContent())!);
  const window = slot.replace(/^(Today|Tomorrow), /, '');
  await buy.getByRole('button', { name: 'Buy ₦1,500' }).click();
  await enterWalletPin(page);

  // What was bought, for how much, its number and reference, and when it comes.
  await expect(page).toHaveURL(/\/transaction\/callback\/success\?order=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('order');
  const details = page.getByLabel('Purchase details');
  await expect(details).toContainText(`4 x ${SACHET}`);
  await expect(details).toContainText('Amount₦1,500');
  await expect(details).toContainText(`ReferenceORD-${orderId}`);
  await expect(details).toContainText(/Payment reference[A-Z]+_[A-Z0-9_]+/);
  await expect(details).toContainText(window);
  await expect(details).toContainText(/Delivery\d{1,2} [A-Z][a-z]{2} \d{4}, /);
  await expect(page.getByRole('link', { name: 'Buy again' })).toBeVisible();
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ORD-${orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: SACHET })).toContainText(window);
});

test('airtime and data: bundles by price, "Buy for myself" on airtime, and a recent number one tap away', async ({
  page,
}) => {
  const person = await signInAsNewCustomer(page);
  const phone = deliveredPhone();
  await payAirtimeByCard(page, 100, phone);

  await page.goto('/airtime-data');
  const airtime = page.getByRole('form', { name: 'Buy airtime' });
  await airtime.getByRole('button', { name: 'Buy for myself' }).click();
  await expect(airtime.getByLabel('Phone Number')).toHaveValue(person.phone);
  // One tap on a recent number puts it back in the form, with what was bought.
  await page.getByRole('button', { name: `Buy again: ${phone} MTN · ₦100 Delivered` }).click();
  await expect(airtime.getByLabel('Phone Number')).toHaveValue(phone);
  await expect(airtime.getByLabel('Amount (₦)')).toHaveValue('100');
  await expect(airtime.getByRole('button', { name: 'Pay ₦100' })).toBeEnabled();

  // Every network's bundles, cheapest first.
  await page.getByRole('tab', { name: 'Data' }).click();
  const data = page.getByRole('form', { name: 'Buy data' });
  for (const prefix of ['0805', '0803']) {
    await data.getByLabel('Phone Number').fill(deliveredPhone(prefix));
    const bundles = data.locator('label:has(input[type="radio"][name$="-bundle"])');
    await expect(bundles.first()).toBeVisible();
    const prices = (await bundles.allTextContents()).map((text) =>
      Number(/₦([\d,.]+)$/.exec(text.trim())![1]!.replace(/,/g, '')),
    );
    expect(prices.length, prefix).toBeGreaterThan(1);
    expect(prices, prefix).toEqual([...prices].sort((a, b) => a - b));
  }
});

test('bottle water shows each product’s own picture; cancelling a subscription asks "Keep subscription" or "Cancel subscription"', async ({
  page,
}) => {
  await signInAsNewCustomer(page);
  await page.getByRole('button', { name: 'Bottle Water' }).click();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Lekki' });
  await page.getByRole('button', { name: 'Submit' }).click();
  const cards = page.getByRole('link', { name: /Bottled Water|Dispenser Water/ });
  await expect(cards.first()).toBeVisible();
  const pictures = await cards.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
  expect(pictures.length).toBeGreaterThan(1);
  expect(new Set(pictures).size).toBe(pictures.length);

  await cards.filter({ hasText: BOTTLE }).click();
  await page.getByRole('tab', { name: 'Subscribe' }).click();
  const subscribe = page.getByRole('form', { name: 'Subscribe' });
  await subscribe.getByLabel('Duration in Days').fill('14');
  await subscribe.getByLabel('Address').fill('12 Admiralty Way, Lekki');
  await subscribe.getByRole('button', { name: /^Subscribe ₦/ }).click();
  await page
    .getByRole('dialog', { name: 'Test checkout' })
    .getByRole('button', { name: /^Pay NGN/ })
    .click();
  await page.getByRole('link', { name: 'View order' }).click();

  const subscription = page.getByRole('article', { name: BOTTLE });
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this subscription?' });
  await expect(dialog.getByRole('button')).toHaveText(['Keep subscription', 'Cancel subscription']);
  await dialog.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(subscription).toContainText('Active');
});

/**
 * Signs in and waits until the home screen's own reads have answered (no request in flight for half
 * a second). The sign-out must then come from the page load the test makes, not from a read still in
 * flight, or the live stream opening (it refreshes the screen), after the session ended: that would
 * sign out on the screen before, and the test's page load would start a document without its toast.
 * The stream is held back.
 */
async function signInAndSettle(page: Page, email: string, password: string) {
  await page.route('**/api/events', (route) => route.abort());
  let inFlight = 0;
  let changedAt = Date.now();
  const count = (step: number) => () => {
    inFlight += step;
    changedAt = Date.now();
  };
  page.on('request', count(1));
  page.on('requestfinished', count(-1));
  page.on('requestfailed', count(-1));
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => inFlight === 0 && Date.now() - changedAt >= 500).toBe(true);
}

test('a forced sign-out says why, in one red toast clear of the title; a refused form also marks the field', async ({
  page,
  browser,
}) => {
  // Signed in on this phone; then the password is changed from another device.
  const { person, token } = await registerCustomer(page.request);
  await signInAndSettle(page, person.email, person.password);
  const changed = await page.request.post('/api/auth/password/change', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      current_password: person.password,
      new_password: 'harmattan-dust-55',
      confirm_password: 'harmattan-dust-55',
    },
  });
  expect(changed.ok()).toBe(true);

  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/auth\/login/);
  // The toasts on screen (one leaving is still in the page for its animation).
  const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  await expect(toasts).toHaveCount(1);
  const toast = toasts.first();
  await expect(toast).toContainText(SIGNED_OUT_MESSAGES.session_revoked);
  await expect(toast).not.toContainText('User not found or token has expired');
  // An error looks like one: red, with its icon, and below the screen's title.
  await expect(toast).toHaveAttribute('data-type', 'error');
  await expect(toast.locator('[data-icon] svg')).toBeVisible();
  await expect(toast).toHaveCSS('color', 'rgb(153, 27, 27)');
  const title = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y >= title.y + title.height || box.y + box.height <= title.y).toBe(true);

  // Signing in with the old password: the new message replaces the old one.
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast).toContainText('These credentials do not match our records.');
  await expect(toasts).toHaveCount(1);

  // A form the server refuses says so at the field, not only in the toast.
  await page.getByRole('link', { name: 'Sign up here' }).click();
  await expect(page).toHaveURL(/\/auth\/register/);
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone Number').fill(newCustomer().phone);
  await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
  await page.getByLabel('Confirm Password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/The email has already been taken\./);
  await expect(toasts).toHaveCount(1);

  // Suspended while signed in: the login screen says that is why.
  const other = await registerCustomer(page.request);
  const device = await (await browser.newContext()).newPage();
  await signInAndSettle(device, other.person.email, other.person.password);
  const admin = await page.request.post('/api/auth/login', { data: DEMO_ADMIN });
  const adminToken = ((await admin.json()) as { data: { access_token: string } }).data.access_token;
  const me = await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${other.token}` } });
  const { id } = ((await me.json()) as { data: { id: number } }).data;
  const suspended = await page.request.post('/api/admin/customers/suspend', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { id, note: 'Screen check' },
  });
  expect(suspended.ok()).toBe(true);
  await device.goto('/wallet');
  await expect(device).toHaveURL(/\/auth\/login/);
  const deviceToasts = device.locator('[data-sonner-toast]:not([data-removed="true"])');
  await expect(deviceToasts).toHaveCount(1);
  await expect(deviceToasts).toContainText(SIGNED_OUT_MESSAGES.account_suspended);
  await device.context().close();
});
