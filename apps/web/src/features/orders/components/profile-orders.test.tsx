import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order, Subscription } from '@ruwa/contract';
import { pageOf } from '@/testing/catalog-fixtures';
import { makeOrder } from '@/testing/order-fixtures';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 7,
    status: 'active',
    product_id: 11,
    location_id: 1,
    product_name: 'Eva Water 75cl (12)',
    quantity: 1,
    unit_price: 700,
    delivery_interval_days: 7,
    duration_in_days: 28,
    deliveries: 4,
    deliveries_made: 1,
    deliveries_delivered: 0,
    next_delivery_on: '2026-01-22',
    delivery_fee: 0,
    order_amount: 2800,
    refunded_amount: 0,
    recipient_address: '12 Admiralty Way, Lekki',
    recipient_phone: '+2348031234567',
    landmark: null,
    delivery_window: null,
    cylinder_size_kg: null,
    cylinder_type: null,
    delivery_dates: ['2026-01-15', '2026-01-22', '2026-01-29', '2026-02-05'],
    recipient_city: 'lekki',
    recipient_state: 'lagos',
    recipient_country: 'nigeria',
    payment_method: 'card',
    transaction_id: 'RUWA_SUB_1',
    starts_on: '2026-01-15',
    ends_on: '2026-02-12',
    created_at: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function stubOrders({
  orders = [] as Order[],
  subscriptions = [] as Subscription[],
  cancel,
}: { orders?: Order[]; subscriptions?: Subscription[]; cancel?: () => Response } = {}) {
  return stubFetch(({ url, method }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url.startsWith('/api/product-order/me')) {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return jsonResponse(200, {
        message: '',
        data: pageOf(orders.length > 1 ? [orders[page - 1]!] : orders, {
          current: page,
          last: Math.max(orders.length, 1),
          perPage: 1,
          path: '/api/product-order/me',
        }),
      });
    }
    if (url.startsWith('/api/product-order/show')) {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      const order = orders.find((candidate) => candidate.id === id);
      return order
        ? jsonResponse(200, { message: '', data: order })
        : jsonResponse(404, { message: 'Order not found.' });
    }
    if (url.startsWith('/api/subscription-order/me')) {
      return jsonResponse(200, { message: '', data: pageOf(subscriptions) });
    }
    if (method === 'POST' && url === '/api/subscription-order/cancel') return cancel?.();
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    return undefined;
  });
}

describe('profile orders and subscriptions', () => {
  it('shows "No data yet" on both tabs for a new customer', async () => {
    signIn();
    stubOrders();
    const { user, router } = renderApp('/profile');
    expect(await screen.findByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No data yet')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Subscriptions' });
    expect(await within(panel).findByText('No data yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=subscriptions');
  });

  it('lists orders with readable statuses, pages through them and opens one with its history', async () => {
    signIn();
    const delivered = makeOrder({
      id: 42,
      status: 'delivered',
      product_name: 'Gas refill',
      history: [
        {
          status: 'paid',
          from_status: null,
          note: null,
          actor: 'customer',
          actor_name: null,
          created_at: '2026-01-15T10:00:00.000Z',
        },
        {
          status: 'assigned',
          from_status: 'paid',
          note: null,
          actor: 'agent',
          actor_name: 'Mama Ada Water',
          created_at: '2026-01-15T11:00:00.000Z',
        },
        {
          status: 'delivered',
          from_status: 'assigned',
          note: 'Left with the gateman',
          actor: 'admin',
          actor_name: null,
          created_at: '2026-01-15T14:00:00.000Z',
        },
      ],
    });
    stubOrders({ orders: [makeOrder(), delivered] });
    const { user, router } = renderApp('/profile');

    const first = await screen.findByRole('link', { name: /Order ORD-41/ });
    expect(first).toHaveTextContent('Pure Life Sachet (20 pieces)');
    expect(first).toHaveTextContent('Out for delivery');
    expect(first).not.toHaveTextContent('out_for_delivery');
    expect(first).toHaveTextContent('₦700');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('link', { name: /Order ORD-42/ });
    expect(second).toHaveTextContent('Delivered');
    await user.click(second);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-42' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/orders');
    expect(router.state.location.search).toBe('?id=42');
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/receipts/ORD-42');
    const history = screen.getByRole('region', { name: 'Status history' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Paid',
      'Assigned to an agent',
      'Delivered',
    ]);
    // The agent who took it is named.
    expect(steps[1]).toHaveTextContent(/\(Mama Ada Water\)$/);
    expect(steps[0]).not.toHaveTextContent('(');
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps[2]).toHaveTextContent('Left with the gateman');
    expect(screen.getByText('RUWA_ORDER_1')).toBeInTheDocument();
  });

  it('says when an order cannot be found', async () => {
    signIn();
    stubOrders();
    renderApp('/profile/orders?id=999');
    expect(await screen.findByText('We could not find this order.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to your orders' })[0]).toHaveAttribute('href', '/profile');
  });

  it('shows a subscription’s progress and cancels it only after confirmation, with the refund', async () => {
    signIn();
    const subscription = makeSubscription();
    const { calls } = stubOrders({
      subscriptions: [subscription, makeSubscription({ id: 8, status: 'completed', deliveries_made: 4 })],
      cancel: () =>
        jsonResponse(200, {
          message: 'Your subscription has been cancelled',
          data: { ...subscription, status: 'cancelled', refunded_amount: 2100 },
        }),
    });
    const { user } = renderApp('/profile?tab=subscriptions');

    const [card] = await screen.findAllByRole('article', { name: 'Eva Water 75cl (12)' });
    if (!card) throw new Error('no subscription card');
    // The first delivery is scheduled but has not reached the customer yet.
    expect(card).toHaveTextContent('Deliveries made0 / 4');
    expect(card).toHaveTextContent('22 Jan 2026');
    expect(card).toHaveTextContent('Active');
    expect(within(card).getByRole('link', { name: /^View receipt SUB-\d+$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/receipts\/SUB-\d+$/),
    );
    // Only the active one can be cancelled.
    expect(screen.getAllByRole('button', { name: 'Cancel subscription' })).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this subscription?' });
    expect(dialog).toHaveTextContent('The 3 deliveries not yet made will be refunded to your wallet.');
    expect(calls.some(({ url }) => url === '/api/subscription-order/cancel')).toBe(false);

    // The buttons name what they do; backing out sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some(({ url }) => url === '/api/subscription-order/cancel')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const again = await screen.findByRole('alertdialog', { name: 'Cancel this subscription?' });
    await user.click(within(again).getByRole('button', { name: 'Cancel subscription' }));
    await findToast('Success', 'Your subscription has been cancelled. ₦2,100 is back in your wallet.');
    expect(calls.find(({ url }) => url === '/api/subscription-order/cancel')?.body).toEqual({ id: 7 });
  });
});
