import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AgentOrder } from '@ruwa/contract';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { dashboardFixture, makeHeldOrder, makeOrder, pageOf } from '../testing/agent-fixtures';

const agent = { id: 3, status: 'approved' as const };

const HELD_CONTACT = {
  status: 'assigned' as const,
  recipient_address: '3 Akin Adesola Street, VI',
  recipient_phone: '+2348125550199',
  landmark: 'Behind the filling station',
  customer_contact: {
    first_name: 'Chidi',
    phone_number: '08125550199',
    address: '3 Akin Adesola Street, VI',
    landmark: 'Behind the filling station',
  },
};

/** A small in-memory server: open orders, the agent's orders, and the moves between them. */
function stubAgentApi({ acceptConflict = false, locksOnWrongCode = false } = {}) {
  let open: AgentOrder[] = [makeOrder({ id: 41 })];
  let mine: AgentOrder[] = [makeHeldOrder({ id: 40, status: 'out_for_delivery', product_name: 'Table Water' })];
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ agent }) });
    if (url === '/api/agents/me/dashboard') return jsonResponse(200, { message: '', data: dashboardFixture });
    if (url.startsWith('/api/agents/me/orders?scope=open'))
      return jsonResponse(200, { message: '', data: pageOf(open) });
    if (url.startsWith('/api/agents/me/orders?scope=mine'))
      return jsonResponse(200, { message: '', data: pageOf(mine) });
    const { id, status } = (body ?? {}) as { id: number; status?: AgentOrder['status'] };
    if (method === 'POST' && url === '/api/agents/orders/accept') {
      if (acceptConflict) {
        open = [];
        return jsonResponse(409, { message: 'Another agent has already accepted this order.' });
      }
      // As the API answers the agent who now holds it: with whom it is for.
      const order = makeHeldOrder({ ...open.find((o) => o.id === id)!, ...HELD_CONTACT });
      open = open.filter((o) => o.id !== id);
      mine = [order, ...mine];
      return jsonResponse(200, { message: 'Order accepted', data: order });
    }
    if (method === 'POST' && url === '/api/agents/orders/update-status' && locksOnWrongCode) {
      // The last wrong try: the API locks the delivery and says so under the field.
      mine = mine.map((o) => (o.id === id ? { ...o, delivery_locked: true } : o));
      return jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: {
          delivery_code: ['That delivery code is wrong. This delivery is now locked: an admin must confirm it.'],
        },
      });
    }
    if (method === 'POST' && url === '/api/agents/orders/update-status') {
      mine = mine.map((o) => (o.id === id ? { ...o, status: status! } : o));
      return jsonResponse(200, { message: 'Order status has been updated', data: mine.find((o) => o.id === id) });
    }
    return undefined;
  });
}

