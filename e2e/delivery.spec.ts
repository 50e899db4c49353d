import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test, DEMO_ADMIN, registerCustomer, signIn } from './support';

type PageOf<T> = { data: T[] };
type Headers = { Authorization: string };
type PlacedOrder = { id: number; status: string; order_amount: number; delivery_code: string };

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function bearerFor(request: APIRequestContext, email: string, password: string): Promise<Headers> {
  const auth = await dataOf<{ access_token: string }>(
    await request.post('/api/auth/login', { data: { email, password } }),
  );
  return { Authorization: `Bearer ${auth.access_token}` };
}

const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

async function lekkiSachet(request: APIRequestContext, headers: Headers) {
  const locations = await dataOf<PageOf<{ id: number; name: string }>>(
    await request.get('/api/location/index?enabled=1&per_page=100', { headers }),
  );
  const lekki = locations.data.find((location) => location.name === 'Lekki')!;
  const categories = await dataOf<PageOf<{ id: number; kind: string }>>(
    await request.get('/api/product/category/index?per_page=100', { headers }),
  );
  const sachet = categories.data.find((category) => category.kind === 'sachet_water')!;
  const products = await dataOf<PageOf<{ id: number; price: number }>>(
    await request.get(`/api/location/products/index?location_id=${lekki.id}&category_id=${sachet.id}`, { headers }),
  );
  return { lekki, product: products.data[0]! };
}

/** An approved agent delivering sachet water in Lekki, set up through the API the screens use. */
async function lekkiAgent(request: APIRequestContext, name: string) {
  const { person, token } = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${token}` };
  const applied = await dataOf<{ id: number }>(
    await request.post('/api/agents/store', {
      headers,
      data: { agent_name: name, agent_email: person.email },
    }),
  );
  const admin = await bearerFor(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await dataOf(
    await request.post('/api/agents/update-status', { headers: admin, data: { id: applied.id, status: 'approved' } }),
  );
  const { lekki } = await lekkiSachet(request, headers);
  await dataOf(
    await request.post('/api/agents/update', {
      headers,
      data: { location_id: lekki.id, sells_sachet_water: true },
    }),
  );
  return { person, headers, id: applied.id, name };
}

/** A new customer with money in the wallet (topped up through the sandbox card). */
async function fundedCustomer(request: APIRequestContext, amount = 5000) {
  const { person, token } = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${token}` };
  const intent = await dataOf<{ reference: string; email: string; amount_kobo: number }>(
    await request.post('/api/payments/paystack/initialize', { headers, data: { purpose: 'deposit', amount } }),
  );
  const charge = await request.post('/sandbox/paystack/test/charge', {
    data: {
      reference: intent.reference,
      email: intent.email,
      amount: intent.amount_kobo,
      currency: 'NGN',
      outcome: 'success',
    },
  });
  expect(charge.ok()).toBe(true);
  await dataOf(
    await request.post('/api/wallet-transactions/deposit/paystack', {
      headers,
      data: { amount, tx_id: intent.reference },
    }),
  );
  return { person, headers };
}

/** The customer pays for two packs of sachet water in Lekki from the wallet, as checkout sends it. */
async function payFromWallet(request: APIRequestContext, headers: Headers) {
  const { lekki, product } = await lekkiSachet(request, headers);
  const order = await dataOf<PlacedOrder>(
    await request.post('/api/product-order/store', {
      headers,
      data: {
        product_id: product.id,
        location_id: lekki.id,
        quantity: 2,
        recipient_address: '12 Admiralty Way, Lekki Phase 1',
        payment_method: 'wallet',
      },
    }),
  );
  expect(order.status).toBe('paid');
  return order;
}

const balanceOf = async (request: APIRequestContext, headers: Headers) =>
  (await dataOf<{ balance: number }>(await request.get('/api/wallet/me', { headers }))).balance;

/** A signed-in browser of its own, its live stream open on `path`. */
async function openAs(browser: Browser, email: string, password: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/(home|admin|agent)$/);
  const streamOpened = page.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200);
  await page.goto(path);
  await streamOpened;
  return { context, page };
}

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

