import { type Page } from '@playwright/test';
import { expect, test, DEMO_ADMIN, DEMO_CUSTOMER, signIn } from './support';

// Every screen, opened directly, renders its heading without a script error. The journeys cover
// what the screens do; this catches a screen the journeys never open breaking on the production
// build (React's API on Preact, docs/decisions/007).

const CUSTOMER_SCREENS = [
  '/home',
  '/profile',
  '/profile/update',
  '/profile/password',
  '/profile/verify-phone',
  '/results?location_id=1&category_id=1',
  '/water-sub/results?location_id=1',
  '/gas/results?location_id=1',
  '/wallet',
  '/wallet/deposit',
  '/wallet/withdraw',
  '/wallet/rewards',
  '/notifications',
  '/airtime-data',
  '/electricity',
  '/bills/show?reference=VTU-1',
  '/transaction/callback/success',
  '/transaction/callback/failure',
  '/transaction/results',
  '/agent-apply',
  '/help',
];

const ADMIN_SCREENS = [
  '/admin',
  '/admin/agents',
  '/admin/products',
  '/admin/products/create',
  '/admin/products/update?id=1',
  '/admin/locations',
  '/admin/locations/create',
  '/admin/locations/update?id=1',
  '/admin/orders',
  '/admin/product-category',
  '/admin/product-category/create',
  '/admin/product-category/update?id=1',
  '/admin/raffle-tickets',
  '/admin/raffle-tickets/draw',
  '/admin/setting',
  '/admin/customers',
  '/admin/customers/show?id=2',
  '/admin/data-bundles',
  '/admin/audit',
  '/admin/support',
  '/admin/notifications',
];

/** Script errors and React warnings; a failed request's own log line is the API's business. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

async function visitEach(page: Page, screens: string[]) {
  const errors = watchErrors(page);
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.getByRole('heading').first(), screen).toBeVisible();
    await expect(page.getByRole('heading', { name: /Page not found|Something went wrong/ }), screen).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(errors, screen).toEqual([]);
  }
}

test('every customer screen renders without a script error', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
  await visitEach(page, CUSTOMER_SCREENS);
});

test('every admin screen renders without a script error', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await visitEach(page, ADMIN_SCREENS);
});
