import { errors, request } from 'undici';

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
 * `undici.request` over the process's shared keep-alive pool. Answers the status and the parsed body
 * of any answer below 500; a 5xx is `server_error` (its body is not read), a body that is not JSON is
 * `unreadable`, no connection `unreachable`, and `timeout` when the answer has not begun
 * `timeoutMs` after the request was sent or its body stops coming for `timeoutMs` (connecting has
 * undici's own limit, 10 s); each is thrown as `failure` makes it (the client's own error;
 * `ProviderCallError` by default). Node's global `fetch` does the same job at several times the CPU
 * per call, and a whole-call `AbortSignal.timeout` added a quarter to undici's own CPU per call
 * (undici keeps its timeouts on one coarse timer), which shows on the busiest path: an order's
 * delivery-code text.
 */
export async function callProvider(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number },
  failure: (reason: ProviderFailure) => Error = (reason) => new ProviderCallError(reason),
): Promise<ProviderAnswer> {
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      headersTimeout: init.timeoutMs,
      bodyTimeout: init.timeoutMs,
    });
  } catch (error) {
    throw failure(timedOut(error) ? 'timeout' : 'unreachable');
  }
  if (res.statusCode >= 500) {
    // Not read: the connection is freed for the next call.
    await res.body.dump().catch(() => undefined);
    throw failure('server_error');
  }
  let body: unknown;
  try {
    body = await res.body.json();
  } catch (error) {
    // The body can also stop coming half-way through.
    throw failure(timedOut(error) ? 'timeout' : 'unreadable');
  }
  return { status: res.statusCode, ok: res.statusCode >= 200 && res.statusCode < 300, body };
}

/** undici's own timeouts: connecting, waiting for the answer, and a body that stopped coming. */
function timedOut(error: unknown): boolean {
  return (
    error instanceof errors.ConnectTimeoutError ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError
  );
}
