import { randomBytes } from 'node:crypto';
import { LAGOS_TIME_ZONE } from '@ruwa/contract/dates';
import pMap from 'p-map';
import { callProvider, type ProviderFailure } from '../http/provider-call';
import { providerOperation, type ProviderCallObserver } from '../metrics/metrics';

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
      timeZone: LAGOS_TIME_ZONE,
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

/** Where the provider posts its `transaction-update` callback (set as the callback URL on VTpass). */
export const VTU_CALLBACK_PATH = '/api/vtu/callback';

/** VTpass's answer to a requery for a request id it never received. */
export const UNKNOWN_REQUEST_CODE = '015';

/**
 * Reads a VTpass answer: code "000" (or 0) with content.transactions.status delivered | pending |
 * failed; "099" processing; "016" failed and "040" reversed (both refunded); "014" duplicate request
 * id. Anything unreadable is treated as pending, so money is only refunded on a definite failure.
 */
export function readVend(body: unknown): VendResult {
  const answer = (body ?? {}) as {
    code?: unknown;
    response_description?: unknown;
    content?: { transactions?: { status?: unknown } };
  };
  const code = String(answer.code ?? '').padStart(3, '0');
  const message = String(answer.response_description ?? '');
  const txStatus = String(answer.content?.transactions?.status ?? '').toLowerCase();
  if (code === '000') {
    if (txStatus === 'delivered' || txStatus === 'successful') return { status: 'delivered', code, message, raw: body };
    if (txStatus === 'failed' || txStatus === 'reversed') return { status: 'failed', code, message, raw: body };
    return { status: 'pending', code, message, raw: body };
  }
  if (code === '016' || code === '040') return { status: 'failed', code, message, raw: body };
  return { status: 'pending', code, message, raw: body };
}

/** Naira as the provider writes it (a number, "1000.00" or "1,000") in kobo; null when unreadable. */
function nairaToKoboOrNull(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const naira = Number(String(value).replace(/,/g, '').trim() || Number.NaN);
  return Number.isFinite(naira) ? Math.round(naira * 100) : null;
}

/**
 * What the provider took from our float for a vend, in kobo: VTpass's `total_amount` (the face value
 * less its commission, which it gives as a discount), else the face value it names. Null when the
 * answer names neither.
 */
export function providerChargeKobo(body: unknown): number | null {
  const answer = (body ?? {}) as {
    amount?: unknown;
    content?: { transactions?: { amount?: unknown; total_amount?: unknown } };
  };
  const vend = answer.content?.transactions;
  return nairaToKoboOrNull(vend?.total_amount) ?? nairaToKoboOrNull(vend?.amount) ?? nairaToKoboOrNull(answer.amount);
}

/** One vend as the provider sees it now; `unknown`: it never received that request id. */
export type ProviderVend = {
  requestId: string;
  status: VendStatus | 'unknown';
  /** The face value it vended, in kobo (null when the answer names none). */
  amountKobo: number | null;
};

/** Reads a requery answer for reconciliation: the status as `readVend` sees it, and the amount. */
export function readProviderVend(requestId: string, body: unknown): ProviderVend {
  const answer = (body ?? {}) as {
    code?: unknown;
    amount?: unknown;
    content?: { transactions?: { amount?: unknown } };
  };
  if (String(answer.code ?? '').padStart(3, '0') === UNKNOWN_REQUEST_CODE)
    return { requestId, status: 'unknown', amountKobo: null };
  return {
    requestId,
    status: readVend(body).status,
    amountKobo: nairaToKoboOrNull(answer.content?.transactions?.amount ?? answer.amount),
  };
}

/**
 * Reads a balance answer, `{ code: 1, contents: { balance } }` (VTpass answers this one with code 1
 * where its vends say "000"; both are taken). Null when it carries no balance.
 */
export function readBalance(body: unknown): number | null {
  const answer = (body ?? {}) as { code?: unknown; contents?: { balance?: unknown } };
  const code = String(answer.code ?? '');
  if (code !== '1' && code.padStart(3, '0') !== '000') return null;
  return nairaToKoboOrNull(answer.contents?.balance);
}

