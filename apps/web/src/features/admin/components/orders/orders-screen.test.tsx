import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type Order } from '@ruwa/contract';
import { demoLocations, pageOf } from '@/testing/catalog-fixtures';
import { makeOrder as makeCustomerOrder } from '@/testing/order-fixtures';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';
import type { AdminOrder } from '@ruwa/contract/replies';
import { adminMoves } from './orders-moves';

const customer = { id: 7, name: 'Ada Obi', email: 'ada@ruwa.local', phone_number: '+2348031234567' };

function makeOrder(overrides: Partial<Order> = {}): AdminOrder {
  return { ...makeCustomerOrder({ status: 'paid', ...overrides }), customer };
}

function detailOf(order: AdminOrder) {
  return {
    ...order,
    customer: makeUser(),
    history: [
      {
        status: 'paid',
        from_status: null,
        note: null,
        actor: 'customer',
        actor_name: null,
        created_at: order.created_at,
      },
    ],
  };
}

function stubAdmin({
  orders = [makeOrder()],
  update,
  assign,
}: {
  orders?: AdminOrder[];
  update?: (r: RecordedRequest) => Response;
  assign?: (r: RecordedRequest) => Response;
} = {}) {
  return stubFetch((request) => {
    const { url } = request;
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(demoLocations) });
    if (url.startsWith('/api/admin/orders/show')) {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      const order = orders.find((candidate) => candidate.id === id);
      return order
        ? jsonResponse(200, { message: '', data: detailOf(order) })
        : jsonResponse(404, { message: 'Order not found.' });
    }
    if (url === '/api/admin/orders/update-status') return update?.(request);
    if (url === '/api/admin/orders/assign') return assign?.(request);
    if (url.startsWith('/api/admin/orders/agents'))
      return jsonResponse(200, {
        message: '',
        data: [{ id: 3, business_name: 'Lekki Water', location_name: 'Lekki', open_orders: 2 }],
      });
    if (url.startsWith('/api/admin/orders')) {
      const status = new URL(url, 'http://x').searchParams.get('status');
      const rows = status ? orders.filter((order) => order.status === status) : orders;
      return jsonResponse(200, { message: '', data: pageOf(rows, { path: '/api/admin/orders' }) });
    }
    return undefined;
  });
}

describe('admin moves', () => {
  it('offers only the lifecycle’s legal moves, and never marks an unpaid order paid by hand', () => {
    const offered = Object.fromEntries(ORDER_STATUSES.map((status) => [status, adminMoves(status)]));
    expect(offered).toEqual({
      pending_payment: ['cancelled'],
      paid: ['out_for_delivery', 'cancelled', 'refunded'],
      assigned: ['paid', 'out_for_delivery', 'cancelled', 'refunded'],
      out_for_delivery: ['assigned', 'delivered', 'cancelled', 'refunded'],
      delivered: [],
      cancelled: [],
      refunded: [],
    });
  });
});

