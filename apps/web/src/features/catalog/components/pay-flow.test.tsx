import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_WALLET_PIN } from '@/testing/wallet-pin';
import { fakePaystackPop } from '@/testing/fake-paystack';
import { makeLocation, makeLocationProduct } from '@/testing/catalog-fixtures';
import { makeOrder } from '@/testing/order-fixtures';
import {
  deferred,
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

const sachet = makeLocationProduct({ id: 10, product_name: 'Pure Life Sachet (20 pieces)', price: 350 });
const gas = makeLocationProduct({
  id: 20,
  product_name: 'Gas refill',
  kind: 'gas',
  price: 1100,
  pivot: { location_id: 1, product_location_price: 1100 },
});

/** Paystack's inline script stand-in: pays (or closes) at once. */
function fakePaystack(outcome: 'paid' | 'closed') {
  return fakePaystackPop((options) =>
    outcome === 'paid' ? options.onSuccess({ reference: options.reference }) : options.onCancel(),
  );
}

afterEach(() => {
  delete window.PaystackPop;
});

type Handler = (request: RecordedRequest) => Response | Promise<Response> | undefined;

/** The screen's reads, the payment intent, and whatever the test answers for the store call. */
function stubApi({
  balance = 5000,
  store,
  unitPrice = 350,
  locations,
}: { balance?: number; store?: Handler; unitPrice?: number; locations?: ReturnType<typeof makeLocation>[] } = {}) {
  return stubFetch((request) => {
    const { url, body } = request;
    if (locations && url.startsWith('/api/location/index'))
      return jsonResponse(200, {
        message: '',
        data: {
          current_page: 1,
          last_page: 1,
          per_page: 100,
          total: locations.length,
          prev_page_url: null,
          next_page_url: null,
          data: locations,
        },
      });
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url === '/api/wallet/me') return jsonResponse(200, { message: '', data: { balance, bank_details: [] } });
    if (url === '/api/payments/paystack/initialize') {
      const { quantity } = body as { quantity: number };
      return jsonResponse(201, {
        message: 'Payment started',
        data: {
          reference: 'RUWA_ORDER_1',
          amount_kobo: quantity * unitPrice * 100,
          amount: quantity * unitPrice,
          currency: 'NGN',
          email: 'ada@ruwa.local',
          metadata: {},
        },
      });
    }
    if (url.endsWith('-order/store')) return store?.(request);
    return undefined;
  });
}

const placed = () => jsonResponse(201, { message: 'Your order has been placed', data: { id: 1, status: 'paid' } });

async function openWater() {
  signIn();
  const rendered = renderApp({
    pathname: '/water-sub/show',
    search: '?product_id=10&location_id=1',
    state: { subscription: sachet, location: 1 },
  });
  await screen.findByRole('heading', { level: 1, name: sachet.product_name });
  return rendered;
}

async function fillBuy(user: ReturnType<typeof renderApp>['user'], quantity = '2') {
  const form = screen.getByRole('form', { name: 'Buy' });
  await user.clear(within(form).getByLabelText('Quantity'));
  await user.type(within(form).getByLabelText('Quantity'), quantity);
  await user.type(within(form).getByLabelText('Address'), '12 Admiralty Way, Lekki');
  return form;
}

