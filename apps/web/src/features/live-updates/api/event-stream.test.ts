import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@ruwa/contract';
import { retryDelay, runEventStream } from './event-stream';

function sse(text: string, options: { open?: boolean } = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (!options.open) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const frame = (id: number, type: string, data: object) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

describe('the event stream client', () => {
  it('sends the bearer token, hands over known events, and reconnects with Last-Event-ID after the server ends it', async () => {
    const controller = new AbortController();
    const events: LiveEvent[] = [];
    const opens: boolean[] = [];
    const requests: Headers[] = [];
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Headers(init?.headers));
      if (requests.length === 1) {
        return sse(
          ': connected\n\n' +
            frame(7, 'order.available', { id: 3, location_name: 'Lekki' }) +
            frame(8, 'something.new', { id: 1 }) +
            ': heartbeat\n\n' +
            frame(9, 'order.updated', { id: 3, status: 'assigned' }),
        );
      }
      return sse(frame(10, 'order.updated', { id: 3, status: 'delivered' }), { open: true });
    });
    const done = runEventStream({
      token: 'secret-token',
      signal: controller.signal,
      fetch: fetchMock as typeof fetch,
      random: () => 0,
      onOpen: (again) => opens.push(again),
      onEvent: (event) => {
        events.push(event);
        if (events.length === 3) controller.abort();
      },
    });
    await done;

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/events');
    expect(requests[0]!.get('authorization')).toBe('Bearer secret-token');
    expect(requests[0]!.get('last-event-id')).toBeNull();
    expect(requests[1]!.get('last-event-id')).toBe('9');
    expect(opens).toEqual([false, true]);
    expect(events).toEqual([
      { id: '7', type: 'order.available', payload: { id: 3, location_name: 'Lekki' } },
      { id: '9', type: 'order.updated', payload: { id: 3, status: 'assigned' } },
      { id: '10', type: 'order.updated', payload: { id: 3, status: 'delivered' } },
    ]);
  });

  it('starts from the last event seen, and stops for good when the session is refused', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"Unauthenticated."}', { status: 401 }));
    await runEventStream({
      token: 'expired',
      lastEventId: '41',
      signal: new AbortController().signal,
      fetch: fetchMock as typeof fetch,
      onEvent: () => undefined,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(
      new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get('last-event-id'),
    ).toBe('41');
  });

  it('backs off 1, 2, 4 ... seconds up to 30, with under a second of jitter', () => {
    expect([1, 2, 3, 4, 6, 10].map((failures) => retryDelay(failures, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 30000, 30000,
    ]);
    expect(retryDelay(1, () => 0.999)).toBe(1999);
  });
});
