import { randomBytes } from 'node:crypto';

/** A vend's state as we read it from the provider's many answer shapes. */
export type VendStatus = 'delivered' | 'pending' | 'failed';
export type VendResult = { status: VendStatus; code: string; message: string; raw: unknown };

/**
 * VTpass-style request ids must start with the Africa/Lagos time as YYYYMMDDHHmm; the rest makes it
 * unique.
 */
export function newRequestId(now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${randomBytes(6).toString('hex')}`;
}

/**
 * Reads a VTpass answer: code "000" (or 0) with content.transactions.status delivered | pending |
 * failed; "099" processing; "016" failed; "014" duplicate request id. Anything unreadable is
 * treated as pending, so money is only refunded on a definite failure.
 */
export function readVend(body: unknown): VendResult {
  const answer = (body ?? {}) as { code?: unknown; response_description?: unknown; content?: { transactions?: { status?: unknown } } };
  const code = String(answer.code ?? '').padStart(3, '0');
  const message = String(answer.response_description ?? '');
  const txStatus = String(answer.content?.transactions?.status ?? '').toLowerCase();
  if (code === '000') {
    if (txStatus === 'delivered' || txStatus === 'successful') return { status: 'delivered', code, message, raw: body };
    if (txStatus === 'failed' || txStatus === 'reversed') return { status: 'failed', code, message, raw: body };
    return { status: 'pending', code, message, raw: body };
  }
  if (code === '016') return { status: 'failed', code, message, raw: body };
  return { status: 'pending', code, message, raw: body };
}

export type Variation = { variation_code: string; name: string; amount: number };

export class VtuClient {
  constructor(
    private readonly baseUrl: () => string,
    private readonly keys: { apiKey: string; secretKey: string; publicKey: string },
    private readonly timeoutMs = 20_000,
  ) {}

  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { 'api-key': this.keys.apiKey, accept: 'application/json' };
    if (method === 'POST') {
      headers['secret-key'] = this.keys.secretKey;
      headers['content-type'] = 'application/json';
    } else {
      headers['public-key'] = this.keys.publicKey;
    }
    const res = await fetch(`${this.baseUrl()}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return res.json();
  }

  /** Vends airtime or data. A timeout or an unreadable answer reads as pending, never as failed. */
  async pay(input: { requestId: string; serviceId: string; phone: string; amountNaira?: number; variationCode?: string }): Promise<VendResult> {
    try {
      const body = await this.send('POST', '/pay', {
        request_id: input.requestId,
        serviceID: input.serviceId,
        phone: input.phone,
        ...(input.amountNaira !== undefined ? { amount: input.amountNaira } : {}),
        ...(input.variationCode ? { billersCode: input.phone, variation_code: input.variationCode } : {}),
      });
      return readVend(body);
    } catch (error) {
      return { status: 'pending', code: 'timeout', message: error instanceof Error ? error.message : 'no answer', raw: null };
    }
  }

  async requery(requestId: string): Promise<VendResult> {
    try {
      return readVend(await this.send('POST', '/requery', { request_id: requestId }));
    } catch (error) {
      return { status: 'pending', code: 'timeout', message: error instanceof Error ? error.message : 'no answer', raw: null };
    }
  }

  /** Bundles the provider offers for a service, tolerant of `variations` / `varations` and string amounts. */
  async variations(serviceId: string): Promise<Variation[]> {
    const body = (await this.send('GET', `/service-variations?serviceID=${encodeURIComponent(serviceId)}`)) as {
      content?: { variations?: unknown[]; varations?: unknown[] };
    };
    const list = (body.content?.variations ?? body.content?.varations ?? []) as { variation_code?: unknown; name?: unknown; variation_amount?: unknown }[];
    return list.map((v) => ({ variation_code: String(v.variation_code), name: String(v.name), amount: Number(v.variation_amount) }));
  }
}
