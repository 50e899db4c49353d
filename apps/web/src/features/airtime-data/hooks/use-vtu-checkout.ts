import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Envelope, VtuPurchase } from '@ruwa/contract';
import { ApiError, isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { payByCard } from '@/lib/paystack';
import { queryKeys } from '@/lib/query-keys';
import { buyAirtime, type AirtimeInput, type VtuPayment } from '../api/buy-airtime';
import { buyData, type DataInput } from '../api/buy-data';

export type VtuOrder = { kind: 'airtime'; input: AirtimeInput } | { kind: 'data'; input: DataInput };
export type PaymentMethod = 'card' | 'wallet';
/** paying: the payment is being set up or the card popup is open; saving: the purchase call runs. */
export type CheckoutPhase = 'idle' | 'paying' | 'saving';

export const POSSIBLE_DUPLICATE = 'possible_duplicate';
export const PAID_BUT_UNCONFIRMED =
  'Your payment went through, but we could not confirm the purchase yet. We will finish it and notify you.';

type CheckoutHandlers = {
  /** Delivered or still pending with the network: the success screen. */
  onPaid: (purchase: VtuPurchase) => void;
  /** The card popup was closed: the failure screen. */
  onClosed: () => void;
  /** A failure the form shows itself (422 field errors, a short wallet...). */
  onError: (error: unknown) => void;
};

type Duplicate = { message: string; order: VtuOrder; method: PaymentMethod };

function buy(order: VtuOrder, payment: VtuPayment): Promise<Envelope<VtuPurchase>> {
  return order.kind === 'airtime'
    ? buyAirtime({ ...order.input, ...payment })
    : buyData({ ...order.input, ...payment });
}

/**
 * Pays for airtime or data by card or from the wallet, then records the purchase.
 * The server refuses the same amount to the same number within 30 seconds unless the customer says
 * it is meant (409 possible_duplicate): that question is held here until they answer it.
 */
export function useVtuCheckout({ onPaid, onClosed, onError }: CheckoutHandlers) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  const [refunded, setRefunded] = useState<string | null>(null);
  const busy = useRef(false);

  const refreshBalances = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.vtu.recent() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
  };

  async function run(order: VtuOrder, method: PaymentMethod, confirmDuplicate: boolean) {
    if (busy.current) return;
    busy.current = true;
    setPhase('paying');
    setRefunded(null);
    let paidByCard = false;
    try {
      let result: Envelope<VtuPurchase>;
      if (method === 'wallet') {
        result = await buy(order, {
          payment_method: 'wallet',
          ...(confirmDuplicate ? { confirm_duplicate: true } : {}),
        });
      } else {
        const checkout = await payByCard(order.kind, {
          ...order.input,
          ...(confirmDuplicate ? { confirm_duplicate: true } : {}),
        });
        if (checkout.status === 'closed') {
          onClosed();
          return;
        }
        paidByCard = true;
        setPhase('saving');
        result = await buy(order, { transaction_id: checkout.reference });
      }
      refreshBalances();
      if (result.data.status === 'refunded') {
        // The network failed and the money is back in the wallet: say so here, not on a success screen.
        setRefunded(result.message);
        notifyError(result.message);
        return;
      }
      onPaid(result.data);
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.code === POSSIBLE_DUPLICATE) {
        setDuplicate({ message: error.message, order, method });
        return;
      }
      if (paidByCard) {
        refreshBalances();
        // The payment is recorded on the server and its webhook completes the purchase.
        const unreachable = !isApiError(error) || error.status === 0 || error.status >= 500;
        onError(unreachable ? new ApiError(0, PAID_BUT_UNCONFIRMED) : error);
        return;
      }
      onError(error);
    } finally {
      busy.current = false;
      setPhase('idle');
    }
  }

  return {
    phase,
    /** The server's message when the network failed and the money went back to the wallet. */
    refunded,
    pay: (order: VtuOrder, method: PaymentMethod) => run(order, method, false),
    duplicate: {
      message: duplicate?.message ?? null,
      confirm: () => {
        if (!duplicate) return;
        setDuplicate(null);
        void run(duplicate.order, duplicate.method, true);
      },
      dismiss: () => setDuplicate(null),
    },
  };
}
