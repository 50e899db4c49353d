import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VtuPurchase } from '@ruwa/contract';
import { pageOf } from '@/testing/catalog-fixtures';
import {
  deferred,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

function makePurchase(overrides: Partial<VtuPurchase> = {}): VtuPurchase {
  return {
    id: 31,
    kind: 'airtime',
    network: 'mtn',
    phone: '08031234567',
    amount: 150,
    bundle: null,
    status: 'pending',
    payment_method: 'card',
    transaction_id: 'RUWA_REF_31',
    request_id: '202601151000abc',
    created_at: '2026-01-15T12:02:00.000Z',
    card_refund_available: false,
    card_refund: null,
    ...overrides,
  };
}

type PopOptions = { reference: string; onSuccess: (r: { reference: string }) => void; onCancel: () => void };

function fakePaystack(outcome: 'paid' | 'closed') {
  window.PaystackPop = class {
    newTransaction(options: PopOptions) {
      if (outcome === 'paid') options.onSuccess({ reference: options.reference });
      else options.onCancel();
    }
  } as unknown as Window['PaystackPop'];
}

const intent = {
  message: 'Payment started',
  data: { reference: 'RUWA_REF_31', amount_kobo: 15000, amount: 150, currency: 'NGN', email: 'a@b.c', metadata: {} },
};

type Handlers = {
  balance?: number;
  show?: () => VtuPurchase;
  buy?: (request: RecordedRequest) => Response | Promise<Response> | undefined;
};

function stubApi(handlers: Handlers) {
  return stubFetch((request) => {
    const { url, method } = request;
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url === '/api/wallet/me')
      return jsonResponse(200, { message: '', data: { balance: handlers.balance ?? 5000, bank_details: [] } });
    if (url.startsWith('/api/vtu/me')) return jsonResponse(200, { message: '', data: pageOf([]) });
    if (url === '/api/beneficiaries' && method === 'GET') return jsonResponse(200, { message: '', data: [] });
    if (url.startsWith('/api/vtu/show') && handlers.show)
      return jsonResponse(200, { message: '', data: handlers.show() });
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    if (url === '/api/payments/paystack/initialize') return jsonResponse(200, intent);
    if (method === 'POST') return handlers.buy?.(request);
    return undefined;
  });
}

/** The outcome's message (the shell's offline banner is a status region too, empty while online). */
const outcomeStatus = () => screen.getAllByRole('status').find((element) => element.textContent?.trim()) ?? null;

afterEach(() => {
  delete window.PaystackPop;
  window.sessionStorage.clear();
});

