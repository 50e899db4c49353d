import type { PaymentPurpose } from '@ruwa/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import type { Sale } from '../ledger/service';

/** What a completed payment bought: the payment row records it, and a replay answers it again. */
export type Fulfilment =
  | { kind: 'order'; orderId: number }
  | { kind: 'subscription'; subscriptionId: number }
  | { kind: 'vtu_purchase'; purchaseId: number }
  | { kind: 'deposit'; entryId: number };

/**
 * What a payment can buy. Each module that sells something registers its purpose here (orders,
 * wallet deposits, VTU), so payments never imports them and every completion path — the client's
 * call, the webhook, the reconciliation job — runs the same code.
 */
export type Prepared<Result extends Fulfilment = Fulfilment> = {
  /** The server's price for the purchase. */
  amountKobo: number;
  /**
   * What a card payment for this purchase sold, posted with the fulfilment as its `card_payment`
   * journal. Absent when `fulfil` posts the money itself (a deposit credits the customer's wallet).
   */
  sale?: Sale;
  /** Creates what was bought inside the payment's transaction. */
  fulfil: (tx: Tx, payment: { id: number; reference: string }) => Promise<Result>;
  /**
   * What the receipt e-mail of the payment says was bought: its reference (ORD-n, SUB-n, VTU-n, or a
   * deposit's TX_ id), what it was and the fee inside the amount. Mailed after the commit.
   */
  receipt?: (result: Result) => PaymentReceipt;
  /** Work that must wait for the commit, such as calling another provider (VTU vends). */
  afterCommit?: (result: Result) => Promise<void>;
};

/** A card payment's receipt: `deposit` for money added to the wallet, `payment` for a purchase. */
export type PaymentReceipt = { kind: 'payment' | 'deposit'; reference: string; what: string; feeKobo: number };

export type Purpose<Input = unknown, Result extends Fulfilment = Fulfilment> = {
  name: PaymentPurpose;
  /** Parses the purchase from a request body or from the payment's metadata. */
  input: z.ZodType<Input>;
  /**
   * Prices the purchase. `stage` says whether the card is about to be charged (`intent`: refuse
   * anything that no longer holds) or already was (`paid`: prefer completing it where a rule allows).
   */
  prepare: (ctx: AppContext, userId: number, input: Input, stage: 'intent' | 'paid') => Promise<Prepared<Result>>;
  /** Checks before any money moves (e.g. the VTU duplicate guard); `raw` is the whole request body. */
  beforePayment?: (ctx: AppContext, userId: number, input: Input, raw: Record<string, unknown>) => Promise<void>;
};

const purposes = new Map<string, Purpose>();

/** Makes a purpose completable by name (webhooks, reconciliation) and answers it for its module's own calls. */
export function registerPurpose<Input, Result extends Fulfilment>(
  purpose: Purpose<Input, Result>,
): Purpose<Input, Result> {
  purposes.set(purpose.name, purpose as unknown as Purpose);
  return purpose;
}

export function purposeNamed(name: string): Purpose | undefined {
  return purposes.get(name);
}
