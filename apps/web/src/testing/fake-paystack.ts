import type { PaystackTransactionOptions as PopOptions } from '@/lib/paystack';

/**
 * A stand-in for Paystack's inline script: records what each popup was opened with, then acts as
 * the test says (pay, close, or nothing). Tests remove it with `delete window.PaystackPop`.
 */
export function fakePaystackPop(act: (options: PopOptions) => void) {
  const opened: PopOptions[] = [];
  window.PaystackPop = class {
    newTransaction(options: PopOptions) {
      opened.push(options);
      act(options);
    }
  };
  return opened;
}
