import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { jsonResponse, signIn, stubFetch } from '@/testing/render-app';
import { PendingAgentsBadge, UnacceptedOrdersBadge } from './alert-badges';

function renderBadges(counts: { unaccepted_orders: number; pending_agents: number }) {
  signIn({ role: 'admin' });
  const { calls } = stubFetch(({ url }) =>
    url === '/api/admin/alerts' ? jsonResponse(200, { message: '', data: { ...counts } }) : undefined,
  );
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <a href="/admin/orders">
        <UnacceptedOrdersBadge label="Orders" />
      </a>
      <a href="/admin/agents">
        <PendingAgentsBadge label="Agents" />
      </a>
    </QueryClientProvider>,
  );
  return { queryClient, calls, counts };
}

describe('the admin sidebar badges', () => {
  it('count the orders waiting for an agent and the applications, one phrase for screen readers', async () => {
    renderBadges({ unaccepted_orders: 3, pending_agents: 120 });
    expect(await screen.findByRole('link', { name: 'Orders, 3 waiting for an agent' })).toHaveTextContent('Orders3');
    expect(screen.getByRole('link', { name: 'Agents, 120 to review' })).toHaveTextContent('Agents99+');
  });

  it('clear once the orders are taken: what refreshes the admin orders (an assignment, the order’s live event) refreshes the count', async () => {
    const { queryClient, counts } = renderBadges({ unaccepted_orders: 1, pending_agents: 0 });
    await screen.findByRole('link', { name: 'Orders, 1 waiting for an agent' });
    expect(screen.getByRole('link', { name: 'Agents' })).toHaveTextContent(/^Agents$/);

    counts.unaccepted_orders = 0;
    act(() => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders.all }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Orders' })).toHaveTextContent(/^Orders$/));
    expect(screen.queryByTestId('nav-count')).not.toBeInTheDocument();
  });
});
