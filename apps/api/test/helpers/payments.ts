import { randomBytes } from 'node:crypto';
import type { TestApp } from './app';
import { call } from './factories';

/**
 * Pays through the Paystack sandbox exactly as the checkout does (it also sends the signed
 * charge.success webhook). Answers the reference to hand to a store endpoint.
 */
export async function sandboxCharge(
  t: TestApp,
  options: {
    amountKobo: number;
    email: string;
    metadata?: Record<string, unknown>;
    outcome?: 'success' | 'failed';
    currency?: string;
    reference?: string;
  },
): Promise<string> {
  const reference = options.reference ?? `T_${randomBytes(8).toString('hex')}`;
  const res = await call(t, 'POST', '/sandbox/paystack/test/charge', {
    body: {
      reference,
      email: options.email,
      amount: options.amountKobo,
      currency: options.currency ?? 'NGN',
      metadata: options.metadata,
      outcome: options.outcome ?? 'success',
    },
  });
  if (res.status !== 200) throw new Error(`sandbox charge failed: ${res.status} ${JSON.stringify(res.body)}`);
  return reference;
}

/** Waits until `read` answers something other than undefined (for work done after a reply). */
export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
