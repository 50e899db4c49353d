import { useEffect, useRef, useState } from 'react';
import type { PaymentPurpose, PurchasePayment } from '@ruwa/contract/payments';
import { isApiError, type ApiError } from './api-client';
import { paidUnrecorded, type PaidUnrecorded } from './paid-unrecorded';
import { payByCard } from './paystack';
import { withWalletPin } from './wallet-pin';

export type PaymentMethod = 'card' | 'wallet';

/** paying: the payment is being set up, the card popup is open or the wallet is debited; saving: the purchase is recorded after a card payment. */
export type CheckoutPhase = 'idle' | 'paying' | 'saving';

export type CheckoutRequest<Result> = {
  method: PaymentMethod;
  /** What the card pays for; the server prices `input` for it before the popup opens. */
  purpose: PaymentPurpose;
  input: Record<string, unknown>;
  /** Records the purchase (the store endpoint) with the card payment's reference or from the wallet. */
  record: (payment: PurchasePayment) => Promise<Result>;
  /**
   * A card payment already made whose purchase could not be recorded: recording is tried again with
   * it, and no popup opens (the server answers the same purchase for the same reference).
   */
  reference?: string;
};

/**
 * How a checkout ended:
 * - paid: the purchase is recorded (by card or from the wallet).
 * - closed: the card popup was closed; nothing was charged.
 * - declined: the server refused the purchase before any money moved (a field error, a wallet too
 *   short, a possible duplicate...); `error.code` says which when the form must act on it.
 * - pending: the card was charged but recording the purchase failed. The server recorded the
 *   payment before the popup opened, and its webhook and reconciliation job finish the purchase
 *   (or refund it), so the customer keeps the reference and may try recording again with it.
 * - error: nothing was charged and the server was not reached (the popup script did not load, the
 *   network failed, the server failed).
 */
export type CheckoutOutcome<Result> =
  | { status: 'paid'; result: Result; reference?: string }
  | { status: 'closed'; reference: string }
  | { status: 'declined'; error: ApiError }
  | { status: 'pending'; reference: string; error: unknown }
  | { status: 'error'; message: string };

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** The request never reached the server or its answer never came (the network, or the page unloading). */
function isUnanswered(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}

/** A refusal the customer can act on: the server answered, and not with a failure of its own. */
function isRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/**
 * The one checkout: pays by card (the server records the intent, the popup charges, the purchase is
 * recorded with the reference) or from the wallet (the purchase is recorded with the debit), and
 * answers one of five outcomes. A second call while one is under way is ignored (answers null), so
 * a double tap never opens two popups; closing the wallet PIN sheet also answers null.
 */
export function useCheckout() {
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const busy = useRef(false);

  async function checkout<Result>(request: CheckoutRequest<Result>): Promise<CheckoutOutcome<Result> | null> {
    if (busy.current) return null;
    busy.current = true;
    let paidReference = request.reference;
    setPhase(paidReference ? 'saving' : 'paying');
    try {
      if (request.method === 'wallet') {
        // The PIN sheet asks first (or has the customer set a PIN); closing it spends nothing.
        const result = await withWalletPin((pin) => request.record({ payment_method: 'wallet', pin }));
        return result === null ? null : { status: 'paid', result };
      }
      if (!paidReference) {
        const card = await payByCard(request.purpose, request.input);
        if (card.status === 'closed') return { status: 'closed', reference: card.reference };
        paidReference = card.reference;
        setPhase('saving');
      }
      // Kept until the answer arrives: a reload in between confirms this payment instead of asking again.
      paidUnrecorded.save({ purpose: request.purpose, reference: paidReference, input: request.input });
      const result = await request.record({ transaction_id: paidReference });
      paidUnrecorded.clear();
      return { status: 'paid', result, reference: paidReference };
    } catch (error) {
      // An answer (a refusal or a failure) ends the record: the form shows it, and the server finishes
      // the rest. A request that got no answer keeps it: a reload cuts the request off this very way,
      // and the next load must still find the payment to confirm it.
      if (paidReference && !isUnanswered(error)) paidUnrecorded.clear();
      if (paidReference) return { status: 'pending', reference: paidReference, error };
      if (isRefusal(error)) return { status: 'declined', error };
      return {
        status: 'error',
        message: error instanceof Error && error.message ? error.message : SOMETHING_WENT_WRONG,
      };
    } finally {
      busy.current = false;
      setPhase('idle');
    }
  }

  return { phase, checkout };
}

/** The card payment this tab kept unrecorded, if it was for one of `purposes`. */
function keptPayment(purposes: readonly PaymentPurpose[]): PaidUnrecorded | null {
  const paid = paidUnrecorded.read();
  return paid && purposes.includes(paid.purpose) ? paid : null;
}

type ResumeRequest<Result> = {
  /** What this screen records: a card payment kept for another purpose is left for its own screen. */
  purposes: readonly PaymentPurpose[];
  /** Records the purchase the kept payment was for, with its reference (the store endpoint). */
  record: (paid: PaidUnrecorded, payment: PurchasePayment) => Promise<Result>;
  onPaid: (result: Result) => void;
  /** What the screen says when the purchase still cannot be recorded (the server finishes it). */
  failedMessage: string;
};

/**
 * After a reload between paying by card and the purchase's answer, the payment kept for this tab
 * is confirmed with the same reference (the server answers the same purchase for it, never a
 * second one), so the customer sees "confirming" and then the result instead of a blank form
 * inviting a second payment. The airtime and data screen and the water and gas screens resume
 * through this one hook, each for its own purposes.
 */
export function useResumePaidCheckout<Result>({ purposes, record, onPaid, failedMessage }: ResumeRequest<Result>) {
  const { checkout } = useCheckout();
  const [confirming, setConfirming] = useState(() => keptPayment(purposes) !== null);
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  const latest = useRef({ purposes, record, onPaid, failedMessage });
  latest.current = { purposes, record, onPaid, failedMessage };

  useEffect(() => {
    // Only what the page found when it opened: a payment kept later is this screen's own checkout.
    if (started.current) return;
    started.current = true;
    const paid = keptPayment(latest.current.purposes);
    if (!paid) return;
    void checkout({
      method: 'card',
      purpose: paid.purpose,
      input: paid.input,
      reference: paid.reference,
      record: (payment) => latest.current.record(paid, payment),
    }).then((outcome) => {
      setConfirming(false);
      if (outcome?.status === 'paid') latest.current.onPaid(outcome.result);
      else if (outcome) setFailed(latest.current.failedMessage);
    });
  }, [checkout]);

  return { confirming, failed };
}

/** The server's first message for each field of a refusal, the shape forms show under inputs. */
export function firstMessages(error: ApiError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) fields[field] = messages[0];
  return fields;
}
