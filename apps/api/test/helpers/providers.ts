import diagnostics from 'node:diagnostics_channel';
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher, type Dispatcher } from 'undici';

/** A provider call as it left the API (platform/http/provider-call.ts). */
export type SeenRequest = { method: string; url: string; headers: Record<string, string>; body: string | null };

function headersOf(headers: unknown): Record<string, string> {
  if (!headers) return {};
  const entries: [string, string][] = Array.isArray(headers)
    ? Array.from({ length: headers.length / 2 }, (_, i) => [String(headers[2 * i]), String(headers[2 * i + 1])])
    : headers instanceof Headers
      ? [...headers.entries()]
      : Object.entries(headers as Record<string, string>).map(([key, value]) => [key, String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key.toLowerCase(), value]));
}

/**
 * Answers the API's provider calls to `origin` here, so no test reaches the internet, recording each
 * one; calls to any other origin go through as usual. `restore()` puts the real dispatcher back.
 */
export function mockProvider(
  origin: string,
  answer: (request: SeenRequest) => { status?: number; body: unknown },
): { seen: SeenRequest[]; restore: () => Promise<void> } {
  const previous: Dispatcher = getGlobalDispatcher();
  const agent = new MockAgent();
  agent.enableNetConnect((host) => !origin.endsWith(`//${host}`));
  const seen: SeenRequest[] = [];
  agent
    .get(origin)
    .intercept({ path: () => true, method: () => true })
    .reply((options) => {
      const request: SeenRequest = {
        method: options.method,
        url: `${origin}${options.path}`,
        headers: headersOf(options.headers),
        body: typeof options.body === 'string' ? options.body : null,
      };
      seen.push(request);
      const { status = 200, body } = answer(request);
      return {
        statusCode: status,
        data: typeof body === 'string' ? body : JSON.stringify(body),
        responseOptions: { headers: { 'content-type': 'application/json' } },
      };
    })
    .persist();
  setGlobalDispatcher(agent);
  return {
    seen,
    restore: async () => {
      setGlobalDispatcher(previous);
      await agent.close();
    },
  };
}

/** Records the URL of every provider call the API makes until `stop()`, without changing them. */
export function recordProviderCalls(): { urls: string[]; stop: () => void } {
  const urls: string[] = [];
  const channel = diagnostics.channel('undici:request:create');
  const listener = (message: unknown) => {
    const { request } = message as { request: { origin: string; path: string } };
    urls.push(`${request.origin}${request.path}`);
  };
  channel.subscribe(listener);
  return { urls, stop: () => channel.unsubscribe(listener) };
}
