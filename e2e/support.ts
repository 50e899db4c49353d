import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import axe from 'axe-core';
import { formatDate, formatDateTime } from '@ruwa/contract/dates';
import { startAppServer } from './app-server';
import { claim, isClaimed, recordAxeWork, screenOf, screenStateKey, viewerOf, type Viewer } from './axe-registry';

export { expect };

/** The sizes every screen is checked at: a small phone and a laptop. */
export const AXE_VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 1366, height: 800 },
] as const;

/** WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The problems axe-core finds on the page as it is now, one line per rule and element. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, which the app's Content-Security-Policy (no inline
  // scripts) does not apply to.
  await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    AXE_TAGS,
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}

/**
 * Opens a screen in the checker and waits until the app has rendered it: a prerendered page's HTML
 * shows before the app has started, and a redirect (a signed-in visit to the login screen) has
 * finished once the app's own <main> holds a heading. Answers the settled address and who looks at it,
 * or nothing when the screen cannot be opened.
 */
async function openSettled(checker: Page, address: string): Promise<{ url: URL; viewer: Viewer } | undefined> {
  try {
    await checker.goto(address);
    await checker.waitForLoadState('load');
  } catch {
    return undefined; // The journey left the browser offline or closed: nothing to check there.
  }
  await checker
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        const renderedByApp = main && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
        return renderedByApp && document.querySelector('h1');
      },
      null,
      { timeout: 10_000 },
    )
    .catch(() => {});
  const session = await checker.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { role?: string } | null;
    return { signedIn: Boolean(localStorage.getItem('token')), role: user?.role ?? null };
  });
  const url = new URL(checker.url());
  return { url, viewer: viewerOf(url, session) };
}

/** Who the browser is signed in as on the app, from the localStorage the app keeps its session in. */
async function sessionOf(context: BrowserContext, origin: string): Promise<{ signedIn: boolean; role: string | null }> {
  const { origins } = await context.storageState();
  const stored = new Map(
    origins.find((entry) => entry.origin === origin)?.localStorage.map((item) => [item.name, item.value]),
  );
  const user = JSON.parse(stored.get('user') ?? 'null') as { role?: string } | null;
  return { signedIn: Boolean(stored.get('token')), role: user?.role ?? null };
}

/**
 * Every journey is also an accessibility check: the screens it opened (each address the app went to)
 * are opened again once it has passed, in the same signed-in browser, at a phone's and a laptop's
 * size, and axe-core must find nothing on them. A screen state (the settled address with its ids
 * taken out, who looks at it, and the size) is checked once per run, by the first journey to reach
 * it (e2e/axe-registry.ts); problems found fail that journey. Specs import `test` from here for this.
 */
/**
 * The app a worker's journeys run against: one of its own, started once per worker with a fresh
 * database (app-server.ts), so journeys running side by side never see each other's data; or the
 * running app at E2E_BASE_URL, which the suite then drives from one worker (playwright.config.ts).
 */
export const appTest = base.extend<object, { app: string }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies off its first parameter
    async ({}, use) => {
      if (process.env.E2E_BASE_URL) return use(process.env.E2E_BASE_URL);
      const server = await startAppServer();
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: ({ app }, use) => use(app),
});

