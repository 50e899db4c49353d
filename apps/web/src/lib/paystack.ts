import type { PaymentIntent, PaymentPurpose } from '@ruwa/contract/payments';
import { api } from './api-client';
import { getEnv } from './env';

/** What Paystack's inline script (or our sandbox's, which speaks the same v1 and v2 interfaces) opens a popup with. */
export type PaystackTransactionOptions = {
  key: string;
  email: string;
  amount: number;
  reference: string;
  currency: string;
  metadata?: Record<string, unknown>;
  onSuccess: (response: { reference: string }) => void;
  onCancel: () => void;
};

type PaystackPopInstance = { newTransaction(options: PaystackTransactionOptions): void };

declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopInstance;
  }
}

export const PAYSTACK_LOAD_ERROR = 'Unable to load paystack inline script';

let loading: Promise<void> | undefined;

/** Loads the inline script once; rejects with 'Unable to load paystack inline script'. */
export function loadPaystack(): Promise<void> {
  if (window.PaystackPop) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = getEnv().paystackInlineUrl;
    script.async = true;
    // A failed load is forgotten, so the next payment tries again.
    const fail = () => {
      script.remove();
      loading = undefined;
      reject(new Error(PAYSTACK_LOAD_ERROR));
    };
    script.onload = () => (window.PaystackPop ? resolve() : fail());
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

export type CheckoutResult = { status: 'paid'; reference: string } | { status: 'closed'; reference: string };

/** Opens the card popup for an amount in kobo; resolves when the customer pays or closes it. */
export async function openCheckout(options: {
  email: string;
  amountKobo: number;
  reference: string;
  metadata?: Record<string, unknown>;
}): Promise<CheckoutResult> {
  await loadPaystack();
  const Pop = window.PaystackPop!;
  return new Promise((resolve) => {
    new Pop().newTransaction({
      key: getEnv().paystackPublicKey,
      email: options.email,
      amount: options.amountKobo,
      reference: options.reference,
      currency: 'NGN',
      metadata: options.metadata,
      onSuccess: (response) => resolve({ status: 'paid', reference: response.reference || options.reference }),
      onCancel: () => resolve({ status: 'closed', reference: options.reference }),
    });
  });
}

/**
 * A card payment for a purchase: the server prices it and records the intent (so it is never lost),
 * then the popup opens with the signed-in user's e-mail, the amount in kobo and the reference.
 * After 'paid', call the purchase's store endpoint with `transaction_id: reference`.
 */
export async function payByCard(purpose: PaymentPurpose, input: Record<string, unknown>): Promise<CheckoutResult> {
  const { data: intent } = await api.post<PaymentIntent>('payments/paystack/initialize', { purpose, ...input });
  return openCheckout({
    email: intent.email,
    amountKobo: intent.amount_kobo,
    reference: intent.reference,
    metadata: intent.metadata,
  });
}