test('customer pays, the agent sees it live, accepts, and delivers with the customer’s code for a commission', async ({
  browser,
  request,
}) => {
  const agent = await lekkiAgent(request, `Mama Kemi Water ${unique()}`);
  const customer = await fundedCustomer(request);
  const agentBrowser = await openAs(browser, agent.person.email, agent.person.password, '/agent');
  const agentPage = agentBrowser.page;
  await expect(agentPage.getByRole('heading', { name: 'Open orders' })).toBeVisible();
  let reloaded = false;
  agentPage.on('framenavigated', (frame) => {
    if (frame === agentPage.mainFrame()) reloaded = true;
  });

  // 1. The customer pays; the agent's open screen shows the order within 2 s, without a reload.
  const order = await payFromWallet(request, customer.headers);
  const openOrders = agentPage.getByRole('list', { name: 'Open orders' });
  await expect(openOrders.getByRole('button', { name: `Accept order #${order.id}` })).toBeVisible({ timeout: 2000 });
  expect(reloaded).toBe(false);

  // 2. The customer's order screen shows the delivery code; no agent yet.
  const customerBrowser = await openAs(
    browser,
    customer.person.email,
    customer.person.password,
    `/profile/orders?id=${order.id}`,
  );
  const customerPage = customerBrowser.page;
  const code = customerPage.getByLabel('Your delivery code');
  await expect(code).toHaveText(order.delivery_code);
  await expect(customerPage.getByRole('heading', { name: 'Your agent' })).toHaveCount(0);

  // 3. The agent accepts; the customer's screen names the agent with their phone, live.
  await openOrders.getByRole('button', { name: `Accept order #${order.id}` }).click();
  await expect(toasts(agentPage).getByText('Order accepted')).toBeVisible();
  const agentSection = customerPage.getByRole('region', { name: 'Your agent' });
  await expect(agentSection).toContainText(agent.name, { timeout: 2000 });
  await expect(agentSection).toContainText('Kemi');
  await expect(agentSection).toContainText(agent.person.phone);
  await expect(agentSection.getByRole('link', { name: `Call ${agent.name}` })).toHaveAttribute(
    'href',
    `tel:+234${agent.person.phone.slice(1)}`,
  );
  await expect(agentSection.getByRole('link', { name: `WhatsApp ${agent.name}` })).toHaveAttribute(
    'href',
    `https://wa.me/234${agent.person.phone.slice(1)}`,
  );
  // The agent sees whom to deliver to.
  const myOrders = agentPage.getByRole('list', { name: 'My orders' });
  const card = myOrders.getByRole('article', { name: new RegExp(`Order #${order.id}:`) });
  await expect(card).toContainText(customer.person.phone);

  // 4. Out for delivery; a wrong code is refused, the code the customer reads is accepted.
  await myOrders.getByRole('button', { name: `Out for delivery: order #${order.id}` }).click();
  await myOrders.getByRole('button', { name: `Delivered: order #${order.id}` }).click();
  const dialog = agentPage.getByRole('alertdialog', { name: `Mark order #${order.id} as delivered?` });
  const readOut = (await code.textContent())!;
  const wrong = String((Number(readOut) + 1) % 10_000).padStart(4, '0');
  await dialog.getByLabel('Delivery code').fill(wrong);
  await dialog.getByRole('button', { name: 'Yes, delivered' }).click();
  await expect(dialog.getByText('That delivery code is wrong. 4 tries left.')).toBeVisible();
  await dialog.getByLabel('Delivery code').fill(readOut);
  await dialog.getByRole('button', { name: 'Yes, delivered' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(customerPage.getByText('Delivered').first()).toBeVisible({ timeout: 2000 });

  // 5. The commission lands.
  const rewards = await dataOf<PageOf<{ order_id: number; amount: number }>>(
    await request.get('/api/agents/me/rewards', { headers: agent.headers }),
  );
  expect(rewards.data.find((reward) => reward.order_id === order.id)!.amount).toBeGreaterThan(0);
  expect(await balanceOf(request, agent.headers)).toBeGreaterThan(0);
  await agentBrowser.context.close();
  await customerBrowser.context.close();
});

test('admin assigns and reassigns, the agent releases it, and suspending an agent returns their orders', async ({
  browser,
  request,
}) => {
  const first = await lekkiAgent(request, `Dispatch One ${unique()}`);
  const second = await lekkiAgent(request, `Dispatch Two ${unique()}`);
  const customer = await fundedCustomer(request);
  const order = await payFromWallet(request, customer.headers);
  const adminHeaders = await bearerFor(request, DEMO_ADMIN.email, DEMO_ADMIN.password);

  const adminBrowser = await openAs(browser, DEMO_ADMIN.email, DEMO_ADMIN.password, '/admin/orders');
  const admin = adminBrowser.page;
  // On a phone the filters wait behind their button (a laptop shows them).
  await expect(admin.getByRole('table', { name: 'Orders' })).toBeVisible();
  const filtersToggle = admin.getByRole('button', { name: 'Filters' });
  if (await filtersToggle.isVisible()) await filtersToggle.click();
  await admin.getByLabel('Search customer').fill(customer.person.email);
  const table = admin.getByRole('table', { name: 'Orders' });
  const row = table.getByRole('row').filter({ hasText: customer.person.email });
  // The list's # is the order's own number.
  await expect(row.getByRole('cell').first()).toHaveText(String(order.id));
  await row.getByRole('cell').nth(1).click();
  const drawer = admin.getByRole('dialog', { name: `Order #${order.id}` });
  await expect(drawer).toContainText('No agent holds this order.');

  // Assign to the first agent, by name, with their open load shown.
  await drawer.getByLabel('Assign to').selectOption({ label: `${first.name} (0 open)` });
  await drawer.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(toasts(admin).getByText('Order assigned')).toBeVisible();
  await expect(drawer).toContainText(`Held by ${first.name}`);

  // Reassign to the second.
  await drawer.getByLabel('Reassign to').selectOption({ label: `${second.name} (0 open)` });
  await drawer.getByRole('button', { name: 'Reassign', exact: true }).click();
  await expect(drawer).toContainText(`Held by ${second.name}`);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText(second.name);

  // The second agent gives it back, saying why; it is open again.
  const agentBrowser = await openAs(browser, second.person.email, second.person.password, '/agent');
  const agent = agentBrowser.page;
  const myOrders = agent.getByRole('list', { name: 'My orders' });
  await myOrders.getByRole('button', { name: `Release order #${order.id}` }).click();
  const release = agent.getByRole('alertdialog', { name: `Release order #${order.id}?` });
  await release.getByLabel('Why are you releasing it?').fill('My tricycle broke down');
  await release.getByRole('button', { name: 'Release order' }).click();
  await expect(toasts(agent).getByText('Order released')).toBeVisible();
  await expect(
    agent.getByRole('list', { name: 'Open orders' }).getByRole('button', { name: `Accept order #${order.id}` }),
  ).toBeVisible();
  // The admin's list follows without a reload.
  await expect(row).toContainText('None', { timeout: 2000 });
  await expect(row).toContainText('Paid');

  // Assigned to the first agent again, who is then suspended: the order goes back to open.
  await dataOf(
    await request.post('/api/admin/orders/assign', {
      headers: adminHeaders,
      data: { id: order.id, agent_id: first.id },
    }),
  );
  await expect(row).toContainText(first.name, { timeout: 2000 });
  await dataOf(
    await request.post('/api/agents/update-status', {
      headers: adminHeaders,
      data: { id: first.id, status: 'suspended', note: 'Missed deliveries' },
    }),
  );
  await expect(row).toContainText('None', { timeout: 2000 });
  const shown = await dataOf<{ status: string; assigned_agent_id: number | null }>(
    await request.get(`/api/admin/orders/show?id=${order.id}`, { headers: adminHeaders }),
  );
  expect(shown).toMatchObject({ status: 'paid', assigned_agent_id: null });
  await agentBrowser.context.close();
  await adminBrowser.context.close();
});

test('the customer cancels an order before it is out for delivery and the money is back in the wallet', async ({
  browser,
  request,
}) => {
  const customer = await fundedCustomer(request);
  const before = await balanceOf(request, customer.headers);
  const order = await payFromWallet(request, customer.headers);
  expect(await balanceOf(request, customer.headers)).toBe(before - order.order_amount);

  const { context, page } = await openAs(
    browser,
    customer.person.email,
    customer.person.password,
    `/profile/orders?id=${order.id}`,
  );
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order #${order.id}?` });
  await expect(dialog).toContainText('goes back to your Ruwa wallet straight away');
  await dialog.getByRole('button', { name: 'Yes, cancel and refund' }).click();
  await expect(
    toasts(page).getByText('Your order has been cancelled and the money is back in your wallet'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await balanceOf(request, customer.headers)).toBe(before);
  await context.close();
});
