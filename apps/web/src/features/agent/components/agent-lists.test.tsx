import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '@ruwa/contract';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import type { Commission } from '@ruwa/contract/replies';
import { dashboardFixture, makeHeldOrder, makeOrder, pageOf } from '../testing/agent-fixtures';

const agent = { id: 3, status: 'approved' as const };

function commission(overrides: Partial<Commission> = {}): Commission {
  return {
    id: 1,
    order_id: 41,
    kind: 'sachet_water',
    percent: 5,
    order_amount: 1200,
    amount: 60,
    created_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** Two pages of `rows`, answered as the API pages them (page URLs only where a page exists). */
function paged<T>(pages: T[][], page: number): Page<T> {
  const last = pages.length;
  return pageOf(pages[page - 1] ?? [], {
    current_page: page,
    last_page: last,
    per_page: 2,
    total: pages.flat().length,
    prev_page_url: page > 1 ? `/api/x?page=${page - 1}` : null,
    next_page_url: page < last ? `/api/x?page=${page + 1}` : null,
  });
}

/** Answers `path?page=N` from `pages`, and the calls every agent screen makes. */
function stubAgentLists(path: string, pages: unknown[][]) {
  return stubFetch(({ url }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ agent }) });
    if (url === '/api/agents/me/dashboard') return jsonResponse(200, { message: '', data: dashboardFixture });
    if (url.startsWith('/api/notifications/unread-count'))
      return jsonResponse(200, { message: '', data: { count: 0 } });
    if (url.startsWith('/api/wallet/withdrawals/me') && path !== 'wallet/withdrawals/me')
      return jsonResponse(200, { message: '', data: pageOf([]) });
    if (url.startsWith(`/api/${path}?`)) {
      const page = Number(new URL(url, 'http://ruwa.test').searchParams.get('page') ?? '1');
      return jsonResponse(200, { message: '', data: paged(pages, page) });
    }
    return undefined;
  });
}

const pageRequests = (calls: { url: string }[], path: string) =>
  calls
    .filter(({ url }) => url.startsWith(`/api/${path}?`))
    .map(({ url }) => new URL(url, 'http://ruwa.test').searchParams.get('page'));

