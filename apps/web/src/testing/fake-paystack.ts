/** What the card popup is opened with (Paystack's v2 `newTransaction` options). */
export type PopOptions = {
  key: string;
  email: string;
  amount: number;
  reference: string;
  currency: string;
  metadata?: Record<string, unknown>;
  onSuccess: (response: { reference: string }) => void;
  onCancel: () => void;
};

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