describe('airtime and data outcomes', () => {
  it('a card purchase still pending says what happens next, then that it failed and where the money went', async () => {
    fakePaystack('paid');
    let status: VtuPurchase['status'] = 'pending';
    stubApi({
      buy: () => jsonResponse(201, { message: 'Processing', data: makePurchase() }),
      show: () => makePurchase({ status }),
    });
    signIn();
    const { user, router } = renderApp('/airtime-data');
    const form = await screen.findByRole('form', { name: 'Buy airtime' });
    await user.type(within(form).getByLabelText('Amount (₦)'), '150');
    await user.type(within(form).getByLabelText('Phone Number'), '08031234567');
    await user.click(within(form).getByRole('button', { name: 'Pay ₦150' }));

    expect(await screen.findByRole('heading', { name: 'Your airtime is on its way' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=31');
    expect(outcomeStatus()).toHaveTextContent('If the network cannot deliver it, ₦150 goes back to your wallet.');
    const details = screen.getByLabelText('Purchase details');
    expect(details).toHaveTextContent('₦150 MTN airtime');
    expect(details).toHaveTextContent('ReferenceVTU-31');
    expect(details).toHaveTextContent('RUWA_REF_31');
    expect(details).toHaveTextContent('15 Jan 2026, 1:02 pm');
    expect(screen.queryByText(/successful/i)).not.toBeInTheDocument();

    status = 'refunded';
    expect(
      await screen.findByRole('heading', { name: 'Your airtime could not be delivered' }, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/₦150 is back in your wallet/)).toBeInTheDocument();
    expect(screen.queryByText(/successful/i)).not.toBeInTheDocument();

    // "Try again" opens the form filled with the same purchase.
    await user.click(screen.getByRole('link', { name: 'Try again' }));
    const again = await screen.findByRole('form', { name: 'Buy airtime' });
    expect(within(again).getByLabelText('Amount (₦)')).toHaveValue('150');
    expect(within(again).getByLabelText('Phone Number')).toHaveValue('08031234567');
  }, 15_000);

  it('a delivered purchase shows what was bought, with View order and Buy again', async () => {
    stubApi({ show: () => makePurchase({ status: 'delivered', kind: 'data', bundle: '1GB 30 days', amount: 339 }) });
    signIn();
    renderApp('/transaction/purchase?id=31');
    expect(await screen.findByRole('heading', { name: 'Your data was delivered' })).toBeInTheDocument();
    expect(screen.getByText('MTN 1GB 30 days data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/transaction/results');
    expect(screen.getByRole('link', { name: 'Buy again' })).toHaveAttribute('href', '/airtime-data?tab=data');
  });

  it('a refused card purchase offers to send the refund back to the card, asks first, then shows where it stands', async () => {
    const refused = makePurchase({ status: 'refunded', card_refund_available: true });
    const { calls } = stubApi({
      show: () => refused,
      buy: (request) =>
        request.url === '/api/vtu/card-refund'
          ? jsonResponse(200, {
              message: 'The refund is on its way back to your card: it takes 3–10 working days',
              data: { ...refused, card_refund_available: false, card_refund: { status: 'requested', amount: 150 } },
            })
          : undefined,
    });
    signIn();
    const { user } = renderApp('/transaction/purchase?id=31');
    expect(await screen.findByText(/₦150 is back in your wallet/)).toBeInTheDocument();
    expect(
      screen.getByText('You can use it now, or have ₦150 go back to the card you paid with instead.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send it back to my card instead' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send ₦150 back to your card?' });
    expect(dialog).toHaveTextContent('reaches the card you paid with in 3–10 working days');
    // Nothing is sent until the customer confirms.
    expect(calls.filter(({ url }) => url === '/api/vtu/card-refund')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, send it to my card' }));
    expect(await screen.findByText('On its way back to your card (3–10 working days)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send it back to my card instead' })).not.toBeInTheDocument();
    expect(calls.filter(({ url }) => url === '/api/vtu/card-refund').map(({ body }) => body)).toEqual([{ id: 31 }]);
  });

  it('says on the screen why a refund cannot go back to the card', async () => {
    const message = 'You have spent part of this refund; it can no longer go back to the card.';
    stubApi({
      show: () => makePurchase({ status: 'refunded', card_refund_available: true }),
      buy: () => jsonResponse(422, { message, errors: { id: [message] } }),
    });
    signIn();
    const { user } = renderApp('/transaction/purchase?id=31');
    await user.click(await screen.findByRole('button', { name: 'Send it back to my card instead' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, send it to my card' }));
    expect(await screen.findByText(message, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a purchase paid from the wallet offers no refund to a card', async () => {
    stubApi({ show: () => makePurchase({ status: 'refunded', payment_method: 'wallet' }) });
    signIn();
    renderApp('/transaction/purchase?id=31');
    expect(await screen.findByText(/₦150 is back in your wallet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send it back to my card instead' })).not.toBeInTheDocument();
  });

  it('closing the popup offers "Try again" with the form as it was', async () => {
    fakePaystack('closed');
    stubApi({});
    signIn();
    const { user } = renderApp('/airtime-data');
    const form = await screen.findByRole('form', { name: 'Buy airtime' });
    await user.type(within(form).getByLabelText('Amount (₦)'), '250');
    await user.type(within(form).getByLabelText('Phone Number'), '08051234567');
    await user.click(within(form).getByRole('button', { name: 'Pay ₦250' }));

    expect(await screen.findByRole('heading', { name: 'Transaction was not successful!' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Try again' }));
    const again = await screen.findByRole('form', { name: 'Buy airtime' });
    expect(within(again).getByLabelText('Amount (₦)')).toHaveValue('250');
    expect(within(again).getByLabelText('Phone Number')).toHaveValue('08051234567');
    expect(within(again).getByRole('combobox', { name: 'Network' })).toHaveValue('glo');
  });

  it('a wallet too short offers "Top up ₦X" to the deposit screen with the amount filled', async () => {
    stubApi({ balance: 120.5 });
    signIn();
    const { user, router } = renderApp('/airtime-data');
    const form = await screen.findByRole('form', { name: 'Buy airtime' });
    await user.type(within(form).getByLabelText('Amount (₦)'), '500');
    await user.click(await within(form).findByRole('radio', { name: 'Pay with wallet (balance ₦120.50)' }));
    const topUp = within(form).getByRole('link', { name: 'Top up ₦380' });
    expect(topUp).toHaveAttribute('href', '/wallet/deposit?amount=380');
    await user.click(topUp);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit'));
    // The deposit screen is its own chunk: wait for its form, not the airtime form still on screen.
    const deposit = await screen.findByRole('form', { name: 'Deposit' });
    expect(within(deposit).getByLabelText('Amount')).toHaveValue('380');
  });

  it('"Buy for myself" fills in the customer\'s own number', async () => {
    stubApi({});
    signIn();
    const { user } = renderApp('/airtime-data');
    const form = await screen.findByRole('form', { name: 'Buy airtime' });
    await user.click(within(form).getByRole('button', { name: 'Buy for myself' }));
    expect(within(form).getByLabelText('Phone Number')).toHaveValue('08031234567');
    expect(within(form).getByRole('combobox', { name: 'Network' })).toHaveValue('mtn');
  });

  it('after a reload right after paying, confirms the payment with its reference and shows the result', async () => {
    window.sessionStorage.setItem(
      'ruwa.paid-unrecorded',
      JSON.stringify({
        purpose: 'airtime',
        reference: 'RUWA_REF_31',
        input: { amount: 150, phone: '+2348031234567', network_id: 'mtn' },
      }),
    );
    const answer = deferred<void>();
    const { calls } = stubApi({
      buy: async () => {
        await answer.promise;
        return jsonResponse(200, { message: 'Delivered', data: makePurchase({ status: 'delivered' }) });
      },
      show: () => makePurchase({ status: 'delivered' }),
    });
    signIn();
    const { router } = renderApp('/airtime-data');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    expect(screen.getByText(/please do not pay again/)).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByRole('heading', { name: 'Your airtime was delivered' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transaction/purchase');
    // Recorded once, with the reference already paid: no popup, no second charge.
    const buys = calls.filter(({ url }) => url === '/api/product-order/buy/airtime');
    expect(buys.map(({ body }) => body)).toEqual([
      { amount: 150, phone: '+2348031234567', network_id: 'mtn', transaction_id: 'RUWA_REF_31' },
    ]);
    expect(window.sessionStorage.getItem('ruwa.paid-unrecorded')).toBeNull();
  });
});
