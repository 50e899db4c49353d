import { AppError } from '../../lib/http/errors';
import { callProvider, type ProviderFailure } from '../http/provider-call';
import { providerOperation, type ProviderCallObserver } from '../metrics/metrics';

/**
 * The SMS provider gave no usable answer or refused the message. A 502 for the customer, who is
 * waiting for the code and can ask again; nothing is retried behind their back.
 */
export class SmsError extends AppError {
  constructor(
    /** Why, for logs and metrics. */
    readonly reason: ProviderFailure | 'refused',
    /** The provider's own words, when it gave some (logged, never shown). */
    readonly detail?: string,
  ) {
    super('bad_gateway', 'We could not send the SMS just now. Please try again in a minute.');
    this.name = 'SmsError';
  }
}

/**
 * The one SMS client, speaking Termii's API: `POST {base}/api/sms/send` with
 * `{ to, from, sms, type: "plain", channel: "generic", api_key }`, answered
 * `{ message_id, message, balance, user }`. In sandbox mode it is pointed at our own /sandbox/sms.
 */
export class SmsClient {
  constructor(
    /** A function, because the sandbox's address is known only once the server listens. */
    private readonly baseUrl: () => string,
    private readonly apiKey: string,
    /** The registered sender ID the message comes from (3 to 11 letters or digits). */
    private readonly senderId: string,
    private readonly timeoutMs = 10_000,
    /** Told how each call ended (the metrics). */
    private readonly observe: ProviderCallObserver = () => undefined,
  ) {}

  /** Sends one plain-text SMS to a +234... number; answers the provider's message id or throws SmsError. */
  async send(message: { to: string; text: string }): Promise<{ messageId: string }> {
    const path = '/api/sms/send';
    const started = performance.now();
    try {
      const result = await this.sendOnce(path, message);
      this.observe(providerOperation(path), 'ok', (performance.now() - started) / 1000);
      return result;
    } catch (error) {
      const outcome = error instanceof SmsError ? error.reason : 'error';
      this.observe(providerOperation(path), outcome, (performance.now() - started) / 1000);
      throw error;
    }
  }

  private async sendOnce(path: string, message: { to: string; text: string }): Promise<{ messageId: string }> {
    const res = await callProvider(
      `${this.baseUrl()}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: {
          // Termii takes the number in international form without the plus.
          to: message.to.replace(/^\+/, ''),
          from: this.senderId,
          sms: message.text,
          type: 'plain',
          channel: 'generic',
          api_key: this.apiKey,
        },
        timeoutMs: this.timeoutMs,
      },
      (reason) => new SmsError(reason),
    );
    const body = (res.body ?? {}) as { message_id?: unknown; message?: unknown };
    const detail = typeof body.message === 'string' ? body.message : undefined;
    if (!res.ok) throw new SmsError('refused', detail ?? `HTTP ${res.status}`);
    const messageId = body.message_id;
    if ((typeof messageId !== 'string' && typeof messageId !== 'number') || String(messageId) === '') {
      throw new SmsError('unreadable', detail);
    }
    return { messageId: String(messageId) };
  }
}