describe('agent dashboard', () => {
  it('opens on the work queue: open orders, then the orders held, then the figures below', async () => {
    signIn({ agent });
    stubAgentApi();
    renderApp('/agent');
    await screen.findByRole('list', { name: 'Open orders' });
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['Open orders', 'My orders', 'Your figures']);
    // In the page's reading order, the first order card comes before the first figure.
    const firstCard = screen.getAllByRole('article')[0]!;
    const figures = screen.getByRole('heading', { level: 2, name: 'Your figures' });
    expect(firstCard.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    ['/', 'opening the installed app'],
    ['/auth/login', 'an agent already signed in'],
  ])('an approved agent lands on the work queue from %s (%s)', async (path) => {
    signIn({ agent });
    stubAgentApi();
    const { router } = renderApp(path);
    expect(await screen.findByRole('list', { name: 'Open orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/agent');
  });

  it('signing in as an approved agent lands on the work queue', async () => {
    const { fetchMock: agentApi } = stubAgentApi();
    const signedIn = {
      access_token: 'tok',
      token_type: 'Bearer',
      expires_at: '2026-12-01T00:00:00Z',
      user: makeUser({ agent }),
    };
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/auth/login'
        ? Promise.resolve(jsonResponse(200, { message: 'ok', data: signedIn }))
        : agentApi(input, init),
    );
    const { router, user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@ruwa.local');
    await user.type(screen.getByLabelText('Password'), 'ruwa-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/agent');
  });

  it('shows the figures and the deliveries chart', async () => {
    signIn({ agent });
    stubAgentApi();
    renderApp('/agent');
    const earnings = await screen.findByText('₦1,250');
    expect(earnings.previousElementSibling).toHaveTextContent('Earnings all time');
    expect(screen.getByText('Delivered this month').nextElementSibling).toHaveTextContent('6');
    expect(screen.getAllByTestId('delivery-bar')).toHaveLength(14);
    expect(screen.getByRole('table', { name: 'Deliveries per day' })).toBeInTheDocument();
  });

  it('accepts an open order, marks it out for delivery and, after confirming, delivered', async () => {
    signIn({ agent });
    const { calls } = stubAgentApi();
    const { user } = renderApp('/agent');

    const openList = await screen.findByRole('list', { name: 'Open orders' });
    await user.click(within(openList).getByRole('button', { name: 'Accept order #41' }));
    await findToast('Success', 'Order accepted');
    expect(calls.find(({ url }) => url === '/api/agents/orders/accept')?.body).toEqual({ id: 41 });
    expect(await screen.findByText('No open orders right now.')).toBeInTheDocument();

    const mine = screen.getByRole('list', { name: 'My orders' });
    await user.click(await within(mine).findByRole('button', { name: 'Out for delivery: order #41' }));
    await findToast('Success', 'Order status has been updated');
    expect(calls.filter(({ url }) => url === '/api/agents/orders/update-status').map(({ body }) => body)).toEqual([
      { id: 41, status: 'out_for_delivery' },
    ]);

    // Delivered asks first; cancelling sends nothing.
    await user.click(within(mine).getByRole('button', { name: 'Delivered: order #40' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark order #40 as delivered?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter(({ url }) => url === '/api/agents/orders/update-status')).toHaveLength(1);

    // Delivering sends the customer's code, typed in the dialog.
    await user.click(within(mine).getByRole('button', { name: 'Delivered: order #40' }));
    const asking = await screen.findByRole('alertdialog', { name: 'Mark order #40 as delivered?' });
    await user.type(within(asking).getByLabelText('Delivery code'), '4a821');
    await user.click(within(asking).getByRole('button', { name: 'Yes, delivered' }));
    await findToast('Success', 'Order status has been updated');
    expect(calls.filter(({ url }) => url === '/api/agents/orders/update-status').at(-1)?.body).toEqual({
      id: 40,
      status: 'delivered',
      delivery_code: '4821',
    });
    const delivered = within(mine).getByRole('article', { name: /Order #40/ });
    expect(await within(delivered).findByText('Delivered')).toBeInTheDocument();
    expect(within(delivered).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a delivery locked by wrong codes says so on its card and offers no code to type', async () => {
    signIn({ agent });
    stubAgentApi({ locksOnWrongCode: true });
    const { user } = renderApp('/agent');
    const mine = await screen.findByRole('list', { name: 'My orders' });
    await user.click(await within(mine).findByRole('button', { name: 'Delivered: order #40' }));
    const asking = await screen.findByRole('alertdialog', { name: 'Mark order #40 as delivered?' });
    await user.type(within(asking).getByLabelText('Delivery code'), '1111');
    await user.click(within(asking).getByRole('button', { name: 'Yes, delivered' }));
    expect(
      await within(asking).findByText(
        'That delivery code is wrong. This delivery is now locked: an admin must confirm it.',
      ),
    ).toBeInTheDocument();
    await user.click(within(asking).getByRole('button', { name: 'Cancel' }));

    const card = within(mine).getByRole('article', { name: /Order #40/ });
    expect(
      await within(card).findByText(/too many wrong delivery codes\. An admin must confirm this delivery\./),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delivered: order #40' })).not.toBeInTheDocument();
  });

  it('an open order shows its area only; once accepted, whom it is for, how to call them and the landmark', async () => {
    signIn({ agent });
    stubAgentApi();
    const { user } = renderApp('/agent');

    const openList = await screen.findByRole('list', { name: 'Open orders' });
    const open = within(openList).getByRole('article', { name: /Order #41/ });
    expect(within(open).getByText('Area').nextElementSibling).toHaveTextContent('Lekki');
    expect(open).toHaveTextContent('The address and phone number show once you accept.');
    expect(within(open).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(openList).getByRole('button', { name: 'Accept order #41' }));
    const mine = screen.getByRole('list', { name: 'My orders' });
    const held = await within(mine).findByRole('article', { name: /Order #41/ });
    expect(within(held).getByText('For').nextElementSibling).toHaveTextContent('Chidi');
    expect(within(held).getByRole('link', { name: 'Call Chidi' })).toHaveAttribute('href', 'tel:+2348125550199');
    expect(within(held).getByRole('link', { name: 'WhatsApp Chidi' })).toHaveAttribute(
      'href',
      'https://wa.me/2348125550199',
    );
    expect(within(held).getByText('Deliver to').nextElementSibling).toHaveTextContent('3 Akin Adesola Street, VI');
    expect(within(held).getByText('Landmark').nextElementSibling).toHaveTextContent('Behind the filling station');
  });

  it('says when another agent was first', async () => {
    signIn({ agent });
    stubAgentApi({ acceptConflict: true });
    const { user } = renderApp('/agent');
    await user.click(await screen.findByRole('button', { name: 'Accept order #41' }));
    await findToast('Error!', 'Another agent has already accepted this order.');
    expect(await screen.findByText('No open orders right now.')).toBeInTheDocument();
  });
});
