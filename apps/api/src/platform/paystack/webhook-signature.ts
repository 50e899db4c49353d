import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack signs webhooks with the hex HMAC-SHA512 of the raw body, keyed by the secret key. */
export function signWebhook(rawBody: string | Buffer, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export function isValidWebhookSignature(rawBody: string | Buffer, signature: unknown, secretKey: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhook(rawBody, secretKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
