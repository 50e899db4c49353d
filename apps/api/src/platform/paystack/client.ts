import { toPersonName } from '@ruwa/contract';
import { AppError } from '../../lib/http/errors';
import { callProvider, type ProviderFailure } from '../http/provider-call';
import { providerOperation, type ProviderCallObserver } from '../metrics/metrics';

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
  /** card, dedicated_nuban (a bank transfer into a dedicated account), ... */
  channel: string | null;
  /** Paystack's fee on the transaction, in kobo, once it succeeded. */
  feesKobo: number | null;
};

/** A transaction as GET /transaction lists it. */
export type PaystackListedTransaction = {
  reference: string;
  status: string;
  amountKobo: number;
  currency: string;
  channel: string;
  paidAt: string | null;
  createdAt: string;
};

/** A refund as GET /refund lists it. */
export type PaystackListedRefund = {
  id: string;
  /** The reference of the transaction refunded. */
  transactionReference: string;
  amountKobo: number;
  status: RefundStatus;
  createdAt: string;
};

/** A payout to our bank account as GET /settlement lists it. */
export type PaystackSettlement = {
  id: number;
  status: string;
  totalKobo: number;
  feesKobo: number;
  effectiveKobo: number;
  settlementDate: string;
};

/** Transactions per page when listing: Paystack's largest page keeps the calls few. */
const LIST_PAGE_SIZE = 100;

export type Bank = { name: string; code: string };
export type PaystackCustomer = { customerCode: string; email: string };
export type DedicatedAccount = {
  id: string;
  customerCode: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankSlug: string;
};
/** pending, processing, processed, failed (Paystack's refund statuses). */
export type RefundStatus = 'pending' | 'processing' | 'processed' | 'failed' | string;
export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed' | 'otp' | 'received' | string;

type Envelope<T> = { status: boolean; message: string; data: T };

/**
 * Paystack did not give a usable answer (unreachable, too slow, 5xx, unreadable). A 502 for the
 * customer; whatever was under way stays pending for the reconciliation jobs.
 */
export class PaystackError extends AppError {
  constructor(
    message: string,
    /** Why, for logs and for callers that word their own message. */
    readonly reason: ProviderFailure | 'refused',
  ) {
    super('bad_gateway', message);
  }
}