export const test = appTest.extend<{ axeEveryScreen: void }>({
  axeEveryScreen: [
    async ({ page, context, baseURL }, use, testInfo) => {
      const origin = new URL(baseURL!).origin;
      const screens = new Set<string>();
      const opened = (frame: ReturnType<Page['mainFrame']>) => {
        if (frame !== page.mainFrame()) return;
        const url = new URL(frame.url());
        if (url.origin !== origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/sandbox/')) return;
        screens.add(url.pathname + url.search);
      };
      page.on('framenavigated', opened);
      await use();
      page.off('framenavigated', opened);
      if (testInfo.status !== testInfo.expectedStatus || screens.size === 0) return;

      testInfo.setTimeout(testInfo.timeout + screens.size * AXE_VIEWPORTS.length * 8_000);
      const claimer = `${testInfo.file.split('/').pop()} › ${testInfo.title}`;
      // Where each address settled at the first size, to skip opening it again at the next sizes
      // when that state is checked already (where an address leads does not depend on the size).
      const settled = new Map<string, { screen: string; viewer: Viewer }>();
      // Before opening an address again, where it would show if it leads nowhere else: a state checked
      // already needs no second look. (Where an address leads away, the journey saw that address too.)
      const session = await sessionOf(context, origin);
      const unmoved = (address: string) => {
        const url = new URL(address, origin);
        return { screen: screenOf(url), viewer: viewerOf(url, session) };
      };
      const problems: string[] = [];
      let reopened = 0;
      let checked = 0;
      const checker = await context.newPage();
      try {
        for (const viewport of AXE_VIEWPORTS) {
          await checker.setViewportSize(viewport);
          for (const address of screens) {
            const known = settled.get(address) ?? unmoved(address);
            if (isClaimed(screenStateKey(known.screen, known.viewer, viewport.width))) continue;
            const landed = await openSettled(checker, address);
            reopened += 1;
            if (!landed) continue;
            const screen = screenOf(landed.url);
            settled.set(address, { screen, viewer: landed.viewer });
            if (!claim(screenStateKey(screen, landed.viewer, viewport.width), claimer)) continue;
            checked += 1;
            // Its data loaded and no skeleton still busy.
            await checker
              .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 5_000 })
              .catch(() => {});
            // A toast that is still fading in or out has no settled colours to measure.
            await checker
              .waitForFunction(() => !document.querySelector('[data-sonner-toast]'), null, { timeout: 8_000 })
              .catch(() => {});
            const shown = landed.url.pathname + landed.url.search;
            for (const problem of await axeViolations(checker))
              problems.push(`${shown} (${landed.viewer}) at ${viewport.width}px: ${problem}`);
          }
        }
      } finally {
        await checker.close();
        recordAxeWork({ screens: screens.size, opened: reopened, checked });
      }
      expect(problems, 'axe-core found accessibility problems on screens this journey opened').toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO_ADMIN = { email: 'admin@ruwa.local', password: 'ruwa-admin-2026' };
export const DEMO_CUSTOMER = { email: 'ada@ruwa.local', password: 'ruwa-demo-2026' };

let counter = 0;
/** A unique, valid new customer for one test. */
export function newCustomer() {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Kemi',
    lastName: `Adeyemi`,
    email: `kemi.${stamp}@example.com`,
    phone: `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
    password: 'sachet-water-42',
  };
}

/**
 * Signs a customer up through the registration screen (opened from a referral link when a code is
 * given), which lands on the login screen.
 */
export async function signUp(page: Page, person: ReturnType<typeof newCustomer>, referralCode?: string) {
  await page.goto(referralCode ? `/auth/register?ref=${referralCode}` : '/auth/register');
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone Number').fill(person.phone);
  if (referralCode) await expect(page.getByLabel('Referral Code (optional)')).toHaveValue(referralCode);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Registers a customer through the API (what the sign-up screen sends); answers their token. */
export async function registerCustomer(request: APIRequestContext, person = newCustomer()) {
  const register = await request.post('/api/auth/register', {
    data: {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phone_number: person.phone,
      password: person.password,
      password_confirmation: person.password,
    },
  });
  expect(register.status()).toBe(201);
  const { data } = (await register.json()) as { data: { access_token: string } };
  return { person, token: data.access_token };
}

/** A new customer (an empty wallet), signed in through the login screen. */
export async function signInAsNewCustomer(page: Page) {
  const { person } = await registerCustomer(page.request);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/home$/);
  return person;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * The newest e-mail the sandbox outbox holds for an address, with this subject (sign-up mails a
 * verification link first, so an address may hold several).
 */
export async function latestMailTo(page: Page, to: string, subject: string) {
  let message: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/sandbox/mail/messages');
      const messages = (await res.json()) as { to: string; subject: string; text: string }[];
      message = messages.find((m) => m.to === to && m.subject === subject);
      return Boolean(message);
    })
    .toBe(true);
  return message!;
}

/**
 * The newest SMS the sandbox outbox holds for a number (typed 0803... or +234...), as the phone would
 * show it: the sandbox keeps the number as the provider received it, 234803...
 */
export async function latestSmsTo(request: APIRequestContext, phone: string) {
  const to = phone.replace(/^\+/, '').replace(/^0/, '234');
  let message: { to: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/sandbox/sms/messages');
      const messages = (await res.json()) as { to: string; text: string; created_at: string }[];
      message = messages.find((m) => m.to === to);
      return Boolean(message);
    })
    .toBe(true);
  return message!;
}

/** The 6-digit code in the newest SMS to a number. */
export async function latestSmsCode(request: APIRequestContext, phone: string) {
  const code = (await latestSmsTo(request, phone)).text.match(/\b(\d{6})\b/)?.[1];
  expect(code).toBeTruthy();
  return code!;
}

/**
 * Verifies the signed-in customer's phone number through the API, the code read from the SMS
 * sandbox: for journeys about something else that need a verified number (withdrawals, rewards).
 */
export async function verifyPhone(page: Page, phone: string) {
  const headers = await bearer(page);
  expect((await page.request.post('/api/auth/phone/send-code', { headers })).ok()).toBe(true);
  const code = await latestSmsCode(page.request, phone);
  const verified = await page.request.post('/api/auth/phone/verify', { headers, data: { code } });
  expect(verified.ok()).toBe(true);
  // The app keeps the user it loaded; open the next screen with the verified one.
  await page.reload();
}

/** The signed-in page's bearer header (the token the app keeps in localStorage). */
export async function bearer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** Tops the signed-in user's wallet up the way the deposit screen does, the sandbox charging the card. */
export async function fundWallet(page: Page, amount: number) {
  const headers = await bearer(page);
  const init = await page.request.post('/api/payments/paystack/initialize', {
    headers,
    data: { purpose: 'deposit', amount },
  });
  expect(init.ok()).toBe(true);
  const intent = ((await init.json()) as { data: { reference: string; email: string; amount_kobo: number } }).data;
  const charge = await page.request.post('/sandbox/paystack/test/charge', {
    data: {
      reference: intent.reference,
      email: intent.email,
      amount: intent.amount_kobo,
      currency: 'NGN',
      outcome: 'success',
    },
  });
  expect(charge.ok()).toBe(true);
  const deposit = await page.request.post('/api/wallet-transactions/deposit/paystack', {
    headers,
    data: { amount, tx_id: intent.reference },
  });
  expect(deposit.ok()).toBe(true);
}

/** The wallet PIN the journeys' customers use. */
export const WALLET_PIN = '2580';

/**
 * Gives the signed-in customer a wallet PIN through the API (with their password) unless they have
 * one: for journeys about something else that pay from the wallet. (e2e/pin-and-transfer.spec.ts
 * sets one through the screen.)
 */
export async function ensureWalletPin(page: Page, password: string) {
  const headers = await bearer(page);
  const wallet = (await (await page.request.get('/api/wallet/me', { headers })).json()) as {
    data: { pin_set: boolean };
  };
  if (wallet.data.pin_set) return;
  const set = await page.request.post('/api/wallet/pin', { headers, data: { pin: WALLET_PIN, password } });
  expect(set.ok()).toBe(true);
}

/** Types the wallet PIN on the keypad sheet a wallet payment opens. */
export async function enterWalletPin(page: Page, pin = WALLET_PIN) {
  const sheet = page.getByRole('dialog', { name: 'Enter your wallet PIN' });
  await sheet.getByLabel('Wallet PIN').fill(pin);
}

export const oneSpace = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Every time on the screen reads the one way, in Lagos time: '30 Nov 2026' or '30 Nov 2026, 1:02 pm',
 * never '13:02' or '2026-11-30', whatever the device's zone.
 */
export async function expectLagosTimes(scope: Locator, atLeast = 1) {
  const times = await scope
    .locator('time[datetime]')
    .evaluateAll((nodes) => nodes.map((node) => [node.getAttribute('datetime')!, node.textContent ?? '']));
  expect(times.length).toBeGreaterThanOrEqual(atLeast);
  for (const [moment, shown] of times) {
    expect([oneSpace(formatDateTime(moment!)), oneSpace(formatDate(moment!))], moment).toContain(oneSpace(shown!));
    expect(oneSpace(shown!)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}(, \d{1,2}:\d{2} (am|pm))?$/);
  }
  await expect(scope).not.toContainText(/\b\d{4}-\d{2}-\d{2}\b/);
  await expect(scope).not.toContainText(/\b([01]\d|2[0-3]):[0-5]\d\b(?!\s?[ap]m)/);
}
