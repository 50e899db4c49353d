import type { PaymentPurpose } from '@ruwa/contract/payments';

/**
 * A card payment that went through but whose purchase was not recorded yet, kept for this tab only
 * (sessionStorage): a reload between the popup and the answer finds it and finishes recording with
 * the same reference instead of letting the customer pay again.
 */
export type PaidUnrecorded = { purpose: PaymentPurpose; reference: string; input: Record<string, unknown> };

const KEY = 'ruwa.paid-unrecorded';

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const paidUnrecorded = {
  save(value: PaidUnrecorded): void {
    try {
      store()?.setItem(KEY, JSON.stringify(value));
    } catch {
      // Storage disabled: a reload then cannot resume, and the server's webhook still finishes it.
    }
  },
  read(): PaidUnrecorded | null {
    try {
      const raw = store()?.getItem(KEY);
      const value = raw ? (JSON.parse(raw) as Partial<PaidUnrecorded>) : null;
      if (!value || typeof value.reference !== 'string' || typeof value.purpose !== 'string') return null;
      if (typeof value.input !== 'object' || value.input === null) return null;
      return value as PaidUnrecorded;
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      store()?.removeItem(KEY);
    } catch {
      // Nothing to clear.
    }
  },
};