describe('admin orders screen', () => {
  it('lists orders with their customer and filters them from the address', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubAdmin({
      orders: [makeOrder(), makeOrder({ id: 42, status: 'delivered', product_name: 'Gas refill', kind: 'gas' })],
    });
    const { user, router } = renderApp('/admin/orders');

    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByRole('cell', { name: /Gas refill/ })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '41',
      'Ada Obiada@ruwa.local',
      'Pure Life Sachet (20 pieces)Lekki',
      '2',
      '₦700',
      'Paid',
      'None',
      '15 Jan 2026',
    ]);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
    await waitFor(() => expect(router.state.location.search).toBe('?status=delivered'));
    await waitFor(() => expect(within(table).queryByText('Pure Life Sachet (20 pieces)')).not.toBeInTheDocument());
    expect(calls.some(({ url }) => url === '/api/admin/orders?page=1&status=delivered')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    expect(await within(table).findByText('There is no data available for this table')).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Location'), 'Ikeja');
    await user.type(screen.getByLabelText('Search customer'), 'ada@ruwa.local');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=refunded&location_id=2&search=ada%40ruwa.local'),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('checks a filter with the API’s rule before using it, and says what is wrong at the field', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubAdmin();
    const { user, router } = renderApp('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' });
    const search = screen.getByLabelText('Search customer');
    await user.click(search);
    await user.paste('x'.repeat(101));
    await waitFor(() => expect(search).toHaveAccessibleDescription('Search for at most 100 characters.'));
    expect(router.state.location.search).toBe('');
    expect(calls.some(({ url }) => url.includes('search='))).toBe(false);
  });

  it('reads and takes the days as dd/mm/yyyy, sends them as YYYY-MM-DD, and says when a day cannot be', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubAdmin();
    const { user, router } = renderApp('/admin/orders?to=2026-11-30');
    await screen.findByRole('table', { name: 'Orders' });
    const to = screen.getByLabelText('To');
    expect(to).toHaveValue('30/11/2026');
    expect(to).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(to).toHaveAttribute('inputmode', 'numeric');

    const from = screen.getByLabelText('From');
    await user.type(from, '31/02/2026');
    await user.tab();
    await waitFor(() => expect(from).toHaveAccessibleDescription('Enter a real date as dd/mm/yyyy, e.g. 31/12/2026.'));
    expect(router.state.location.search).toBe('?to=2026-11-30');

    await user.clear(from);
    await user.type(from, '1/11/2026{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?to=2026-11-30&from=2026-11-01'));
    expect(from).not.toHaveAccessibleDescription();
    await waitFor(() => expect(calls.some(({ url }) => url.includes('from=2026-11-01&to=2026-11-30'))).toBe(true));
  });

  it('opens the order named in the address (?id=, as a support case links to it)', async () => {
    signIn({ role: 'admin' });
    stubAdmin({ orders: [makeOrder()] });
    renderApp('/admin/orders?id=41');
    const drawer = await screen.findByRole('dialog', { name: 'Order #41' });
    expect(await within(drawer).findByText('ada@ruwa.local')).toBeInTheDocument();
  });

  it('moves a paid order on with a note, offering only its legal next statuses', async () => {
    signIn({ role: 'admin' });
    const order = makeOrder();
    const { calls } = stubAdmin({
      orders: [order],
      update: ({ body }) =>
        jsonResponse(200, {
          message: 'Order status has been updated',
          data: { ...order, status: (body as { status: string }).status },
        }),
    });
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('cell', { name: /Pure Life Sachet/ }));

    const drawer = await screen.findByRole('dialog', { name: 'Order #41' });
    expect(await within(drawer).findByText('ada@ruwa.local')).toBeInTheDocument();
    const actions = within(drawer).getByRole('group', { name: 'Change the status' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark out for delivery', 'Cancel order', 'Refund to wallet']);
    // The dispatch picker names the area's agents with the orders they already hold.
    expect(await within(drawer).findByRole('option', { name: 'Lekki Water (2 open)' })).toBeInTheDocument();

    await user.type(within(drawer).getByLabelText(/^Note/), 'Rider Musa');
    await user.click(within(actions).getByRole('button', { name: 'Mark out for delivery' }));
    await findToast('Success', 'Order status has been updated');
    expect(calls.find(({ url }) => url === '/api/admin/orders/update-status')?.body).toEqual({
      id: 41,
      status: 'out_for_delivery',
      note: 'Rider Musa',
    });
  });

  it('gives an order to an agent, checked with the API’s rule first', async () => {
    signIn({ role: 'admin' });
    const order = makeOrder();
    const assigned = { ...order, status: 'assigned' as const, assigned_agent_id: 3 };
    const { calls } = stubAdmin({
      orders: [order],
      assign: () => jsonResponse(200, { message: 'Order assigned', data: assigned }),
    });
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('cell', { name: /Pure Life Sachet/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Order #41' });
    await within(drawer).findByRole('option', { name: 'Lekki Water (2 open)' });

    await user.click(within(drawer).getByRole('button', { name: 'Assign' }));
    expect(await within(drawer).findByText('The agent field is required.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/admin/orders/assign')).toBe(false);

    await user.selectOptions(within(drawer).getByLabelText('Assign to'), 'Lekki Water (2 open)');
    await user.click(within(drawer).getByRole('button', { name: 'Assign' }));
    await findToast('Success', 'Order assigned');
    expect(calls.find(({ url }) => url === '/api/admin/orders/assign')?.body).toEqual({ id: 41, agent_id: 3 });
  });

  it('asks before a refund and shows a refused move as an error', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubAdmin({
      update: () => jsonResponse(409, { message: 'An order that is delivered cannot become refunded.' }),
    });
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('cell', { name: /Pure Life Sachet/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Order #41' });

    await user.click(await within(drawer).findByRole('button', { name: 'Refund to wallet' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Refund this order?' });
    expect(confirm).toHaveTextContent("₦700 goes back to the customer's wallet.");
    expect(calls.some(({ url }) => url === '/api/admin/orders/update-status')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'Yes, refund' }));
    await findToast('Error!', 'An order that is delivered cannot become refunded.');
    expect(calls.find(({ url }) => url === '/api/admin/orders/update-status')?.body).toEqual({
      id: 41,
      status: 'refunded',
    });
  });

  it('cancels a card-paid order back to the card when the admin chooses it', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubAdmin({
      update: () =>
        jsonResponse(200, {
          message: 'Order status has been updated',
          data: { ...makeOrder(), status: 'refunded', card_refund: { status: 'pending', amount: 700 } },
        }),
    });
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('cell', { name: /Pure Life Sachet/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Order #41' });
    await user.type(within(drawer).getByLabelText(/^Note/), 'Out of stock');

    await user.click(await within(drawer).findByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(confirm).getByRole('radio', { name: 'The wallet (now)' })).toBeChecked();
    await user.click(within(confirm).getByRole('radio', { name: 'The card (3–5 working days)' }));
    expect(confirm).toHaveTextContent("₦700 goes back to the customer's card in 3–5 working days.");
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel it' }));
    await findToast('Success', 'Order status has been updated');
    expect(calls.find(({ url }) => url === '/api/admin/orders/update-status')?.body).toEqual({
      id: 41,
      status: 'cancelled',
      note: 'Out of stock',
      refund_to: 'card',
    });
  });

  it('offers no moves for a delivered order', async () => {
    signIn({ role: 'admin' });
    stubAdmin({ orders: [makeOrder({ status: 'delivered' })] });
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('cell', { name: /Pure Life Sachet/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Order #41' });
    expect(await within(drawer).findByText(/its status can no longer change/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('group', { name: 'Change the status' })).not.toBeInTheDocument();
  });
});