export const PROVIDER_MESSAGES: Record<ProviderFailure, string> = {
  timeout: 'The payment provider is not answering. Please try again shortly.',
  unreachable: 'The payment provider could not be reached. Please try again shortly.',
  server_error: 'The payment provider is having trouble. Please try again shortly.',
  unreadable: 'The payment provider sent an answer we could not read. Please try again shortly.',
};

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
    /** Each call gives up after this long: a hung provider must never hold a customer's request. */
    private readonly timeoutMs = 10_000,
    /** Told how each call ended (the metrics). */
    private readonly observe: ProviderCallObserver = () => undefined,
  ) {}

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ ok: boolean; status: number; body: Envelope<T> | null }> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await this.requestOnce<T>(method, path, body);
      this.observe(providerOperation(path), result.ok ? 'ok' : 'refused', seconds());
      return result;
    } catch (error) {
      this.observe(providerOperation(path), error instanceof PaystackError ? error.reason : 'error', seconds());
      throw error;
    }
  }

  private async requestOnce<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ ok: boolean; status: number; body: Envelope<T> | null }> {
    const res = await callProvider(
      `${this.baseUrl()}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
        timeoutMs: this.timeoutMs,
      },
      (reason) => new PaystackError(PROVIDER_MESSAGES[reason], reason),
    );
    const parsed = res.body;
    if (!parsed || typeof parsed !== 'object' || typeof (parsed as Envelope<T>).status !== 'boolean') {
      throw new PaystackError(PROVIDER_MESSAGES.unreadable, 'unreadable');
    }
    const envelope = parsed as Envelope<T>;
    return { ok: res.ok && envelope.status === true, status: res.status, body: envelope };
  }

  async initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    currency?: string;
    metadata?: unknown;
    callbackUrl?: string;
  }) {
    const res = await this.request<{ authorization_url: string; access_code: string; reference: string }>(
      'POST',
      '/transaction/initialize',
      {
        email: input.email,
        amount: input.amountKobo,
        reference: input.reference,
        currency: input.currency ?? 'NGN',
        metadata: input.metadata,
        callback_url: input.callbackUrl,
      },
    );
    if (!res.ok || !res.body)
      throw new PaystackError(res.body?.message ?? 'The payment could not be started.', 'refused');
    return res.body.data;
  }

  /** The transaction, or null when Paystack does not know the reference. */
  async verify(reference: string): Promise<PaystackTransaction | null> {
    const res = await this.request<Record<string, unknown>>(
      'GET',
      `/transaction/verify/${encodeURIComponent(reference)}`,
    );
    if (!res.ok || !res.body?.data) {
      if (res.status === 400 || res.status === 404) return null;
      throw new PaystackError(res.body?.message ?? 'The payment could not be verified.', 'refused');
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
      channel: typeof data.channel === 'string' ? data.channel : null,
      feesKobo: data.fees === null || data.fees === undefined ? null : toKobo(data.fees),
    };
  }

  /**
   * Every transaction created between `from` and `to` (GET /transaction, all pages), as the
   * provider's statement for reconciliation. Amounts in kobo.
   */
  async listTransactions(range: { from: Date; to: Date; status?: 'success' }): Promise<PaystackListedTransaction[]> {
    const found: PaystackListedTransaction[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        perPage: String(LIST_PAGE_SIZE),
        page: String(page),
        ...(range.status ? { status: range.status } : {}),
      });
      const res = await this.request<Record<string, unknown>[]>('GET', `/transaction?${query}`);
      if (!res.ok || !res.body || !Array.isArray(res.body.data))
        throw new PaystackError(res.body?.message ?? 'The transactions could not be listed.', 'refused');
      for (const data of res.body.data) {
        found.push({
          reference: String(data.reference),
          status: String(data.status ?? 'unknown'),
          amountKobo: toKobo(data.amount),
          currency: String(data.currency ?? ''),
          channel: String(data.channel ?? ''),
          paidAt: (data.paid_at ?? data.paidAt ?? null) as string | null,
          createdAt: String(data.created_at ?? data.createdAt ?? ''),
        });
      }
      const meta = (res.body as { meta?: { pageCount?: number } }).meta;
      if (!meta?.pageCount || page >= meta.pageCount || !res.body.data.length) return found;
    }
  }

  /**
   * Every refund created between `from` and `to` (GET /refund, all pages), whatever its status, as
   * the provider's statement of money given back. Amounts in kobo.
   */
  async listRefunds(range: { from: Date; to: Date }): Promise<PaystackListedRefund[]> {
    const found: PaystackListedRefund[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        perPage: String(LIST_PAGE_SIZE),
        page: String(page),
      });
      const res = await this.request<Record<string, unknown>[]>('GET', `/refund?${query}`);
      if (!res.ok || !res.body || !Array.isArray(res.body.data))
        throw new PaystackError(res.body?.message ?? 'The refunds could not be listed.', 'refused');
      for (const data of res.body.data) {
        const transaction = data.transaction as { reference?: unknown } | number | null | undefined;
        found.push({
          id: String(data.id),
          transactionReference: String(
            data.transaction_reference ??
              (transaction && typeof transaction === 'object' ? transaction.reference : undefined) ??
              '',
          ),
          amountKobo: toKobo(data.amount),
          status: String(data.status ?? 'unknown'),
          createdAt: String(data.createdAt ?? data.created_at ?? ''),
        });
      }
      const meta = (res.body as { meta?: { pageCount?: number } }).meta;
      if (!meta?.pageCount || page >= meta.pageCount || !res.body.data.length) return found;
    }
  }

  /** The most recent settlements (GET /settlement), newest first. Amounts in kobo. */
  async listSettlements(count = 30): Promise<PaystackSettlement[]> {
    const res = await this.request<Record<string, unknown>[]>('GET', `/settlement?perPage=${count}&page=1`);
    if (!res.ok || !res.body || !Array.isArray(res.body.data))
      throw new PaystackError(res.body?.message ?? 'The settlements could not be listed.', 'refused');
    return res.body.data.map((data) => ({
      id: Number(data.id),
      status: String(data.status ?? 'unknown'),
      totalKobo: toKobo(data.total_amount),
      feesKobo: toKobo(data.total_fees),
      effectiveKobo: toKobo(data.effective_amount),
      settlementDate: String(data.settlement_date ?? ''),
    }));
  }

  async listBanks(): Promise<Bank[]> {
    const res = await this.request<{ name: string; code: string; active?: boolean }[]>(
      'GET',
      '/bank?country=nigeria&currency=NGN&perPage=100',
    );
    if (!res.ok || !res.body)
      throw new PaystackError(res.body?.message ?? 'The bank list is not available right now.', 'refused');
    return res.body.data.filter((bank) => bank.active !== false).map((bank) => ({ name: bank.name, code: bank.code }));
  }

  /** The account holder's name, or null when the account cannot be resolved. */
  async resolveAccount(accountNumber: string, bankCode: string): Promise<string | null> {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const res = await this.request<{ account_name: string }>('GET', `/bank/resolve?${query}`);
    if (!res.ok || !res.body?.data) {
      if (res.status >= 400 && res.status < 500) return null;
      throw new PaystackError('The bank account could not be checked right now.', 'refused');
    }
    return res.body.data.account_name;
  }

  async createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string> {
    const res = await this.request<{ recipient_code: string }>('POST', '/transferrecipient', {
      type: 'nuban',
      // Transfers go by account number and bank; the name is a label, kept to a person's alphabet.
      name: toPersonName(input.name, 'Ruwa Customer'),
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: 'NGN',
    });
    if (!res.ok || !res.body)
      throw new PaystackError(res.body?.message ?? 'The bank account could not be saved with the provider.', 'refused');
    return res.body.data.recipient_code;
  }

  async transfer(input: { amountKobo: number; recipientCode: string; reference: string; reason: string }) {
    const res = await this.request<{ transfer_code: string; status: TransferStatus; reference: string }>(
      'POST',
      '/transfer',
      {
        source: 'balance',
        amount: input.amountKobo,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
      },
    );
    if (!res.ok || !res.body)
      throw new PaystackError(res.body?.message ?? 'The transfer could not be started.', 'refused');
    return { transferCode: res.body.data.transfer_code, status: res.body.data.status };
  }

  /** The transfer's status, or null when Paystack does not know the reference. */
  async verifyTransfer(reference: string): Promise<TransferStatus | null> {
    const res = await this.request<{ status: TransferStatus }>(
      'GET',
      `/transfer/verify/${encodeURIComponent(reference)}`,
    );
    if (!res.ok || !res.body?.data) {
      if (res.status === 400 || res.status === 404) return null;
      throw new PaystackError('The transfer could not be verified.', 'refused');
    }
    return res.body.data.status;
  }

  /** Creates the customer, or answers the existing one with that e-mail (Paystack keys customers by e-mail). */
  async createCustomer(input: {
    email: string;
    firstName: string;
    lastName: string;
    phone?: string;
  }): Promise<PaystackCustomer> {
    const res = await this.request<{ customer_code: string; email: string }>('POST', '/customer', {
      email: input.email,
      // Names stored before the contract limited them to letters, spaces and ' - . are cleaned here,
      // the one way out to Paystack, so markup never becomes a dedicated account's name.
      first_name: toPersonName(input.firstName, 'Ruwa'),
      last_name: toPersonName(input.lastName, 'Customer'),
      phone: input.phone,
    });
    if (!res.ok || !res.body?.data?.customer_code)
      throw new PaystackError(res.body?.message ?? 'The customer could not be created with the provider.', 'refused');
    return { customerCode: res.body.data.customer_code, email: res.body.data.email };
  }

  /** Opens a dedicated bank account (NUBAN) for a customer, at the preferred provider bank. */
  async createDedicatedAccount(input: { customerCode: string; preferredBank: string }): Promise<DedicatedAccount> {
    const res = await this.request<{
      id: number | string;
      account_name: string;
      account_number: string;
      bank: { name: string; slug: string };
      customer: { customer_code: string };
    }>('POST', '/dedicated_account', { customer: input.customerCode, preferred_bank: input.preferredBank });
    const data = res.body?.data;
    if (!res.ok || !data?.account_number)
      throw new PaystackError(res.body?.message ?? 'The bank account could not be opened right now.', 'refused');
    return {
      id: String(data.id),
      customerCode: data.customer?.customer_code ?? input.customerCode,
      accountNumber: data.account_number,
      accountName: data.account_name,
      bankName: data.bank.name,
      bankSlug: data.bank.slug,
    };
  }

  /**
   * Asks Paystack to refund a successful transaction to where it came from (the card): the whole
   * amount, or `amountKobo` of it. Paystack answers at once with the refund queued (pending); the
   * `refund.processed` or `refund.failed` webhook says how it ended, days later with a real bank.
   */
  async refund(input: {
    reference: string;
    amountKobo?: number;
    customerNote?: string;
    merchantNote?: string;
  }): Promise<{ id: string; status: RefundStatus; amountKobo: number; transactionReference: string }> {
    const res = await this.request<{
      id: number | string;
      status: RefundStatus;
      amount: number | string;
      transaction: { reference: string };
    }>('POST', '/refund', {
      transaction: input.reference,
      amount: input.amountKobo,
      currency: 'NGN',
      customer_note: input.customerNote,
      merchant_note: input.merchantNote,
    });
    const data = res.body?.data;
    if (!res.ok || !data) throw new PaystackError(res.body?.message ?? 'The refund could not be started.', 'refused');
    return {
      id: String(data.id),
      status: data.status,
      amountKobo: toKobo(data.amount),
      transactionReference: data.transaction?.reference ?? input.reference,
    };
  }
}
