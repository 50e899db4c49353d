import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataBundle, VtuPurchase } from '@ruwa/contract';
import { pageOf } from '@/testing/catalog-fixtures';
import { TEST_WALLET_PIN } from '@/testing/wallet-pin';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

const mtnBundles: DataBundle[] = [
  { id: 2, network: 'mtn', variation_code: 'mtn-500mb-30d', name: '500MB 30 days', price: 200, enabled: true },
  { id: 3, network: 'mtn', variation_code: 'mtn-1gb-30d', name: '1GB 30 days', price: 339, enabled: true },
];
const gloBundles: DataBundle[] = [
  { id: 11, network: 'glo', variation_code: 'glo-1gb-5n', name: '1GB 5 nights', price: 99, enabled: true },
];

function makePurchase(overrides: Partial<VtuPurchase> = {}): VtuPurchase {
  return {
    id: 1,
    kind: 'airtime',
    network: 'mtn',
    phone: '08031234567',
    amount: 100,
    bundle: null,
    status: 'delivered',
    payment_method: 'wallet',
    transaction_id: 'WALLET_1',
    request_id: '202601151000abc',
    created_at: '2026-01-15T10:00:00.000Z',
    card_refund_available: false,
    card_refund: null,
    ...overrides,
  };
}

type Handler = (request: RecordedRequest) => Response | undefined;

/** The screen's reads, plus whatever the test answers for writes. */
function stubApi({
  purchases = [] as VtuPurchase[],
  balance = 5000,
  write,
}: { purchases?: VtuPurchase[]; balance?: number; write?: Handler } = {}) {
  return stubFetch((request) => {
    const { url, method } = request;
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url === '/api/wallet/me') return jsonResponse(200, { message: '', data: { balance, bank_details: [] } });
    if (url.startsWith('/api/vtu/me')) return jsonResponse(200, { message: '', data: pageOf(purchases) });
    if (url === '/api/beneficiaries' && method === 'GET') return jsonResponse(200, { message: '', data: [] });
    if (url === '/api/data-bundles?network=mtn') return jsonResponse(200, { message: '', data: mtnBundles });
    if (url === '/api/data-bundles?network=glo') return jsonResponse(200, { message: '', data: gloBundles });
    if (method === 'POST') return write?.(request);
    return undefined;
  });
}

type PopOptions = {
  reference: string;
  amount: number;
  onSuccess: (r: { reference: string }) => void;
  onCancel: () => void;
};

/** Paystack's inline script stand-in: pays (or closes) at once and records what it was opened with. */
function fakePaystack(outcome: 'paid' | 'closed') {
  const opened: PopOptions[] = [];
  window.PaystackPop = class {
    newTransaction(options: PopOptions) {
      opened.push(options);
      if (outcome === 'paid') options.onSuccess({ reference: options.reference });
      else options.onCancel();
    }
  } as unknown as Window['PaystackPop'];
  return opened;
}

const intent = (amount: number) => ({
  message: 'Payment started',
  data: {
    reference: 'RUWA_REF_1',
    amount_kobo: amount * 100,
    amount,
    currency: 'NGN',
    email: 'ada@ruwa.local',
    metadata: {},
  },
});

afterEach(() => {
  delete window.PaystackPop;
});

async function openScreen(entry: Parameters<typeof renderApp>[0] = '/airtime-data') {
  signIn();
  const rendered = renderApp(entry);
  await screen.findByRole('heading', { level: 1, name: 'Airtime and Data' });
  return rendered;
}

