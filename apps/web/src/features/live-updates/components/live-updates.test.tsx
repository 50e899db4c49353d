import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { clearSession } from '@/lib/session';
import { signIn, stubFetch } from '@/testing/render-app';
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

function renderLiveUpdates(...frames: string[]) {
  signIn({ role: 'customer' }, 'agent-token');
  const { calls } = stubFetch(({ url }) => (url === '/api/events' ? streamOf(...frames) : undefined));
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.agent.orders('open', 1), { data: [] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LiveUpdates openOrdersHref="/agent" />
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

  it('signing out closes the stream', async () => {
    renderLiveUpdates(available(5, 'Lekki'));
    await screen.findByRole('status');
    const signal = vi.mocked(fetch).mock.calls[0]![1]!.signal!;
    expect(signal.aborted).toBe(false);
    act(() => clearSession());
    expect(signal.aborted).toBe(true);
  });
});