describe('paying for water and gas', () => {
  it('pays by card, shows "Saving..." while the order is stored, then lands on the success screen', async () => {
    const opened = fakePaystack('paid');
    const saved = deferred<Response>();
    const { calls } = stubApi({ store: () => saved.promise });
    const { user, router } = await openWater();
    const form = await fillBuy(user);

    await user.click(within(form).getByRole('button', { name: 'Buy ₦700' }));
    const saving = await within(form).findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ email: 'ada@ruwa.local', amount: 70000, reference: 'RUWA_ORDER_1' });

    saved.resolve(placed());
    expect(await screen.findByRole('heading', { name: 'Yay! Your transaction was successful' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transaction/callback/success');
    expect(screen.getByRole('link', { name: 'Go to profile' })).toHaveAttribute('href', '/profile');

    const initialize = calls.find(({ url }) => url === '/api/payments/paystack/initialize');
    expect(initialize?.body).toEqual({
      purpose: 'product_order',
      product_id: 10,
      location_id: 1,
      quantity: 2,
      recipient_address: '12 Admiralty Way, Lekki',
      // The buyer's own number, prefilled; sent in the international form the API's schema makes of it.
      recipient_phone: '+2348031234567',
    });
    const store = calls.find(({ url }) => url === '/api/product-order/store');
    expect(store?.body).toEqual({
      product_id: 10,
      location_id: 1,
      quantity: 2,
      recipient_address: '12 Admiralty Way, Lekki',
      // The buyer's own number, prefilled; sent in the international form the API's schema makes of it.
      recipient_phone: '+2348031234567',
      transaction_id: 'RUWA_ORDER_1',
    });
  });

  it('buys gas by card through to the success screen', async () => {
    const opened = fakePaystack('paid');
    const { calls } = stubApi({ unitPrice: 1100, store: placed });
    signIn();
    const { user, router } = renderApp({
      pathname: '/gas/buy',
      search: '?product_id=20&location_id=1',
      state: { distro: gas, location: 1 },
    });
    const form = await screen.findByRole('form', { name: 'Buy' });
    await user.clear(within(form).getByLabelText('Quantity (KG)'));
    await user.type(within(form).getByLabelText('Quantity (KG)'), '3');
    await user.type(within(form).getByLabelText('Address'), '4 Bourdillon Road, Ikoyi');
    expect(within(form).getByRole('radio', { name: 'Pay with card' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Buy ₦3,300' }));

    expect(await screen.findByRole('heading', { name: 'Yay! Your transaction was successful' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transaction/callback/success');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ email: 'ada@ruwa.local', amount: 330000, reference: 'RUWA_ORDER_1' });
    expect(calls.find(({ url }) => url === '/api/payments/paystack/initialize')?.body).toEqual({
      purpose: 'product_order',
      product_id: 20,
      location_id: 1,
      quantity: 3,
      recipient_address: '4 Bourdillon Road, Ikoyi',
      // The buyer's own number, prefilled; sent in the international form the API's schema makes of it.
      recipient_phone: '+2348031234567',
    });
    expect(calls.find(({ url }) => url === '/api/product-order/store')?.body).toEqual({
      product_id: 20,
      location_id: 1,
      quantity: 3,
      recipient_address: '4 Bourdillon Road, Ikoyi',
      // The buyer's own number, prefilled; sent in the international form the API's schema makes of it.
      recipient_phone: '+2348031234567',
      transaction_id: 'RUWA_ORDER_1',
    });
  });

  it('goes to the failure screen when the popup is closed, and stores nothing', async () => {
    fakePaystack('closed');
    const { calls } = stubApi({ store: placed });
    const { user, router } = await openWater();
    const form = await fillBuy(user);
    await user.click(within(form).getByRole('button', { name: 'Buy ₦700' }));

    expect(await screen.findByRole('heading', { name: 'Transaction was not successful!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transaction/callback/failure');
    expect(screen.getByRole('link', { name: 'Go to profile' })).toBeInTheDocument();
    expect(calls.some(({ url }) => url.endsWith('/store'))).toBe(false);
  });

  it('"Try again" after the popup was closed opens the gas form as it was', async () => {
    fakePaystack('closed');
    const cylinderGas = makeLocationProduct({
      id: 21,
      product_name: 'Cooking Gas',
      kind: 'gas',
      price: 1200,
      cylinders: [
        { size_kg: 6, refill_price: 7000, new_price: null },
        { size_kg: 12.5, refill_price: 15_000, new_price: 52_000 },
      ],
    });
    const windows = [
      { name: 'Morning', starts: '08:00', ends: '12:00', cutoff: '07:00' },
      { name: 'Evening', starts: '16:00', ends: '20:00', cutoff: '14:00' },
    ];
    stubApi({ unitPrice: 52_000, locations: [makeLocation({ delivery_windows: windows })] });
    signIn();
    const { user, router } = renderApp({
      pathname: '/gas/buy',
      search: '?product_id=21&location_id=1',
      state: { distro: cylinderGas, location: 1 },
    });
    let form = await screen.findByRole('form', { name: 'Buy' });
    await user.selectOptions(within(form).getByLabelText('Refill or new cylinder'), 'new');
    await user.clear(within(form).getByLabelText('Number of cylinders'));
    await user.type(within(form).getByLabelText('Number of cylinders'), '2');
    await user.type(within(form).getByLabelText('Address'), '4 Bourdillon Road, Ikoyi');
    await user.type(within(form).getByLabelText('Landmark or delivery note (optional)'), 'Blue gate');
    await user.clear(within(form).getByLabelText('Recipient phone'));
    await user.type(within(form).getByLabelText('Recipient phone'), '08059876543');
    const window = await within(form).findByLabelText('Delivery window');
    const lastSlot = within(window).getAllByRole('option').at(-1)!;
    await user.selectOptions(window, lastSlot);
    await user.click(within(form).getByRole('button', { name: 'Buy ₦104,000' }));

    expect(await screen.findByRole('heading', { name: 'Transaction was not successful!' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Try again' }));

    expect(router.state.location.pathname).toBe('/gas/buy');
    form = await screen.findByRole('form', { name: 'Buy' });
    expect(within(form).getByLabelText('Cylinder size')).toHaveValue('12.5');
    expect(within(form).getByLabelText('Refill or new cylinder')).toHaveValue('new');
    expect(within(form).getByLabelText('Number of cylinders')).toHaveValue('2');
    expect(within(form).getByLabelText('Address')).toHaveValue('4 Bourdillon Road, Ikoyi');
    expect(within(form).getByLabelText('Landmark or delivery note (optional)')).toHaveValue('Blue gate');
    expect(within(form).getByLabelText('Recipient phone')).toHaveValue('08059876543');
    expect(await within(form).findByLabelText('Delivery window')).toHaveValue(lastSlot.getAttribute('value'));
    expect(within(form).getByRole('button', { name: 'Buy ₦104,000' })).toBeEnabled();
  });

  it('"Try again" after the popup was closed opens the Subscribe tab as it was', async () => {
    fakePaystack('closed');
    stubApi();
    const { user } = await openWater();
    await user.click(screen.getByRole('tab', { name: 'Subscribe' }));
    let form = screen.getByRole('form', { name: 'Subscribe' });
    await user.clear(within(form).getByLabelText('Quantity'));
    await user.type(within(form).getByLabelText('Quantity'), '3');
    await user.clear(within(form).getByLabelText('Duration in Days'));
    await user.type(within(form).getByLabelText('Duration in Days'), '14');
    await user.selectOptions(within(form).getByLabelText('Deliver every'), '3');
    await user.type(within(form).getByLabelText('Address'), '12 Admiralty Way, Lekki');
    await user.click(within(form).getByRole('button', { name: /^Subscribe ₦/ }));

    expect(await screen.findByRole('heading', { name: 'Transaction was not successful!' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Try again' }));

    expect(await screen.findByRole('tab', { name: 'Subscribe' })).toHaveAttribute('aria-selected', 'true');
    form = screen.getByRole('form', { name: 'Subscribe' });
    expect(within(form).getByLabelText('Quantity')).toHaveValue('3');
    expect(within(form).getByLabelText('Duration in Days')).toHaveValue('14');
    expect(within(form).getByLabelText('Deliver every')).toHaveValue('3');
    expect(within(form).getByLabelText('Address')).toHaveValue('12 Admiralty Way, Lekki');
    // The Buy form was not what was paid for: it opens as usual.
    expect(within(screen.getByRole('form', { name: 'Buy', hidden: true })).getByLabelText('Address')).toHaveValue('');
  });

  it('says the payment will be reconciled when storing fails after paying, and saves it again with the same reference', async () => {
    fakePaystack('paid');
    let attempts = 0;
    const { calls } = stubApi({
      store: () => {
        attempts += 1;
        return attempts === 1 ? jsonResponse(503, { message: 'Service unavailable' }) : placed();
      },
    });
    const { user, router } = await openWater();
    const form = await fillBuy(user);
    await user.click(within(form).getByRole('button', { name: 'Buy ₦700' }));

    const notice = await within(form).findByRole('alert');
    expect(notice).toHaveTextContent('Payment received, order not saved yet');
    expect(notice).toHaveTextContent(/reconcile it automatically/);
    expect(notice).toHaveTextContent('RUWA_ORDER_1');
    expect(router.state.location.pathname).toBe('/water-sub/show');

    await user.click(within(notice).getByRole('button', { name: 'Try saving again' }));
    expect(await screen.findByRole('heading', { name: 'Yay! Your transaction was successful' })).toBeInTheDocument();
    const stores = calls.filter(({ url }) => url === '/api/product-order/store');
    expect(stores.map(({ body }) => (body as { transaction_id: string }).transaction_id)).toEqual([
      'RUWA_ORDER_1',
      'RUWA_ORDER_1',
    ]);
    // The customer was charged once.
    expect(calls.filter(({ url }) => url === '/api/payments/paystack/initialize')).toHaveLength(1);
  });

  it('after a reload right after paying, confirms the card payment with its reference and shows the order, not the form', async () => {
    const input = {
      product_id: 10,
      location_id: 1,
      quantity: 2,
      recipient_address: '12 Admiralty Way, Lekki',
      recipient_phone: '+2348031234567',
    };
    window.sessionStorage.setItem(
      'ruwa.paid-unrecorded',
      JSON.stringify({ purpose: 'product_order', reference: 'RUWA_ORDER_7', input }),
    );
    const answer = deferred<Response>();
    const { calls } = stubApi({ store: () => answer.promise });
    signIn();
    const { router } = renderApp('/water-sub/show?product_id=10&location_id=1');

    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    expect(screen.getByText(/please do not pay again/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Buy' })).not.toBeInTheDocument();

    answer.resolve(
      jsonResponse(201, {
        message: 'Your order has been placed',
        data: makeOrder({ id: 42, product_id: 10, location_id: 1, status: 'paid' }),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Yay! Your transaction was successful' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/transaction/callback/success', search: '?order=42' });
    expect(screen.getByLabelText('Purchase details')).toHaveTextContent('ReferenceORD-42');
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/profile/orders?id=42');
    // Recorded once, with the reference already paid: no popup, no second charge.
    expect(calls.filter(({ url }) => url === '/api/payments/paystack/initialize')).toHaveLength(0);
    const stores = calls.filter(({ url }) => url === '/api/product-order/store');
    expect(stores.map(({ body }) => body)).toEqual([{ ...input, transaction_id: 'RUWA_ORDER_7' }]);
    expect(window.sessionStorage.getItem('ruwa.paid-unrecorded')).toBeNull();
  });

  it('after a reload, says so above the form when the paid order still cannot be saved', async () => {
    window.sessionStorage.setItem(
      'ruwa.paid-unrecorded',
      JSON.stringify({
        purpose: 'product_order',
        reference: 'RUWA_ORDER_8',
        input: {
          product_id: 10,
          location_id: 1,
          quantity: 1,
          recipient_address: 'Lekki',
          recipient_phone: '+2348031234567',
        },
      }),
    );
    stubApi({ store: () => jsonResponse(502, { message: 'The payment provider did not answer.' }) });
    signIn();
    renderApp({
      pathname: '/water-sub/show',
      search: '?product_id=10&location_id=1',
      state: { subscription: sachet, location: 1 },
    });
    expect(await screen.findByRole('heading', { level: 1, name: sachet.product_name })).toBeInTheDocument();
    expect(screen.getByText(/Your payment went through, but we could not save your order yet/)).toBeInTheDocument();
  });

  it('subscribes from the wallet with the fixed Lekki address fields', async () => {
    const { calls } = stubApi({
      balance: 5000,
      store: () => jsonResponse(201, { message: 'Your subscription has started', data: { id: 3, status: 'active' } }),
    });
    const { user, router } = await openWater();
    await user.click(screen.getByRole('tab', { name: 'Subscribe' }));
    const form = screen.getByRole('form', { name: 'Subscribe' });
    await user.clear(within(form).getByLabelText('Duration in Days'));
    await user.type(within(form).getByLabelText('Duration in Days'), '14');
    await user.type(within(form).getByLabelText('Address'), '12 Admiralty Way, Lekki');
    await user.click(await within(form).findByRole('radio', { name: 'Pay with wallet (balance ₦5,000)' }));
    await user.click(within(form).getByRole('button', { name: 'Subscribe ₦700' }));

    expect(await screen.findByRole('heading', { name: 'Yay! Your transaction was successful' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transaction/callback/success');
    expect(calls.find(({ url }) => url === '/api/subscription-order/store')?.body).toEqual({
      product_id: 10,
      location_id: 1,
      quantity: 1,
      recipient_address: '12 Admiralty Way, Lekki',
      // The buyer's own number, prefilled; sent in the international form the API's schema makes of it.
      recipient_phone: '+2348031234567',
      duration_in_days: 14,
      delivery_interval_days: 7,
      recipient_city: 'lekki',
      recipient_state: 'lagos',
      recipient_country: 'nigeria',
      payment_method: 'wallet',
      // Typed on the wallet PIN sheet (the test setup answers it).
      pin: TEST_WALLET_PIN,
    });
  });

  it('shows the server’s message when the wallet is short', async () => {
    stubApi({
      balance: 100,
      store: () =>
        jsonResponse(422, {
          message: 'Your wallet balance is not enough for this purchase.',
          code: 'insufficient_balance',
          errors: { payment_method: ['Your wallet balance (₦100) is not enough for this purchase (₦1,100).'] },
        }),
    });
    signIn();
    const { user, router } = renderApp({
      pathname: '/gas/buy',
      search: '?product_id=20&location_id=1',
      state: { distro: gas, location: 1 },
    });
    await user.type(await screen.findByLabelText('Address'), '4 Bourdillon Road, Ikoyi');
    await user.click(await screen.findByRole('radio', { name: 'Pay with wallet (balance ₦100)' }));
    expect(screen.getByText('Your wallet balance is too low for this purchase.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy ₦1,100' }));

    expect(
      await screen.findByText('Your wallet balance (₦100) is not enough for this purchase (₦1,100).'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gas/buy');
  });

  it('says so when the payment window cannot load', async () => {
    stubApi({ store: placed });
    const { user } = await openWater();
    const form = await fillBuy(user);
    // jsdom does not load scripts: make the inline script fail as a blocked one would.
    const append = document.head.appendChild.bind(document.head);
    document.head.appendChild = <T extends Node>(node: T): T => {
      const added = append(node);
      if (node instanceof HTMLScriptElement) queueMicrotask(() => node.onerror?.(new Event('error')));
      return added;
    };
    try {
      await user.click(within(form).getByRole('button', { name: 'Buy ₦700' }));
      await findToast('Error!', 'Unable to load paystack inline script');
    } finally {
      document.head.appendChild = append;
    }
    expect(within(form).getByRole('button', { name: 'Buy ₦700' })).toBeEnabled();
  });
});
