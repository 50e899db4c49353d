import { expect, test, DEMO_CUSTOMER, signIn } from './support';

const FIRST_SLIDE = 'A bottle and a sachet of water';

test("home's first screen is in its HTML, and the app starting moves nothing on it", async ({ browser }) => {
  // The HTML and the stylesheet alone, as a phone paints them before any script has arrived.
  const htmlOnly = await browser.newContext({ javaScriptEnabled: false });
  const before = await htmlOnly.newPage();
  await before.goto('/home');
  await expect(before.getByRole('heading', { level: 1, name: 'Ruwa' })).toBeVisible();
  const slideInHtml = before.getByRole('img', { name: FIRST_SLIDE });
  await expect(slideInHtml).toBeVisible();
  await expect.poll(() => slideInHtml.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
  const painted = await slideInHtml.boundingBox();
  await htmlOnly.close();

  // The same screen once the app has started, signed in (the header then shows the customer).
  const app = await browser.newContext();
  const page = await app.newPage();
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: /Your profile/ })).toBeVisible();
  const started = await page.getByRole('img', { name: FIRST_SLIDE }).boundingBox();
  await app.close();

  expect(painted).not.toBeNull();
  expect(started).toEqual(painted);
});

test('the login screen paints from its HTML with its form held until the app has started', async ({ browser }) => {
  const htmlOnly = await browser.newContext({ javaScriptEnabled: false });
  const before = await htmlOnly.newPage();
  await before.goto('/auth/login');
  const heading = before.getByRole('heading', { level: 1, name: 'Buy water, gas, airtime and data' });
  await expect(heading).toBeVisible();
  // Nothing typed into the HTML's fields could survive the app's own render, and a form sent
  // without the app would go out as a plain GET: the fields wait for the app.
  await expect(before.getByLabel('Email')).toBeDisabled();
  await expect(before.getByRole('button', { name: 'Login' })).toBeDisabled();
  const painted = await heading.boundingBox();
  await htmlOnly.close();

  const app = await browser.newContext();
  const page = await app.newPage();
  await page.goto('/auth/login');
  await expect(page.getByLabel('Email')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  const started = await page.getByRole('heading', { level: 1, name: 'Buy water, gas, airtime and data' }).boundingBox();
  await app.close();

  expect(painted).not.toBeNull();
  expect(started).toEqual(painted);
});

test('a prerendered page paints before its scripts download; a page that is not, loads them at once', async ({
  page,
}) => {
  /** When the page's first contentful paint was, and when its first script was asked for. */
  const scriptsAndPaint = async () => {
    // The paint's entry is reported once the frame is on screen, which may be after the test saw it.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    return page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
      return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
    });
  };

  await page.goto('/auth/login');
  await expect(page.getByLabel('Email')).toBeEnabled();
  const login = await scriptsAndPaint();
  expect(login.scripts).toBeGreaterThan(0);
  expect(login.firstScript).toBeGreaterThanOrEqual(login.paint!);

  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: /Your profile/ })).toBeVisible();
  const home = await scriptsAndPaint();
  expect(home.scripts).toBeGreaterThan(0);
  expect(home.firstScript).toBeGreaterThanOrEqual(home.paint!);

  // The profile screen is not prerendered: nothing paints until the app has rendered it.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const profile = await scriptsAndPaint();
  expect(profile.scripts).toBeGreaterThan(0);
  expect(profile.firstScript).toBeLessThan(profile.paint!);
});