/**
 * What a delivered prepaid electricity vend hands over: VTpass gives the token as `mainToken` or
 * `token`, or only inside `purchased_code` ("Token : 1234..."), and the units as `units` or
 * `mainTokenUnits`. Nulls when the answer carries none (postpaid, or not delivered yet).
 */
export function readBillToken(body: unknown): { token: string | null; units: string | null } {
  const answer = (body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() || null : null;
  const fromCode = /token\s*:?\s*([\d\s-]{12,40}\d)/i.exec(text(answer.purchased_code) ?? '')?.[1];
  const raw = text(answer.mainToken) ?? text(answer.token)?.replace(/^token\s*:\s*/i, '') ?? fromCode ?? null;
  const token = raw ? raw.replace(/[\s-]/g, '') || null : null;
  const units = text(answer.units) ?? text(answer.mainTokenUnits);
  return { token, units: token ? units : null };
}

/**
 * The commission the provider earned us on a vend, in kobo, from `commission_details.amount` (else
 * `commission`); 0 when it names none.
 */
export function providerCommissionKobo(body: unknown): number {
  const vend = ((body ?? {}) as { content?: { transactions?: Record<string, unknown> } }).content?.transactions ?? {};
  const details = (vend.commission_details ?? {}) as { amount?: unknown };
  return nairaToKoboOrNull(details.amount) ?? nairaToKoboOrNull(vend.commission) ?? 0;
}

/** A meter as the provider's merchant-verify names it; `found: false` when it does not know it. */
export type MeterCheck =
  | { found: true; customerName: string; address: string | null; meterType: string | null }
  | { found: false; message: string };

/** Reads a merchant-verify answer: `content.Customer_Name`, or `content.error` / `WrongBillersCode`. */
export function readMeterCheck(body: unknown): MeterCheck {
  const answer = (body ?? {}) as { code?: unknown; content?: Record<string, unknown> };
  const content = answer.content ?? {};
  const name = typeof content.Customer_Name === 'string' ? content.Customer_Name.trim() : '';
  const code = String(answer.code ?? '').padStart(3, '0');
  if (code !== '000' || content.WrongBillersCode === true || !name)
    return { found: false, message: typeof content.error === 'string' ? content.error : 'unknown meter' };
  const address = typeof content.Address === 'string' && content.Address.trim() ? content.Address.trim() : null;
  const meterType = typeof content.Meter_Type === 'string' ? content.Meter_Type.toLowerCase() : null;
  return { found: true, customerName: name, address, meterType };
}

export type Variation = { variation_code: string; name: string; amount: number };

/** The provider gave no usable answer: unreachable, too slow, a 5xx, or a body we cannot read. */
export class VtuProviderError extends Error {
  constructor(readonly reason: ProviderFailure) {
    super(`VTU provider: ${reason.replace('_', ' ')}`);
    this.name = 'VtuProviderError';
  }
}

/** No answer we can trust: the vend may or may not have happened, so it stays pending for the requery job. */
const unknownOutcome = (error: unknown): VendResult => {
  const reason = error instanceof VtuProviderError ? error.reason : 'unreachable';
  return { status: 'pending', code: reason, message: error instanceof Error ? error.message : 'no answer', raw: null };
};

export class VtuClient {
  constructor(
    private readonly baseUrl: () => string,
    private readonly keys: { apiKey: string; secretKey: string; publicKey: string },
    /** Each call gives up after this long; a vend that times out is re-queried, never refunded blind. */
    private readonly timeoutMs = 10_000,
    /** Told how each call ended (the metrics). */
    private readonly observe: ProviderCallObserver = () => undefined,
  ) {}

  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const answer = await this.sendOnce(method, path, body);
      this.observe(providerOperation(path), 'ok', seconds());
      return answer;
    } catch (error) {
      this.observe(providerOperation(path), error instanceof VtuProviderError ? error.reason : 'error', seconds());
      throw error;
    }
  }

  private async sendOnce(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { 'api-key': this.keys.apiKey, accept: 'application/json' };
    if (method === 'POST') {
      headers['secret-key'] = this.keys.secretKey;
      headers['content-type'] = 'application/json';
    } else {
      headers['public-key'] = this.keys.publicKey;
    }
    const answer = await callProvider(
      `${this.baseUrl()}${path}`,
      { method, headers, body, timeoutMs: this.timeoutMs },
      (reason) => new VtuProviderError(reason),
    );
    return answer.body;
  }

  /**
   * Vends airtime, data or a bill (`billersCode`: the meter; for electricity the meter type goes as
   * `variationCode`). A timeout or an unreadable answer reads as pending, never as failed.
   */
  async pay(input: {
    requestId: string;
    serviceId: string;
    phone: string;
    amountNaira?: number;
    variationCode?: string;
    billersCode?: string;
  }): Promise<VendResult> {
    try {
      const body = await this.send('POST', '/pay', {
        request_id: input.requestId,
        serviceID: input.serviceId,
        phone: input.phone,
        ...(input.amountNaira !== undefined ? { amount: input.amountNaira } : {}),
        ...(input.variationCode
          ? { billersCode: input.billersCode ?? input.phone, variation_code: input.variationCode }
          : {}),
      });
      return readVend(body);
    } catch (error) {
      return unknownOutcome(error);
    }
  }

  /**
   * Looks a meter up (`merchant-verify` with `type`) before any money moves. Throws VtuProviderError
   * when the provider gives no usable answer.
   */
  async verifyMeter(input: { serviceId: string; billersCode: string; type: string }): Promise<MeterCheck> {
    return readMeterCheck(
      await this.send('POST', '/merchant-verify', {
        billersCode: input.billersCode,
        serviceID: input.serviceId,
        type: input.type,
      }),
    );
  }

  async requery(requestId: string): Promise<VendResult> {
    try {
      return readVend(await this.send('POST', '/requery', { request_id: requestId }));
    } catch (error) {
      return unknownOutcome(error);
    }
  }

  /**
   * What the provider holds of our float (`GET /balance`), in kobo. Throws VtuProviderError when it
   * gives no usable answer.
   */
  async balanceKobo(): Promise<number> {
    const kobo = readBalance(await this.send('GET', '/balance'));
    if (kobo === null) throw new VtuProviderError('unreadable');
    return kobo;
  }

  /**
   * The provider's view of these vends. VTpass has no list of transactions by day, so this is one
   * requery per request id, a few at a time. A vend the provider gave no usable answer about is left
   * out: nothing can be said of it this time.
   */
  async vendsByRequestId(requestIds: string[], concurrency = 4): Promise<Map<string, ProviderVend>> {
    const found = new Map<string, ProviderVend>();
    await pMap(
      requestIds,
      async (requestId) => {
        try {
          found.set(
            requestId,
            readProviderVend(requestId, await this.send('POST', '/requery', { request_id: requestId })),
          );
        } catch (error) {
          if (!(error instanceof VtuProviderError)) throw error;
        }
      },
      { concurrency },
    );
    return found;
  }

  /**
   * The bundles the provider offers for a data service (`mtn-data`, ...). Throws VtuProviderError when
   * the provider gives no usable answer: there is no safe default for a price list.
   */
  async variations(serviceId: string): Promise<Variation[]> {
    return readVariations(await this.send('GET', `/service-variations?serviceID=${encodeURIComponent(serviceId)}`));
  }
}

/**
 * Reads a service-variations answer, tolerant of VTpass's quirks: the list under `variations` or
 * `varations`, amounts as strings ("339.00", "1,000"). Entries without a code or a positive amount are
 * left out rather than guessed at.
 */
export function readVariations(body: unknown): Variation[] {
  const content = ((body ?? {}) as { content?: { variations?: unknown; varations?: unknown } }).content ?? {};
  const list = Array.isArray(content.variations)
    ? content.variations
    : Array.isArray(content.varations)
      ? content.varations
      : [];
  const out: Variation[] = [];
  for (const entry of list as { variation_code?: unknown; name?: unknown; variation_amount?: unknown }[]) {
    const raw = entry?.variation_code;
    const code = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
    const amount = Number(
      String(entry?.variation_amount ?? '')
        .replace(/,/g, '')
        .trim() || Number.NaN,
    );
    if (!code || !Number.isFinite(amount) || amount <= 0) continue;
    out.push({
      variation_code: code,
      name: typeof entry.name === 'string' && entry.name.trim() ? entry.name.trim() : code,
      amount,
    });
  }
  return out;
}
