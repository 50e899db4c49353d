import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, registerCustomer, signIn } from './support';

type Headers = { Authorization: string };

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Two packs of Lekki's sachet water, paid by card through the Paystack sandbox as checkout does. */
async function cardPaidOrder(request: APIRequestContext, headers: Headers) {
  const locations = await dataOf<{ data: { id: number; name: string }[] }>(
    await request.get('/api/location/index?enabled=1&per_page=100', { headers }),
  );
  const lekki = locations.data.find((location) => location.name === 'Lekki')!;
  const categories = await dataOf<{ data: { id: number; kind: string }[] }>(
    await request.get('/api/product/category/index?per_page=100', { headers }),
  );
  const sachet = categories.data.find((category) => category.kind === 'sachet_water')!;
  const products = await dataOf<{ data: { id: number }[] }>(
    await request.get(`/api/location/products/index?location_id=${lekki.id}&category_id=${sachet.id}`, { headers }),
  );
  const purchase = {
    product_id: products.data[0]!.id,
    location_id: lekki.id,
    quantity: 2,
    recipient_address: '12 Admiralty Way, Lekki Phase 1',
  };
  const intent = await dataOf<{ reference: string; email: string; amount_kobo: number }>(
    await request.post('/api/payments/paystack/initialize', {
      headers,
      data: { purpose: 'product_order', ...purchase },
    }),
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
  const order = await dataOf<{ id: number; status: string; payment_method: string }>(
    await request.post('/api/product-order/store', {
      headers,
      data: { ...purchase, payment_method: 'card', transaction_id: intent.reference },
    }),
  );
  expect(order).toMatchObject({ status: 'paid', payment_method: 'card' });
  return order;
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test('a card-paid order cancelled back to the card: pending, then back on the card', async ({ page, request }) => {
  const { person, token } = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${token}` };
  const order = await cardPaidOrder(request, headers);

  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/profile/orders?id=${order.id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order #${order.id}?` });
  await expect(dialog.getByRole('radio', { name: 'Back to my wallet (now)' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Back to my card (3–5 working days)' }).check();
  await expect(dialog).toContainText('goes back to the card you paid with in 3–5 working days');
  await dialog.getByRole('button', { name: 'Yes, cancel and refund' }).click();
  await expect(
    toasts(page).getByText('Your order has been cancelled and the money goes back to your card in 3–5 working days'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText('back to the card');

  // The sandbox bank pays the refund a moment later and Paystack's webhook says so.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Back on your card')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const wallet = await dataOf<{ balance: number }>(await request.get('/api/wallet/me', { headers }));
  expect(wallet.balance).toBe(0);
});
