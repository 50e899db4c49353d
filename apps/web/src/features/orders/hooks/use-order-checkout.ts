import { useQueryClient } from '@tanstack/react-query';
import type { Envelope, Order, Subscription } from '@ruwa/contract';
import { API_ERROR_CODES, type PurchasePayment } from '@ruwa/contract/payments';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import {
  firstMessages,
  useCheckout,
  useResumePaidCheckout,
  type CheckoutPhase,
  type PaymentMethod,
} from '@/lib/use-checkout';
import { useWalletBalance } from '@/lib/wallet-query';
import { purchaseFields, type PurchaseInput } from '../api/purchase-input';
import { storeSavedAddress, useSavedAddresses } from '../api/saved-addresses';
import { storeProductOrder } from '../api/store-product-order';
import { storeSubscriptionOrder } from '../api/store-subscription-order';

export type { CheckoutPhase, PaymentMethod };

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

/** What was bought, as the server stored it. */
export type PaidPurchase = { kind: 'order'; order: Order } | { kind: 'subscription'; subscription: Subscription };

type CheckoutHandlers = {
  /** The order (or subscription) is stored: the success screen. */
  onPaid: (paid: PaidPurchase) => void;
  /**
   * The card popup was closed: the failure screen. `input` is what was being paid for, for its
   * "Try again" to open the form as it was.
   */
  onClosed: (input: PurchaseInput & { save_address_label?: string }) => void;
};

function isSubscription(input: PurchaseInput): input is Required<PurchaseInput> {
  return input.duration_in_days !== undefined && input.delivery_interval_days !== undefined;
}

async function store(input: PurchaseInput, payment: PurchasePayment): Promise<PaidPurchase> {
  if (isSubscription(input)) {
    const { data } = (await storeSubscriptionOrder(input, payment)) as Envelope<Subscription>;
    return { kind: 'subscription', subscription: data };
  }
  const { data } = (await storeProductOrder(input, payment)) as Envelope<Order>;
  return { kind: 'order', order: data };
}

/**
 * Pays for a water or gas order (one-off or subscription) by card or from the wallet, then stores it.
 */
export function useOrderCheckout({ onPaid, onClosed }: CheckoutHandlers) {
  const queryClient = useQueryClient();
  const wallet = useWalletBalance();
  const addresses = useSavedAddresses();
  const { phase, checkout } = useCheckout();

  const moneyMoved = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
  };

  /**
   * `reference`: a card payment already made whose order could not be stored; storing is tried again
   * with it (the server answers the same order for the same reference, never a second one).
   */
  async function pay(
    input: PurchaseInput & { save_address_label?: string },
    method: PaymentMethod,
    reference?: string,
  ): Promise<CheckoutProblem | undefined> {
    // A new address the customer asked to keep is saved first, so the order can name it as used.
    if (input.save_address_label && !input.address_id) {
      try {
        const saved = await storeSavedAddress({
          label: input.save_address_label,
          address: input.recipient_address,
          landmark: input.landmark ?? '',
          location_id: input.location_id,
        });
        input = { ...input, address_id: saved.id };
        void queryClient.invalidateQueries({ queryKey: queryKeys.addresses.all });
      } catch (error) {
        if (isApiError(error))
          return { kind: 'error', message: error.message, fields: { save_address_label: error.message } };
        return { kind: 'error', message: 'The address could not be saved.', fields: {} };
      }
    }
    const outcome = await checkout({
      method,
      purpose: isSubscription(input) ? 'subscription_order' : 'product_order',
      input: purchaseFields(input),
      record: (payment) => store(input, payment),
      reference,
    });
    switch (outcome?.status) {
      case undefined:
        return undefined;
      case 'paid':
        moneyMoved();
        if (input.address_id) void queryClient.invalidateQueries({ queryKey: queryKeys.addresses.all });
        onPaid(outcome.result);
        return undefined;
      case 'closed':
        onClosed(input);
        return undefined;
      case 'pending': {
        moneyMoved();
        const { error } = outcome;
        const why = isApiError(error) && error.status > 0 && error.status < 500 ? ` (${error.message})` : '';
        return { kind: 'unsaved', message: `${UNSAVED_MESSAGE}${why}`, reference: outcome.reference };
      }
      case 'declined': {
        const { error } = outcome;
        if (error.code === API_ERROR_CODES.insufficientBalance) void wallet.refetch();
        return { kind: 'error', message: error.message, fields: firstMessages(error), code: error.code };
      }
      case 'error':
        return { kind: 'error', message: outcome.message, fields: {} };
    }
  }

  return {
    onPay: pay,
    phase,
    walletBalance: wallet.data,
    walletLoading: wallet.isPending,
    savedAddresses: addresses.data,
  };
}

const ORDER_PURPOSES = ['product_order', 'subscription_order'] as const;

/**
 * A reload between paying for water or gas by card and the answer confirms that payment with its
 * reference (see useResumePaidCheckout): the order it made, or makes now, and never a second one.
 */
export function useResumePaidOrder(onPaid: (paid: PaidPurchase) => void) {
  const queryClient = useQueryClient();
  return useResumePaidCheckout({
    purposes: ORDER_PURPOSES,
    record: (paid, payment) => store(paid.input as PurchaseInput, payment),
    onPaid: (paid) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      onPaid(paid);
    },
    failedMessage: UNSAVED_MESSAGE,
  });
}
