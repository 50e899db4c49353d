import { expect } from 'vitest';
import type { TestApp } from './app';
import { call, createUser, type Actor } from './factories';

/** One Server-Sent Event as a client receives it. */
export type ReceivedEvent = { id: string; type: string; data: Record<string, unknown> };

/**
 * A client of GET /api/events over real HTTP, reading the stream as a browser would: events,
 * comments (heartbeats) and the end of the stream. `next` waits for the first unread event that
 * matches; events that do not match stay unread for later calls.
 */
export async function openEventStream(base: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`event stream refused: ${res.status} ${await res.text()}`);
  const unread: ReceivedEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  let wake: () => void = () => undefined;
  const changed = () => new Promise<void>((resolve) => (wake = resolve));

  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
            }
          }
          if (fields.data !== undefined) {
            unread.push({ id: fields.id ?? '', type: fields.event ?? 'message', data: JSON.parse(fields.data) });
          }
        }
        wake();
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      wake();
    }
  })();

  async function until<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; unread: ${JSON.stringify(unread)}`);
      await Promise.race([changed(), new Promise((resolve) => setTimeout(resolve, Math.min(left, 100)))]);
    }
  }

  return {
    headers: res.headers,
    comments,
    /** The first unread event matching, once it has arrived. */
    next(match: (event: ReceivedEvent) => boolean = () => true, timeoutMs = 5_000) {
      return until(
        () => {
          const index = unread.findIndex(match);
          return index < 0 ? undefined : unread.splice(index, 1)[0];
        },
        timeoutMs,
        'an event',
      );
    },
    /** Every event received and not yet taken by `next`. */
    unread: () => [...unread],
    /** Resolves once the server has ended the stream. */
    ended: (timeoutMs = 5_000) => until(() => (ended ? true : undefined), timeoutMs, 'the end of the stream'),
    close: () => controller.abort(),
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;

/** A matcher for `next`: this type, and (if given) these payload fields. */
export const eventOf =
  (type: string, fields: Record<string, unknown> = {}) =>
  (event: ReceivedEvent) =>
    event.type === type && Object.entries(fields).every(([key, value]) => event.data[key] === value);

/**
 * A new customer who applied as an agent, was approved by `admin`, and serves `settings.location_id`
 * (selling sachet water unless `settings` says otherwise).
 */
export async function approvedAgent(t: TestApp, admin: Actor, settings: Record<string, unknown>): Promise<Actor> {
  const actor = await createUser(t);
  const applied = await call(t, 'POST', '/api/agents/store', {
    token: actor.token,
    body: { agent_name: 'Iya Basira Water', agent_email: actor.user.email },
  });
  await call(t, 'POST', '/api/agents/update-status', {
    token: admin.token,
    body: { id: applied.body.data.id, status: 'approved' },
  });
  const set = await call(t, 'POST', '/api/agents/update', {
    token: actor.token,
    body: { sells_sachet_water: true, ...settings },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return actor;
}