describe('agent payouts', () => {
  it('lists the agent’s withdrawals of their earnings with where each stands', async () => {
    signIn({ agent });
    stubAgentLists('wallet/withdrawals/me', [
      [
        {
          reference: 'WDR_2',
          amount: 750_000,
          destination: 'United Bank For Africa 0123456789 (YETUNDE LAWAL EZE)',
          status: 'held',
          hold_reason: 'large_amount',
          held_until: null,
          failure_reason: null,
          created_at: '2026-03-03T10:00:00.000Z',
        },
        {
          reference: 'WDR_1',
          amount: 5_000,
          destination: 'Access Bank 0690000031 (YETUNDE LAWAL)',
          status: 'success',
          hold_reason: null,
          held_until: null,
          failure_reason: null,
          created_at: '2026-03-02T10:00:00.000Z',
        },
      ],
    ]);
    renderApp('/agent/rewards');
    const list = await screen.findByRole('list', { name: 'Payouts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('United Bank For Africa 0123456789');
    expect(items[0]).toHaveTextContent('Being checked');
    expect(items[0]).toHaveTextContent('₦750,000');
    expect(items[1]).toHaveTextContent('Paid');
  });

  it('says so when there is none yet', async () => {
    signIn({ agent });
    stubAgentLists('agents/me/rewards', [[]]);
    renderApp('/agent/rewards');
    expect(await screen.findByText(/No payouts yet/)).toBeInTheDocument();
  });
});

describe('agent rewards', () => {
  it('shows the totals and each commission', async () => {
    signIn({ agent });
    stubAgentLists('agents/me/rewards', [
      [commission(), commission({ id: 2, order_id: 44, kind: 'gas', percent: 3, order_amount: 9000, amount: 270 })],
    ]);
    renderApp('/agent/rewards');

    await screen.findByText('₦1,250');
    expect(screen.getByTestId('rewards-total')).toHaveTextContent('₦1,250');
    expect(screen.getByText('This month').nextElementSibling).toHaveTextContent('₦450');
    const list = await screen.findByRole('list', { name: 'Commissions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Order #41');
    expect(items[0]).toHaveTextContent('Sachet water · 5% of ₦1,200');
    expect(items[0]).toHaveTextContent('+₦60');
    expect(items[1]).toHaveTextContent('Gas · 3% of ₦9,000');
    expect(items[1]).toHaveTextContent('+₦270');
  });

  it('pages with Next and Previous, keeping the page in the address', async () => {
    signIn({ agent });
    const { calls } = stubAgentLists('agents/me/rewards', [
      [commission({ id: 1, order_id: 41 }), commission({ id: 2, order_id: 42 })],
      [commission({ id: 3, order_id: 43, amount: 75 })],
    ]);
    const { router, user } = renderApp('/agent/rewards');

    const pager = await screen.findByRole('navigation', { name: 'Commissions pages' });
    expect(await within(pager).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await screen.findByText('Order #41');

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByText('Order #43')).toBeInTheDocument();
    expect(screen.queryByText('Order #41')).not.toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.location.search).toBe('?page=2');

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await within(pager).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(await screen.findByText('Order #41')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(pageRequests(calls, 'agents/me/rewards')).toEqual(['1', '2']);
  });

  it('opens on the page named in the address', async () => {
    signIn({ agent });
    const { calls } = stubAgentLists('agents/me/rewards', [
      [commission({ order_id: 41 })],
      [commission({ id: 9, order_id: 49 })],
    ]);
    renderApp('/agent/rewards?page=2');
    expect(await screen.findByText('Order #49')).toBeInTheDocument();
    expect(pageRequests(calls, 'agents/me/rewards')).toEqual(['2']);
  });

  it('says so when nothing was earned yet', async () => {
    signIn({ agent });
    stubAgentLists('agents/me/rewards', [[]]);
    renderApp('/agent/rewards');
    expect(
      await screen.findByText('No data yet. You earn a commission on every order you deliver.'),
    ).toBeInTheDocument();
  });
});

describe('agent transactions', () => {
  it('lists the accepted orders with their status', async () => {
    signIn({ agent });
    stubAgentLists('agents/me/transactions', [
      [
        makeOrder({ id: 52, status: 'delivered', product_name: 'Table Water', quantity: 3, order_amount: 2700 }),
        makeHeldOrder({ id: 51, status: 'out_for_delivery' }),
      ],
    ]);
    renderApp('/agent/transactions');

    const list = await screen.findByRole('list', { name: 'Deliveries' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Order #52: Table Water × 3');
    expect(items[0]).toHaveTextContent('₦2,700');
    expect(within(items[0]!).getByText('Delivered')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Order #51: Pure Sachet Water × 5');
    expect(within(items[1]!).getByText('Out for delivery')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('12 Admiralty Way, Lekki');
  });

  it('pages with Next and Previous', async () => {
    signIn({ agent });
    const { calls } = stubAgentLists('agents/me/transactions', [
      [makeOrder({ id: 60 }), makeOrder({ id: 59 })],
      [makeOrder({ id: 58, status: 'delivered' })],
    ]);
    const { router, user } = renderApp('/agent/transactions');

    const pager = await screen.findByRole('navigation', { name: 'Deliveries pages' });
    expect(await within(pager).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await screen.findByText(/Order #60/);

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Order #58/)).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByText(/Order #60/)).not.toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.location.search).toBe('?page=2');

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(/Order #60/)).toBeInTheDocument();
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(pageRequests(calls, 'agents/me/transactions')).toEqual(['1', '2']);
  });

  it('says so when no order was accepted yet', async () => {
    signIn({ agent });
    stubAgentLists('agents/me/transactions', [[]]);
    renderApp('/agent/transactions');
    expect(await screen.findByText('No data yet. Orders you accept show here.')).toBeInTheDocument();
  });
});