describe('airtime and data screen', () => {
  it('opens on the tab the Home tile passed as route state, and keeps the tab in the address', async () => {
    stubApi();
    const { user, router } = await openScreen({ pathname: '/airtime-data', state: 'data' });
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('form', { name: 'Buy data' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Buy airtime', hidden: true })).not.toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Airtime' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Airtime' })).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.search).toBe('?tab=airtime');
    expect(screen.getByRole('form', { name: 'Buy airtime' })).toBeVisible();

    const offers = screen.getByRole('region', { name: 'Airtime and data offers' });
    expect(within(offers).getByText('Recharge your phone and get the cheapest rates')).toBeInTheDocument();
    expect(within(offers).getByText('Subscribe your phone to win rewards')).toBeInTheDocument();
  });

  it('opens on the tab in ?tab= after a reload, and on Airtime by default', async () => {
    stubApi();
    await openScreen('/airtime-data?tab=data');
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  });

  it('picks the network from the number as it is typed, and lets the customer change it', async () => {
    stubApi();
    const { user } = await openScreen();
    const form = screen.getByRole('form', { name: 'Buy airtime' });
    const phone = within(form).getByLabelText('Phone Number');
    const network = within(form).getByRole('combobox', { name: 'Network' });
    expect(network).toHaveValue('');

    await user.type(phone, '0805');
    expect(network).toHaveValue('glo');
    expect(network).toHaveAccessibleDescription(/Picked from the number/);

    // A ported number: the customer's choice wins over the prefix from then on.
    await user.selectOptions(network, 'MTN');
    await user.type(phone, '1234567');
    expect(network).toHaveValue('mtn');
    expect(network).toHaveAccessibleDescription('This number usually belongs to Glo.');

    // A new number from scratch is detected again.
    await user.clear(phone);
    await user.type(phone, '0802');
    expect(network).toHaveValue('airtel');
  });

  it('keeps Pay disabled until amount, phone and network are set', async () => {
    stubApi();
    const { user } = await openScreen();
    const form = screen.getByRole('form', { name: 'Buy airtime' });
    expect(within(form).getByRole('button', { name: 'Pay' })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: '₦500' }));
    expect(within(form).getByLabelText('Amount (₦)')).toHaveValue('500');
    expect(within(form).getByRole('button', { name: 'Pay ₦500' })).toBeDisabled();

    // A number no prefix matches leaves the network to the customer.
    await user.type(within(form).getByLabelText('Phone Number'), '07021234567');
    expect(within(form).getByRole('button', { name: 'Pay ₦500' })).toBeDisabled();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Network' }), '9mobile');
    expect(within(form).getByRole('button', { name: 'Pay ₦500' })).toBeEnabled();
  });

  it('sets the bundle id and price from the chosen bundle, and buys it from the wallet', async () => {
    const { calls } = stubApi({
      write: ({ url, body }) =>
        url === '/api/product-order/buy/data'
          ? jsonResponse(201, {
              message: 'Delivered',
              data: makePurchase({ kind: 'data', amount: (body as { price: number }).price, bundle: '1GB 30 days' }),
            })
          : undefined,
    });
    const { user, router } = await openScreen({ pathname: '/airtime-data', state: 'data' });
    const form = screen.getByRole('form', { name: 'Buy data' });
    expect(within(form).getByText('Choose a network to see its bundles.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Phone Number'), '08031234567');
    const bundle = await within(form).findByRole('radio', { name: /1GB 30 days/ });
    expect(within(form).getByRole('button', { name: 'Pay' })).toBeDisabled();
    await user.click(bundle);
    expect(bundle).toBeChecked();
    expect(within(form).getByTestId('chosen-bundle')).toHaveTextContent('1GB 30 days for ₦339');

    await user.click(within(form).getByRole('radio', { name: 'Pay with wallet (balance ₦5,000)' }));
    await user.click(within(form).getByRole('button', { name: 'Pay ₦339' }));

    // The outcome screen reads the purchase's status from the server.
    await waitFor(() => expect(router.state.location.pathname).toBe('/transaction/purchase'));
    expect(router.state.location.search).toBe(`?id=${makePurchase().id}`);
    const buy = calls.find(({ url }) => url === '/api/product-order/buy/data');
    expect(buy?.body).toEqual({
      phone: '+2348031234567',
      network_id: 'mtn',
      variation_id: 3,
      price: 339,
      payment_method: 'wallet',
      pin: TEST_WALLET_PIN,
    });
  });

  it('starts the bundle choice again when the network changes', async () => {
    stubApi();
    const { user } = await openScreen('/airtime-data?tab=data');
    const form = screen.getByRole('form', { name: 'Buy data' });
    await user.type(within(form).getByLabelText('Phone Number'), '08031234567');
    await user.click(await within(form).findByRole('radio', { name: /500MB 30 days/ }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Network' }), 'Glo');
    expect(await within(form).findByRole('radio', { name: /1GB 5 nights/ })).not.toBeChecked();
    expect(within(form).queryByTestId('chosen-bundle')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('asks before buying the same again within 30 seconds, then retries with confirm_duplicate', async () => {
    const duplicate = 'You bought ₦100 for 08031234567 less than 30 seconds ago. Buy it again?';
    const { calls } = stubApi({
      write: ({ url, body }) => {
        if (url !== '/api/product-order/buy/airtime') return undefined;
        if (!(body as { confirm_duplicate?: boolean }).confirm_duplicate) {
          return jsonResponse(409, { message: duplicate, code: 'possible_duplicate' });
        }
        return jsonResponse(201, { message: 'Delivered', data: makePurchase() });
      },
    });
    const { user, router } = await openScreen();
    const form = screen.getByRole('form', { name: 'Buy airtime' });
    await user.type(within(form).getByLabelText('Amount (₦)'), '100');
    await user.type(within(form).getByLabelText('Phone Number'), '08031234567');
    await user.click(within(form).getByRole('radio', { name: /Pay with wallet/ }));
    await user.click(within(form).getByRole('button', { name: 'Pay ₦100' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Buy it again?' });
    expect(dialog).toHaveTextContent(duplicate);
    expect(router.state.location.pathname).toBe('/airtime-data');
    expect(calls.filter(({ url }) => url.includes('/buy/'))).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, buy again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transaction/purchase'));
    const buys = calls.filter(({ url }) => url === '/api/product-order/buy/airtime');
    expect(buys.map(({ body }) => (body as { confirm_duplicate?: boolean }).confirm_duplicate)).toEqual([
      undefined,
      true,
    ]);
  });

  it('buys nothing when the duplicate question is cancelled', async () => {
    const { calls } = stubApi({
      write: () => jsonResponse(409, { message: 'Buy it again?', code: 'possible_duplicate' }),
    });
    const { user } = await openScreen();
    const form = screen.getByRole('form', { name: 'Buy airtime' });
    await user.type(within(form).getByLabelText('Amount (₦)'), '100');
    await user.type(within(form).getByLabelText('Phone Number'), '08031234567');
    await user.click(within(form).getByRole('radio', { name: /Pay with wallet/ }));
    const pay = within(form).getByRole('button', { name: 'Pay ₦100' });
    await user.click(pay);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(pay).toHaveFocus();
    expect(calls.filter(({ method }) => method === 'POST')).toHaveLength(1);
  });

  it('pays by card: asks about a duplicate before the popup, then records the purchase with the reference', async () => {
    const opened = fakePaystack('paid');
    const { calls } = stubApi({
      write: ({ url, body }) => {
        if (url === '/api/payments/paystack/initialize') {
          return (body as { confirm_duplicate?: boolean }).confirm_duplicate
            ? jsonResponse(200, intent(100))
            : jsonResponse(409, { message: 'Buy it again?', code: 'possible_duplicate' });
        }
        if (url === '/api/product-order/buy/airtime') {
          return jsonResponse(201, { message: 'Processing', data: makePurchase({ status: 'pending' }) });
        }
        return undefined;
      },
    });
    const { user, router } = await openScreen();
    const form = screen.getByRole('form', { name: 'Buy airtime' });
    await user.type(within(form).getByLabelText('Amount (₦)'), '100');
    await user.type(within(form).getByLabelText('Phone Number'), '08031234567');
    await user.click(within(form).getByRole('button', { name: 'Pay ₦100' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Buy it again?' });
    expect(opened).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, buy again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/transaction/purchase'));
    expect(opened).toHaveLength(1);
    const initialize = calls.filter(({ url }) => url === '/api/payments/paystack/initialize');
    expect(initialize.map(({ body }) => body)).toEqual([
      { purpose: 'airtime', amount: 100, phone: '+2348031234567', network_id: 'mtn' },
      { purpose: 'airtime', amount: 100, phone: '+2348031234567', network_id: 'mtn', confirm_duplicate: true },
    ]);
    expect(calls.find(({ url }) => url === '/api/product-order/buy/airtime')?.body).toEqual({
      amount: 100,
      phone: '+2348031234567',
      network_id: 'mtn',
      transaction_id: 'RUWA_REF_1',
    });
  });

  it('goes to the failure screen when the card popup is closed', async () => {
    fakePaystack('closed');
    const { calls } = stubApi({
      write: ({ url }) => (url === '/api/payments/paystack/initialize' ? jsonResponse(200, intent(200)) : undefined),
    });
    const { user, router } = await openScreen();
    const form = screen.getByRole('form', { name: 'Buy airtime' });
    await user.type(within(form).getByLabelText('Amount (₦)'), '200');
    await user.type(within(form).getByLabelText('Phone Number'), '08051234567');
    await user.click(within(form).getByRole('button', { name: 'Pay ₦200' }));
    expect(await screen.findByRole('heading', { name: 'Transaction was not successful!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transaction/callback/failure');
    expect(calls.some(({ url }) => url.includes('/buy/'))).toBe(false);
  });

  it('says so and stays when the network failed and the money went back to the wallet', async () => {
    const refunded = 'The network could not complete this purchase. Your money is back in your wallet.';
    stubApi({
      write: () =>
        jsonResponse(201, { message: refunded, data: makePurchase({ phone: '08030000000', status: 'refunded' }) }),
    });
    const { user, router } = await openScreen();
    const form = screen.getByRole('form', { name: 'Buy airtime' });
    await user.type(within(form).getByLabelText('Amount (₦)'), '100');
    await user.type(within(form).getByLabelText('Phone Number'), '08030000000');
    await user.click(within(form).getByRole('radio', { name: /Pay with wallet/ }));
    await user.click(within(form).getByRole('button', { name: 'Pay ₦100' }));

    await findToast('Error!', refunded);
    expect(within(form).getByRole('alert')).toHaveTextContent(refunded);
    expect(router.state.location.pathname).toBe('/airtime-data');
  });

  it('shows the checks and the server errors under their fields', async () => {
    const short = 'Your wallet balance (₦50) is not enough for this purchase (₦100).';
    stubApi({
      balance: 50,
      write: () =>
        jsonResponse(422, {
          message: short,
          code: 'insufficient_balance',
          errors: { payment_method: [short] },
        }),
    });
    const { user } = await openScreen();
    const form = screen.getByRole('form', { name: 'Buy airtime' });
    const amount = within(form).getByLabelText('Amount (₦)');
    const phone = within(form).getByLabelText('Phone Number');
    await user.type(amount, '20');
    await user.type(phone, '0803123');
    await user.click(within(form).getByRole('button', { name: 'Pay ₦20' }));
    expect(await within(form).findByText('The minimum airtime is ₦50.')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription('The minimum airtime is ₦50.');
    expect(phone).toHaveAccessibleDescription('Enter a Nigerian mobile number like 08031234567.');
    // Kobo: the form says whole naira, as the API would.
    await user.clear(amount);
    await user.type(amount, '12.5');
    expect(await within(form).findByText('Enter a whole naira amount, e.g. 100.')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(phone, '4567');
    const wallet = within(form).getByRole('radio', { name: 'Pay with wallet (balance ₦50)' });
    await user.click(wallet);
    const method = within(form).getByRole('group', { name: 'Payment method' });
    expect(method).toHaveAccessibleDescription('Your wallet balance is too low for this purchase.');
    await user.click(within(form).getByRole('button', { name: 'Pay ₦100' }));
    await findToast('Error!', short);
    expect(method).toHaveAccessibleDescription(short);
  });

  it("fills the form from a recent purchase, with today's price for a data bundle", async () => {
    stubApi({
      purchases: [
        makePurchase({ id: 9, kind: 'data', network: 'mtn', phone: '08061112222', amount: 300, bundle: '1GB 30 days' }),
        makePurchase({ id: 8, network: 'glo', phone: '08051234567', amount: 200 }),
        makePurchase({ id: 7, network: 'glo', phone: '08051234567', amount: 200 }),
        makePurchase({ id: 6, network: 'mtn', phone: '08031234567', amount: 500, status: 'refunded' }),
      ],
    });
    const { user } = await openScreen();
    const airtime = screen.getByRole('form', { name: 'Buy airtime' });
    const recentAirtime = screen.getByRole('region', { name: 'Recent', hidden: false });
    // One entry per number and amount.
    expect(await within(recentAirtime).findAllByRole('button', { name: /^Buy again/ })).toHaveLength(2);
    await user.click(
      within(recentAirtime).getByRole('button', { name: 'Buy again: 08051234567 Glo · ₦200 Delivered' }),
    );
    expect(within(airtime).getByLabelText('Amount (₦)')).toHaveValue('200');
    expect(within(airtime).getByLabelText('Phone Number')).toHaveValue('08051234567');
    expect(within(airtime).getByRole('combobox', { name: 'Network' })).toHaveValue('glo');
    expect(within(airtime).getByRole('button', { name: 'Pay ₦200' })).toBeEnabled();

    await user.click(screen.getByRole('tab', { name: 'Data' }));
    const data = await screen.findByRole('form', { name: 'Buy data' });
    const recentData = screen.getByRole('region', { name: 'Recent' });
    await user.click(within(recentData).getByRole('button', { name: /^Buy again: 08061112222 MTN · 1GB 30 days/ }));
    expect(await within(data).findByRole('radio', { name: /1GB 30 days/ })).toBeChecked();
    expect(within(data).getByLabelText('Phone Number')).toHaveValue('08061112222');
    expect(within(data).getByRole('button', { name: 'Pay ₦339' })).toBeEnabled();
  });

  it('says when there are no recent numbers yet', async () => {
    stubApi();
    await openScreen();
    expect(await screen.findByText('Numbers you top up will show here.')).toBeInTheDocument();
  });
});
