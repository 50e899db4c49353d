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
