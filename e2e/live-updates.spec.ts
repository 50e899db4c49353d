import { type APIRequestContext } from '@playwright/test';
import { expect, test, DEMO_ADMIN, DEMO_CUSTOMER, registerCustomer, signIn, WALLET_PIN } from './support';

type PageOf<T> = { data: T[] };

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function bearerFor(request: APIRequestContext, email: string, password: string) {
  const auth = await dataOf<{ access_token: string }>(
    await request.post('/api/auth/login', { data: { email, password } }),
  );
  return { Authorization: `Bearer ${auth.access_token}` };
}

test('a paid order shows on the open orders screen of an agent in its area, without a reload, with a banner', async ({
  browser,
  request,
}) => {
  // An approved agent selling sachet water in Lekki, set up through the API.
  const { person, token } = await registerCustomer(request);
  const agentHeaders = { Authorization: `Bearer ${token}` };
  const applied = await dataOf<{ id: number }>(
    await request.post('/api/agents/store', {
      headers: agentHeaders,
      data: { agent_name: `Lekki Live Water ${Date.now().toString(36)}`, agent_email: person.email },
    }),
  );
  const adminHeaders = await bearerFor(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await dataOf(
    await request.post('/api/agents/update-status', {
      headers: adminHeaders,
      data: { id: applied.id, status: 'approved' },
    }),
  );
  const locations = await dataOf<PageOf<{ id: number; name: string }>>(
    await request.get('/api/location/index?enabled=1&per_page=100', { headers: agentHeaders }),
  );
  const lekki = locations.data.find((location) => location.name === 'Lekki')!;
  await dataOf(
    await request.post('/api/agents/update', {
      headers: agentHeaders,
      data: { location_id: lekki.id, sells_sachet_water: true },
    }),
  );

  // The agent's open orders screen, with the live stream connected.
  const context = await browser.newContext();
  const agent = await context.newPage();
  const streamOpened = agent.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200);
  await signIn(agent, person.email, person.password);
  // An approved agent lands on their work queue.
  await expect(agent).toHaveURL(/\/agent$/);
  await expect(agent.getByRole('heading', { name: 'Open orders' })).toBeVisible();
  await streamOpened;
  let reloaded = false;
  agent.on('framenavigated', (frame) => {
    if (frame === agent.mainFrame()) reloaded = true;
  });

  // The demo customer pays for sachet water in Lekki from the wallet (topped up by card first).
  const customer = await bearerFor(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const categories = await dataOf<PageOf<{ id: number; kind: string }>>(
    await request.get('/api/product/category/index?per_page=100', { headers: customer }),
  );
  const sachet = categories.data.find((category) => category.kind === 'sachet_water')!;
  const products = await dataOf<PageOf<{ id: number; price: number }>>(
    await request.get(`/api/location/products/index?location_id=${lekki.id}&category_id=${sachet.id}`, {
      headers: customer,
    }),
  );
  const product = products.data[0]!;
  const amount = product.price + 500;
  const intent = await dataOf<{ reference: string; email: string; amount_kobo: number }>(
    await request.post('/api/payments/paystack/initialize', {
      headers: customer,
      data: { purpose: 'deposit', amount },
    }),
  );
  const charge = await request.post('/sandbox/paystack/test/charge', {
    data: { reference: intent.reference, email: intent.email, amount: intent.amount_kobo, outcome: 'success' },
  });
  expect(charge.ok()).toBe(true);
  await dataOf(
    await request.post('/api/wallet-transactions/deposit/paystack', {
      headers: customer,
      data: { amount, tx_id: intent.reference },
    }),
  );
  const paidAt = Date.now();
  const order = await dataOf<{ id: number }>(
    await request.post('/api/product-order/store', {
      headers: customer,
      data: {
        product_id: product.id,
        location_id: lekki.id,
        quantity: 1,
        recipient_address: '3 Admiralty Way, Lekki Phase 1',
        payment_method: 'wallet',
        // The demo customer may have set a wallet PIN in another journey.
        pin: WALLET_PIN,
      },
    }),
  );

  // Within a few seconds, on the same page: the order to accept, and the banner.
  const openOrders = agent.getByRole('list', { name: 'Open orders' });
  await expect(openOrders.getByRole('button', { name: `Accept order #${order.id}` })).toBeVisible({ timeout: 5_000 });
  const banner = agent.getByRole('status').filter({ hasText: 'New order in Lekki' });
  await expect(banner).toBeVisible();
  expect(Date.now() - paidAt).toBeLessThan(5_000);
  expect(reloaded).toBe(false);

  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await context.close();
});

test('an agent application reaches the admin on the screen they have open: a toast and a count on Agents', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  const streamOpened = admin.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200);
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await streamOpened;

  const { person, token } = await registerCustomer(request);
  const name = `Toast Gas ${Date.now().toString(36)}`;
  await dataOf(
    await request.post('/api/agents/store', {
      headers: { Authorization: `Bearer ${token}` },
      data: { agent_name: name, agent_email: person.email },
    }),
  );

  const toast = admin.locator('[data-sonner-toast]').filter({ hasText: 'New agent application' });
  await expect(toast).toContainText(`${name} applied to become an agent. Review it in Agents.`, { timeout: 10_000 });
  const menu = admin.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  const agents = admin
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /^Agents, \d+ to review$/ });
  await expect(agents).toBeVisible();
  await context.close();
});
