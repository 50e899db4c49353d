import { AppError } from '../../lib/http/errors';

/** A transaction as verify answers it, with Paystack's shape variations smoothed out. */
export type PaystackTransaction = {
  reference: string;
  status: 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'reversed' | string;
  amountKobo: number;
  currency: string;
  metadata: Record<string, unknown> | null;
  paidAt: string | null;
  email: string | null;
  gatewayResponse: string | null;
};

export type Bank = { name: string; code: string };
export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed' | 'otp' | 'received' | string;

type Envelope<T> = { status: boolean; message: string; data: T };

export class PaystackError extends AppError {}

/**
 * Paystack metadata arrives as an object, a JSON string, "", 0 or null depending on how the
 * transaction was made. Anything that is not an object becomes null.
 */
export function normalizeMetadata(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      return normalizeMetadata(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

const toKobo = (amount: unknown) => (typeof amount === 'string' ? Number(amount) : Number(amount ?? NaN));

/** The one Paystack client. In sandbox mode it is pointed at our own /sandbox/paystack. */
export class PaystackClient {
  constructor(
    /** A function, because the sandbox's address is known only once the server listens. */
    private readonly baseUrl: () => string,
    private readonly secretKey: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ ok: boolean; status: number; body: Envelope<T> | null }> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl()}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new PaystackError('bad_gateway', 'The payment provider could not be reached. Please try again shortly.');
    }
    if (res.status >= 500) throw new PaystackError('bad_gateway', 'The payment provider is having trouble. Please try again shortly.');
    let parsed: Envelope<T> | null = null;
    try {
      parsed = (await res.json()) as Envelope<T>;
    } catch {
      throw new PaystackError('bad_gateway', 'The payment provider sent an answer we could not read.');
    }
    return { ok: res.ok && parsed?.status === true, status: res.status, body: parsed };
  }

  async initialize(input: { email: string; amountKobo: number; reference: string; currency?: string; metadata?: unknown; callbackUrl?: string }) {
    const res = await this.request<{ authorization_url: string; access_code: string; reference: string }>('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amountKobo,
      reference: input.reference,
      currency: input.currency ?? 'NGN',
      metadata: input.metadata,
      callback_url: input.callbackUrl,
    });
    if (!res.ok || !res.body) throw new PaystackError('bad_gateway', res.body?.message ?? 'The payment could not be started.');
    return res.body.data;
  }

  /** The transaction, or null when Paystack does not know the reference. */
  async verify(reference: string): Promise<PaystackTransaction | null> {
    const res = await this.request<Record<string, unknown>>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if (!res.ok || !res.body?.data) {
      if (res.status === 400 || res.status === 404) return null;
      throw new PaystackError('bad_gateway', res.body?.message ?? 'The payment could not be verified.');
    }
    const data = res.body.data;
    const customer = data.customer as { email?: string } | undefined;
    return {
      reference: String(data.reference ?? reference),
      status: String(data.status ?? 'unknown'),
      amountKobo: toKobo(data.amount),
      currency: String(data.currency ?? ''),
      metadata: normalizeMetadata(data.metadata),
      paidAt: (data.paid_at ?? data.paidAt ?? null) as string | null,
      email: customer?.email ?? null,
      gatewayResponse: (data.gateway_response ?? null) as string | null,
    };
  }

  async listBanks(): Promise<Bank[]> {
    const res = await this.request<{ name: string; code: string; active?: boolean }[]>('GET', '/bank?country=nigeria&currency=NGN&perPage=100');
    if (!res.ok || !res.body) throw new PaystackError('bad_gateway', res.body?.message ?? 'The bank list is not available right now.');
    return res.body.data.filter((bank) => bank.active !== false).map((bank) => ({ name: bank.name, code: bank.code }));
  }

  /** The account holder's name, or null when the account cannot be resolved. */
  async resolveAccount(accountNumber: string, bankCode: string): Promise<string | null> {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const res = await this.request<{ account_name: string }>('GET', `/bank/resolve?${query}`);
    if (!res.ok || !res.body?.data) {
      if (res.status >= 400 && res.status < 500) return null;
      throw new PaystackError('bad_gateway', 'The bank account could not be checked right now.');
    }
    return res.body.data.account_name;
  }

  async createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string> {
    const res = await this.request<{ recipient_code: string }>('POST', '/transferrecipient', {
      type: 'nuban',
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: 'NGN',
    });
    if (!res.ok || !res.body) throw new PaystackError('bad_gateway', res.body?.message ?? 'The bank account could not be saved with the provider.');
    return res.body.data.recipient_code;
  }

  async transfer(input: { amountKobo: number; recipientCode: string; reference: string; reason: string }) {
    const res = await this.request<{ transfer_code: string; status: TransferStatus; reference: string }>('POST', '/transfer', {
      source: 'balance',
      amount: input.amountKobo,
      recipient: input.recipientCode,
      reference: input.reference,
      reason: input.reason,
    });
    if (!res.ok || !res.body) throw new PaystackError('bad_gateway', res.body?.message ?? 'The transfer could not be started.');
    return { transferCode: res.body.data.transfer_code, status: res.body.data.status };
  }

  /** The transfer's status, or null when Paystack does not know the reference. */
  async verifyTransfer(reference: string): Promise<TransferStatus | null> {
    const res = await this.request<{ status: TransferStatus }>('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
    if (!res.ok || !res.body?.data) {
      if (res.status === 400 || res.status === 404) return null;
      throw new PaystackError('bad_gateway', 'The transfer could not be verified.');
    }
    return res.body.data.status;
  }
}
