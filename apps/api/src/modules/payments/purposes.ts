import type { PaymentPurpose } from '@ruwa/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';

/**
 * What a payment can buy. Each module that sells something registers its purpose here (orders,
 * wallet deposits, VTU), so payments never imports them and every completion path — the client's
 * call, the webhook, the reconciliation job — runs the same code.
 */
export type Prepared = {
  /** The server's price for the purchase. */
  amountKobo: number;
  /** Creates what was bought inside the payment's transaction; answers a reference to it. */
  fulfil: (tx: Tx, payment: { id: number; reference: string }) => Promise<string>;
  /** Work that must wait for the commit, such as calling another provider (VTU vends). */
  afterCommit?: (resultRef: string) => Promise<void>;
};

export type Purpose<Input = unknown> = {
  /** Parses the purchase from a request body or from the payment's metadata. */
  input: z.ZodType<Input>;
  prepare: (ctx: AppContext, userId: number, input: Input) => Promise<Prepared>;
  /** Checks before any money moves (e.g. the VTU duplicate guard); `raw` is the whole request body. */
  beforePayment?: (ctx: AppContext, userId: number, input: Input, raw: Record<string, unknown>) => Promise<void>;
};

const purposes = new Map<string, Purpose<unknown>>();

export function registerPurpose<Input>(name: PaymentPurpose, purpose: Purpose<Input>) {
  purposes.set(name, purpose as Purpose<unknown>);
}

export function purposeNamed(name: string): Purpose<unknown> | undefined {
  return purposes.get(name);
}
