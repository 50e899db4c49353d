import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { payByCard } from '@/lib/paystack';
import { queryKeys } from '@/lib/query-keys';
import { useWalletBalance } from '@/lib/wallet-query';
import type { PurchaseInput } from '../api/purchase-input';
import { storeProductOrder } from '../api/store-product-order';
import { storeSubscriptionOrder } from '../api/store-subscription-order';

export type PaymentMethod = 'card' | 'wallet';
/** paying: the payment is being set up, the card popup is open or the wallet is debited; saving: the order is stored after a card payment. */
export type CheckoutPhase = 'idle' | 'paying' | 'saving';

/**
 * Why a purchase did not complete, for the form to show:
 * - unsaved: the card was charged but storing the order failed. The server recorded the payment
 *   before the popup opened; its webhook and reconcile job finish the order (or refund it), so the
 *   customer keeps the reference and may try saving again with it.
 * - error: nothing was charged; `fields` holds the server's first message per field.
 */
export type CheckoutProblem =
  | { kind: 'unsaved'; message: string; reference: string }
  | { kind: 'error'; message: string; fields: Record<string, string>; code?: string };

export const UNSAVED_MESSAGE =
  'Your payment went through, but we could not save your order yet. We will reconcile it automatically: your order will be placed or the money returned to your wallet, and we will notify you.';

type CheckoutHandlers = {
  /** The order (or subscription) is stored: the success screen. */
  onPaid: () => void;
  /** The card popup was closed: the failure screen. */
  onClosed: () => void;
};

function isSubscription(input: PurchaseInput): input is Required<PurchaseInput> {
  return input.duration_in_days !== undefined && input.delivery_interval_days !== undefined;
}

function store(input: PurchaseInput, payment: { transaction_id: string } | { payment_method: 'wallet' }) {
  return isSubscription(input) ? storeSubscriptionOrder(input, payment) : storeProductOrder(input, payment);
}

function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) if (messages[0]) fields[field] = messages[0];
  return fields;
}

/**
 * Pays for a water or gas order (one-off or subscription) by card or from the wallet, then stores it.
 */
export function useOrderCheckout({ onPaid, onClosed }: CheckoutHandlers) {
  const queryClient = useQueryClient();
  const wallet = useWalletBalance();
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const busy = useRef(false);

  const moneyMoved = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
  };

  /**
   * `reference`: a card payment already made whose order could not be stored; storing is tried again
   * with it (the server answers the same order for the same reference, never a second one).
   */
  async function pay(
    input: PurchaseInput,
    method: PaymentMethod,
    reference?: string,
  ): Promise<CheckoutProblem | undefined> {
    if (busy.current) return undefined;
    busy.current = true;
    let paidReference = reference;
    setPhase(reference ? 'saving' : 'paying');
    try {
      if (method === 'wallet') {
        await store(input, { payment_method: 'wallet' });
      } else {
        if (!paidReference) {
          const { product_id, location_id, quantity, recipient_address } = input;
          const checkout = isSubscription(input)
            ? await payByCard('subscription_order', {
                product_id,
                location_id,
                quantity,
                recipient_address,
                duration_in_days: input.duration_in_days,
                delivery_interval_days: input.delivery_interval_days,
              })
            : await payByCard('product_order', { product_id, location_id, quantity, recipient_address });
          if (checkout.status === 'closed') {
            onClosed();
            return undefined;
          }
          paidReference = checkout.reference;
          setPhase('saving');
        }
        await store(input, { transaction_id: paidReference });
      }
      moneyMoved();
      onPaid();
      return undefined;
    } catch (error) {
      if (paidReference) {
        moneyMoved();
        const why = isApiError(error) && error.status > 0 && error.status < 500 ? ` (${error.message})` : '';
        return { kind: 'unsaved', message: `${UNSAVED_MESSAGE}${why}`, reference: paidReference };
      }
      if (isApiError(error)) {
        if (error.code === 'insufficient_balance') void wallet.refetch();
        return { kind: 'error', message: error.message, fields: firstMessages(error.errors), code: error.code };
      }
      const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
      return { kind: 'error', message, fields: {} };
    } finally {
      busy.current = false;
      setPhase('idle');
    }
  }

  return {
    onPay: pay,
    phase,
    walletBalance: wallet.data,
    walletLoading: wallet.isPending,
  };
}
