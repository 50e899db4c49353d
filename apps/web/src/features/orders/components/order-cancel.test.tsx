import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@ruwa/contract';
import { makeOrder } from '@/testing/order-fixtures';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

/** One order, shown and cancelled as the API would: the cancel answers `cancelled`, the show then reads it. */
function stubOrder(initial: Order, cancelled: Order, message: string) {
  let current = initial;
  return stubFetch(({ url, method }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url.startsWith('/api/product-order/show')) return jsonResponse(200, { message: '', data: current });
    if (method === 'POST' && url === '/api/product-order/cancel') {
      current = cancelled;
      return jsonResponse(200, { message, data: cancelled });
    }
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    return undefined;
  });
}

describe('cancelling an order', () => {
  it('offers a card-paid order the wallet (now) or the card (3–5 working days), and shows the refund on its way', async () => {
    signIn();
    const order = makeOrder({ status: 'paid', payment_method: 'card', order_amount: 700 });
    const { calls } = stubOrder(
      order,
      { ...order, status: 'refunded', card_refund: { status: 'pending', amount: 700 } },
      'Your order has been cancelled and the money goes back to your card in 3–5 working days',
    );
    const { user } = renderApp('/profile/orders?id=41');

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order #41?' });
    const group = within(dialog).getByRole('group', { name: 'Where should the money go?' });
    expect(within(group).getByRole('radio', { name: 'Back to my wallet (now)' })).toBeChecked();
    expect(dialog).toHaveTextContent('₦700 goes back to your Ruwa wallet straight away.');

    await user.click(within(group).getByRole('radio', { name: 'Back to my card (3–5 working days)' }));
    expect(dialog).toHaveTextContent('₦700 goes back to the card you paid with in 3–5 working days.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));

    await findToast(
      'Success',
      'Your order has been cancelled and the money goes back to your card in 3–5 working days',
    );
    expect(calls.find(({ url }) => url === '/api/product-order/cancel')?.body).toEqual({ id: 41, refund_to: 'card' });
    expect(await screen.findByText('On its way back to your card (3–5 working days)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('refunds a wallet-paid order to the wallet without asking where', async () => {
    signIn();
    const order = makeOrder({ status: 'assigned', payment_method: 'wallet', transaction_id: 'WALLET-1' });
    const { calls } = stubOrder(
      order,
      { ...order, status: 'refunded' },
      'Your order has been cancelled and the money is back in your wallet',
    );
    const { user } = renderApp('/profile/orders?id=41');

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order #41?' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));
    await findToast('Success', 'Your order has been cancelled and the money is back in your wallet');
    expect(calls.find(({ url }) => url === '/api/product-order/cancel')?.body).toEqual({ id: 41, refund_to: 'wallet' });
  });

  it.each([
    ['processed', 'Back on your card'],
    ['failed', 'Your card could not take it: returned to your wallet instead'],
  ] as const)('shows a card refund that was %s', async (status, text) => {
    signIn();
    const order = makeOrder({ status: 'refunded', card_refund: { status, amount: 700 } });
    stubOrder(order, order, '');
    renderApp('/profile/orders?id=41');
    const summary = await screen.findByRole('region', { name: order.product_name });
    expect(within(summary).getByText('Refund')).toBeInTheDocument();
    expect(within(summary).getByText(text)).toBeInTheDocument();
  });
});
