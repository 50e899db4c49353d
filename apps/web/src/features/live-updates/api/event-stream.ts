import { fetchEventSource } from '@microsoft/fetch-event-source';
import { LIVE_EVENT_TYPES, type LiveEvent } from '@ruwa/contract';
import { buildUrl } from '@/lib/api-client';

/** The server refused the stream: retrying cannot help until the session changes. */
class StreamRefused extends Error {}
/** The server ended a healthy stream (a deploy, a restart): connect again, to any instance. */
class StreamEnded extends Error {}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** 1 s, 2 s, 4 s ... up to 30 s, with up to a second of jitter so a restarted server is not stampeded. */
export function retryDelay(failures: number, random = Math.random): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1)) + Math.floor(random() * 1_000);
}

const KNOWN_TYPES = new Set<string>(LIVE_EVENT_TYPES);

export type EventStreamOptions = {
  token: string;
  /** The last event id seen, sent as Last-Event-ID so the server replays what was missed. */
  lastEventId?: string | null;
  onEvent: (event: LiveEvent) => void;
  /** Each time the stream opens; `again` is true after it had been lost. */
  onOpen?: (again: boolean) => void;
  signal: AbortSignal;
  fetch?: typeof fetch;
  random?: () => number;
};

/**
 * Keeps GET /api/events open with the bearer token in the Authorization header (which the
 * browser's EventSource cannot send), reconnecting with backoff and Last-Event-ID until `signal`
 * aborts or the server refuses the session. Resolves then.
 */
export async function runEventStream(options: EventStreamOptions): Promise<void> {
  let failures = 0;
  let opened = false;
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` };
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  try {
    await fetchEventSource(buildUrl('events'), {
      headers,
      signal: options.signal,
      // Agents must hear of new orders while the app is in the background.
      openWhenHidden: true,
      fetch: options.fetch,
      async onopen(response) {
        // Signed out, suspended, or a server without the stream: asking again cannot help.
        if (response.status >= 400 && response.status < 500) throw new StreamRefused();
        if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
          throw new Error(`The event stream answered ${response.status}.`);
        }
        options.onOpen?.(opened);
        opened = true;
        failures = 0;
      },
      onmessage(message) {
        if (!KNOWN_TYPES.has(message.event)) return;
        options.onEvent({ id: message.id, type: message.event, payload: JSON.parse(message.data) } as LiveEvent);
      },
      onclose() {
        throw new StreamEnded();
      },
      onerror(error) {
        if (error instanceof StreamRefused) throw error;
        failures += 1;
        return retryDelay(failures, options.random);
      },
    });
  } catch (error) {
    if (!(error instanceof StreamRefused)) throw error;
  }
}
