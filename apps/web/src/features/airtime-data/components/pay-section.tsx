import { useState } from 'react';
import { formatNaira } from '@ruwa/contract';
import { PaymentMethodField } from '@/components/ui/payment-method-field';
import { isApiError } from '@/lib/api-client';
import { useWalletBalance } from '@/lib/wallet-query';
import type { PaymentMethod, useVtuCheckout } from '../hooks/use-vtu-checkout';
import { PayButton } from '@/components/ui/pay-button';
import { RefundNotice } from './refund-notice';

/** Card or wallet, and the server's word on that choice when it refuses it. */
export function usePaymentChoice() {
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [error, setError] = useState<string>();
  return {
    method,
    error,
    choose(next: PaymentMethod) {
      setMethod(next);
      setError(undefined);
    },
    /** Before paying: the last refusal no longer stands. */
    clear: () => setError(undefined),
    /** After a failed payment: the payment method's field error, if the server gave one. */
    failed: (error: unknown) => setError(isApiError(error) ? error.fieldError('payment_method') : undefined),
  };
}

type PaySectionProps = {
  choice: ReturnType<typeof usePaymentChoice>;
  checkout: ReturnType<typeof useVtuCheckout>;
  /** What will be paid, or null while the form does not say yet. */
  priceNaira: number | null;
  ready: boolean;
  /** The form as it is, kept while the customer leaves to top up the wallet. */
  keepForm: () => unknown;
};

/** The end of an airtime or data form: how to pay, a refund just made, and the Pay button. */
export function PaySection({ choice, checkout, priceNaira, ready, keepForm }: PaySectionProps) {
  const balance = useWalletBalance();
  return (
    <>
      <PaymentMethodField
        value={choice.method}
        onChange={choice.choose}
        balance={balance.data}
        balanceLoading={balance.isPending}
        priceNaira={priceNaira}
        error={choice.error}
        keepForm={keepForm}
      />
      {checkout.refunded && <RefundNotice message={checkout.refunded.message} purchase={checkout.refunded.purchase} />}
      <PayButton
        label={priceNaira ? `Pay ${formatNaira(priceNaira)}` : 'Pay'}
        disabled={!ready}
        phase={checkout.phase}
        duplicateMessage={checkout.duplicate.message}
        onConfirmDuplicate={checkout.duplicate.confirm}
        onDismissDuplicate={checkout.duplicate.dismiss}
      />
    </>
  );
}
