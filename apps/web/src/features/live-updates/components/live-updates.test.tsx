import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { queryKeys } from '@/lib/query-keys';
import { clearSession } from '@/lib/session';
import { findToast, signIn, stubFetch } from '@/testing/render-app';
import LiveUpdates from './live-updates';

const available = (id: number, area: string) =>
  `id: ${id}\nevent: order.available\ndata: ${JSON.stringify({
    id,
    location_id: 1,
    location_name: area,
    kind: 'sachet_water',
    product_name: 'Pure water',
    quantity: 2,
  })}\n\n`;

function streamOf(...frames: string[]) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(frames.join('')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const frame = (id: number, type: string, payload: object) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;

function renderLiveUpdates(...frames: string[]) {
  signIn({ role: 'customer' }, 'agent-token');
  const { calls } = stubFetch(({ url }) => (url === '/api/events' ? streamOf(...frames) : undefined));
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.agent.orders('open', 1), { data: [] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LiveUpdates openOrdersHref="/agent" />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, calls, queryClient };
}

describe('live updates', () => {
  it('a new order in the agent’s area: a banner in a live region, the open orders refreshed, dismissible', async () => {
    const { calls, queryClient } = renderLiveUpdates(available(5, 'Lekki'));
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('New order in Lekki');
    expect(banner.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('link', { name: 'See orders' })).toHaveAttribute('href', '/agent');
    expect(queryClient.getQueryState(queryKeys.agent.orders('open', 1))?.isInvalidated).toBe(true);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer agent-token');

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('several new orders in one area are counted in one banner', async () => {
    renderLiveUpdates(available(5, 'Yaba'), available(6, 'Yaba'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 new orders in Yaba'));
  });

  it('an order no agent took: admins get a toast naming it, and the Orders badge is counted again', async () => {
    const { queryClient } = renderLiveUpdates(
      frame(7, 'order.unaccepted', { id: 41, location_id: 1, location_name: 'Lekki', minutes: 15 }),
    );
    queryClient.setQueryData(queryKeys.admin.orders.alertCounts, { unaccepted_orders: 0, pending_agents: 0 });
    const toast = await findToast(
      'Order #41 is waiting for an agent',
      'No agent has accepted it in Lekki after 15 minutes. Assign it in Orders.',
    );
    expect(toast).toHaveAttribute('data-type', 'warning');
    expect(queryClient.getQueryState(queryKeys.admin.orders.alertCounts)?.isInvalidated).toBe(true);
    // Not the agents' new-order banner.
    expect(screen.queryByText(/New order/)).not.toBeInTheDocument();
  });

  it('a new agent application: admins get a toast', async () => {
    renderLiveUpdates(frame(8, 'agent.applied', { id: 3, business_name: 'Mama Nkechi Gas' }));
    await findToast('New agent application', 'Mama Nkechi Gas applied to become an agent. Review it in Agents.');
  });

  it('signing out closes the stream', async () => {
    renderLiveUpdates(available(5, 'Lekki'));
    await screen.findByRole('status');
    const signal = vi.mocked(fetch).mock.calls[0]![1]!.signal!;
    expect(signal.aborted).toBe(false);
    act(() => clearSession());
    expect(signal.aborted).toBe(true);
  });
});
