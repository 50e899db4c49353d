import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Envelope, VtuPurchase } from '@ruwa/contract';
import { API_ERROR_CODES } from '@ruwa/contract/payments';
import { ApiError, isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useCheckout, useResumePaidCheckout, type CheckoutPhase, type PaymentMethod } from '@/lib/use-checkout';
import { queryKeys } from '@/lib/query-keys';
import { buyAirtime, type AirtimeInput, type VtuPayment } from '../api/buy-airtime';
import { buyData, type DataInput } from '../api/buy-data';

export type VtuOrder = { kind: 'airtime'; input: AirtimeInput } | { kind: 'data'; input: DataInput };
export type { CheckoutPhase, PaymentMethod };

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
  const { phase, checkout } = useCheckout();
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  const [refunded, setRefunded] = useState<{ message: string; purchase: VtuPurchase } | null>(null);

  const refreshBalances = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.vtu.recent() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
  };

  async function run(order: VtuOrder, method: PaymentMethod, confirmDuplicate: boolean) {
    setRefunded(null);
    const confirm = confirmDuplicate ? { confirm_duplicate: true } : {};
    const outcome = await checkout({
      method,
      purpose: order.kind,
      input: { ...order.input, ...confirm },
      // The wallet path answers the duplicate question with the purchase; the card path did at setup.
      record: (payment) => buy(order, 'payment_method' in payment ? { ...payment, ...confirm } : payment),
    });
    switch (outcome?.status) {
      case undefined:
        return;
      case 'paid': {
        refreshBalances();
        const result = outcome.result;
        if (result.data.status === 'refunded') {
          // The network failed and the money is back in the wallet: say so here, not on a success screen.
          setRefunded({ message: result.message, purchase: result.data });
          notifyError(result.message);
          return;
        }
        onPaid(result.data);
        return;
      }
      case 'closed':
        onClosed();
        return;
      case 'declined':
        if (outcome.error.status === 409 && outcome.error.code === API_ERROR_CODES.possibleDuplicate) {
          setDuplicate({ message: outcome.error.message, order, method });
          return;
        }
        onError(outcome.error);
        return;
      case 'pending': {
        refreshBalances();
        // The payment is recorded on the server and its webhook completes the purchase.
        const { error } = outcome;
        const unreachable = !isApiError(error) || error.status === 0 || error.status >= 500;
        onError(unreachable ? new ApiError(0, PAID_BUT_UNCONFIRMED) : error);
        return;
      }
      case 'error':
        onError(new Error(outcome.message));
    }
  }

  return {
    phase,
    /** The server's message, and the purchase, when the network failed and the money went back to the wallet. */
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

const VTU_PURPOSES = ['airtime', 'data'] as const;

/** A reload between paying for airtime or data and the answer confirms that payment (see useResumePaidCheckout). */
export function useResumePaidPurchase(onPaid: (purchase: VtuPurchase) => void) {
  return useResumePaidCheckout({
    purposes: VTU_PURPOSES,
    record: (paid, payment) => buy({ kind: paid.purpose, input: paid.input } as VtuOrder, payment),
    onPaid: (result) => onPaid(result.data),
    failedMessage: PAID_BUT_UNCONFIRMED,
  });
}
