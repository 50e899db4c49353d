import { type APIRequestContext, type Page } from '@playwright/test';
import { formatNaira, koboToNaira } from '@ruwa/contract/money';
import { expect, test, DEMO_ADMIN, DEMO_CUSTOMER, newCustomer, registerCustomer, signIn, WALLET_PIN } from './support';

type Envelope<T> = { message: string; data: T };
type PageOf<T> = { data: T[] };

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** Signs in through the API and returns the bearer header. */
async function apiSignIn(request: APIRequestContext, email: string, password: string) {
  const auth = await dataOf<{ access_token: string }>(
    await request.post('/api/auth/login', { data: { email, password } }),
  );
  return { Authorization: `Bearer ${auth.access_token}` };
}

/**
 * A paid order of sachet water in Lekki, placed by the demo customer the way the app does it: the
 * wallet is topped up through the sandbox card, then the order is paid from the wallet.
 */
async function placeSachetOrderInLekki(request: APIRequestContext) {
  const headers = await apiSignIn(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
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
  const product = products.data[0]!;
  const quantity = 2;

  const amount = product.price * quantity + 1000;
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

  const order = await dataOf<{
    id: number;
    status: string;
    order_amount: number;
    product_name: string;
    delivery_code: string;
  }>(
    await request.post('/api/product-order/store', {
      headers,
      data: {
        product_id: product.id,
        location_id: lekki.id,
        quantity,
        recipient_address: '12 Admiralty Way, Lekki Phase 1',
        payment_method: 'wallet',
        // The demo customer may have set a wallet PIN in another journey.
        pin: WALLET_PIN,
      },
    }),
  );
  expect(order.status).toBe('paid');
  return { order, headers };
}

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

test('a customer becomes an agent and delivers an order for a commission', async ({ browser, request }) => {
  // 1. A new user applies on /agent-apply.
  const person = newCustomer();
  const business = `Kemi Water ${Date.now().toString(36)}`;
  await registerCustomer(request, person);

  const applicantContext = await browser.newContext();
  const applicant = await applicantContext.newPage();
  await signIn(applicant, person.email, person.password);
  await expect(applicant).toHaveURL(/\/home$/);
  await applicant.goto('/profile');
  await applicant.getByRole('link', { name: 'Become an agent' }).click();
  await expect(applicant).toHaveURL(/\/agent-apply$/);
  await expect(applicant.getByText(/100 bags/).first()).toBeAttached();
  const form = applicant.getByRole('form', { name: 'Agent application' });
  await form.getByLabel('Business Name').fill(business);
  await form.getByLabel('Email').fill(`sales.${person.email}`);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(toasts(applicant).getByText('Registration Successful')).toBeVisible();
  await expect(applicant).toHaveURL(/\/profile$/);
  await expect(applicant.getByText('Agent application: pending')).toBeVisible();
  await applicantContext.close();

  // 2. The admin approves the application on /admin/agents.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/agents');
  await admin.getByLabel('Status').selectOption('pending');
  await admin.getByRole('button', { name: `Approve ${business}` }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Approve ${business}?` });
  await dialog.getByLabel('Note (optional)').fill('Welcome to Ruwa');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(admin).getByText('Agent status has been updated successfully')).toBeVisible();
  await expect(admin.getByRole('button', { name: `Approve ${business}` })).toBeHidden();
  await adminContext.close();

  // 3. The agent signs in again, ticks Lekki among their areas and turns on sachet water.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  // An approved agent lands on their work queue: open orders first, the figures below.
  await signIn(agent, person.email, person.password);
  await expect(agent).toHaveURL(/\/agent$/);
  await expect(agent.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(agent.getByRole('heading', { level: 2 }).first()).toHaveText('Open orders');

  await agent.getByRole('button', { name: 'Menu' }).click();
  await agent.getByRole('navigation', { name: 'Agent' }).getByRole('link', { name: 'Settings' }).click();
  await expect(agent).toHaveURL(/\/agent\/setting$/);
  const profileForm = agent.getByRole('form', { name: 'Business profile' });
  await expect(profileForm.getByLabel('Business Name')).toHaveValue(business);
  const areas = profileForm.getByRole('group', { name: 'Areas you deliver in' });
  await areas.getByRole('checkbox', { name: 'Lekki' }).check();
  let saved = agent.waitForResponse((res) => res.url().endsWith('/api/agents/update'));
  await profileForm.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(toasts(agent).getByText('Settings saved')).toBeVisible();

  await agent.getByRole('tab', { name: 'Settings' }).click();
  const sachet = agent.getByRole('switch', { name: 'Sell sachet water' });
  await expect(sachet).toHaveAttribute('aria-checked', 'false');
  await sachet.click();
  await expect(sachet).toHaveAttribute('aria-checked', 'true');
  saved = agent.waitForResponse((res) => res.url().endsWith('/api/agents/update'));
  await agent.getByRole('form', { name: 'What you sell' }).getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(toasts(agent).getByText('Settings saved').last()).toBeVisible();

  // 4. A customer's paid sachet-water order in Lekki shows among the open orders.
  const { order, headers: customer } = await placeSachetOrderInLekki(request);
  await agent.goto('/agent');
  const openOrders = agent.getByRole('list', { name: 'Open orders' });
  await openOrders.getByRole('button', { name: `Accept order #${order.id}` }).click();
  await expect(toasts(agent).getByText('Order accepted')).toBeVisible();
  await expect(openOrders.getByRole('button', { name: `Accept order #${order.id}` })).toBeHidden();

  // 5. Out for delivery, then delivered with the customer's delivery code.
  const myOrders = agent.getByRole('list', { name: 'My orders' });
  await myOrders.getByRole('button', { name: `Out for delivery: order #${order.id}` }).click();
  await myOrders.getByRole('button', { name: `Delivered: order #${order.id}` }).click();
  const deliver = agent.getByRole('alertdialog', { name: `Mark order #${order.id} as delivered?` });
  await deliver.getByLabel('Delivery code').fill(order.delivery_code);
  await deliver.getByRole('button', { name: 'Yes, delivered' }).click();
  const card = myOrders.getByRole('article', { name: new RegExp(`Order #${order.id}:`) });
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  // Once delivered, the card no longer says whom it was for or where.
  await expect(card.getByText('Deliver to')).toHaveCount(0);
  await expect(card.getByText('Area', { exact: true })).toBeVisible();

  // 6. The commission shows under Rewards.
  const commissionKobo = Math.floor((Math.round(order.order_amount * 100) * 5) / 100);
  const commission = formatNaira(koboToNaira(commissionKobo));
  await agent.goto('/agent/rewards');
  const rewards = agent.getByRole('list', { name: 'Commissions' });
  const reward = rewards.getByRole('listitem').filter({ hasText: `Order #${order.id}` });
  await expect(reward).toContainText(`+${commission}`);
  await expect(agent.getByTestId('rewards-total')).toHaveText(commission);

  await agent.goto('/agent/transactions');
  await expect(agent.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first()).toContainText(
    'Delivered',
  );
  await agentContext.close();

  // 7. The customer's order is delivered, and the customer sees it on their own screens.
  const shown = await dataOf<{ status: string }>(
    await request.get(`/api/product-order/show?id=${order.id}`, { headers: customer }),
  );
  expect(shown.status).toBe('delivered');

  const customerContext = await browser.newContext();
  const phone = await customerContext.newPage();
  await signIn(phone, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(phone).toHaveURL(/\/home$/);
  await phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  const listed = phone.getByRole('link', { name: new RegExp(`^Order ORD-${order.id}:`) });
  await expect(listed).toContainText('Delivered');
  await listed.click();
  await expect(phone).toHaveURL(new RegExp(`/profile/orders\\?id=${order.id}$`));
  await expect(phone.getByRole('heading', { level: 1, name: `Order ORD-${order.id}` })).toBeVisible();
  const summary = phone.getByRole('region', { name: order.product_name });
  await expect(summary.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(phone.getByRole('region', { name: 'Status history' })).toContainText('Delivered');
  // The history names the agent who delivered it.
  await expect(phone.getByRole('region', { name: 'Status history' })).toContainText(`(${business})`);
  await customerContext.close();
});
