import { request } from 'undici';

/** Why a provider gave no usable answer: the reasons every provider client reports and counts. */
export type ProviderFailure = 'timeout' | 'unreachable' | 'server_error' | 'unreadable';

/** A provider call that gave no usable answer; each client turns it into its own error. */
export class ProviderCallError extends Error {
  constructor(readonly reason: ProviderFailure) {
    super(`provider call failed: ${reason}`);
    this.name = 'ProviderCallError';
  }
}

export type ProviderAnswer = {
  status: number;
  /** A 2xx status. */
  ok: boolean;
  /** The answer's JSON (null for an empty JSON null). */
  body: unknown;
};

/**
 * The one way the API calls a provider's JSON API (Paystack, the VTU provider, the SMS provider):
 * `undici.request` over the process's shared keep-alive pool, with `timeoutMs` for the whole call,
 * connecting, answering and reading the body alike. Answers the status and the parsed body of any
 * answer below 500; a 5xx is `server_error` (its body is not read), a body that is not JSON is
 * `unreadable`, no answer in time `timeout`, no connection `unreachable`, each thrown as `failure`
 * makes it (the client's own error; `ProviderCallError` by default). Node's global `fetch` does
 * the same job at several times the CPU per call, which shows on the busiest path (an order's
 * delivery-code text).
 */
export async function callProvider(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number },
  failure: (reason: ProviderFailure) => Error = (reason) => new ProviderCallError(reason),
): Promise<ProviderAnswer> {
  const signal = AbortSignal.timeout(init.timeoutMs);
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
    });
  } catch {
    throw failure(signal.aborted ? 'timeout' : 'unreachable');
  }
  if (res.statusCode >= 500) {
    // Not read: the connection is freed for the next call.
    await res.body.dump().catch(() => undefined);
    throw failure('server_error');
  }
  let body: unknown;
  try {
    body = await res.body.json();
  } catch {
    // The body can also time out half-way through.
    throw failure(signal.aborted ? 'timeout' : 'unreadable');
  }
  return { status: res.statusCode, ok: res.statusCode >= 200 && res.statusCode < 300, body };
}
