import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEPOSIT_QUICK_ADD } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { OfflinePayNotice, useOfflinePayGuard } from '@/components/ui/offline-pay-notice';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCheckout } from '@/lib/use-checkout';
import { DEPOSIT_SUCCESSFUL, depositFormSchema, useConfirmDeposit, type DepositFormValues } from '../api/deposit';
import { addToAmount, formatGrouped } from '../utils/money';
import { cleanedAmount } from './amount-field';

export const PAYMENT_NOT_CONFIRMED = 'Payment received, but not confirmed yet';

type Unconfirmed = { amount: number; reference: string; message: string };

type DepositFormProps = {
  /** The signed-in user's e-mail: the card popup needs it, so paying waits for it. */
  email: string | undefined;
  /** After the deposit is credited (the app goes back one screen). */
  onDeposited: () => void;
  /** Naira to fill in when the screen opens. */
  initialAmount?: number | null;
};

/**
 * An amount, quick-add buttons that add to it, and a pay button that opens the
 * card popup. After the popup says paid, the server verifies the payment and credits the wallet;
 * closing the popup does nothing further.
 */
export function DepositForm({ email, onDeposited, initialAmount }: DepositFormProps) {
  const form = useForm<DepositFormValues, unknown, { amount: number }>({
    resolver: zodResolver(depositFormSchema),
    defaultValues: { amount: initialAmount ? String(initialAmount) : '' },
  });
  const { errors, isSubmitted } = form.formState;
  const amountText = useWatch({ control: form.control, name: 'amount' }) ?? '';
  const confirm = useConfirmDeposit();
  const offline = useOfflinePayGuard();
  const { phase, checkout } = useCheckout();
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed | null>(null);

  // `reference`: money has already left the customer's card; recording it is tried again. A failure
  // to record is shown, never swallowed: the server credits a reference once, and its webhook and
  // reconciliation job finish it if we cannot.
  async function pay(amountNaira: number, reference?: string) {
    const outcome = await checkout({
      method: 'card',
      purpose: 'deposit',
      input: { amount: amountNaira },
      record: (payment) => {
        if (!('transaction_id' in payment)) throw new Error('A deposit is paid by card.');
        return confirm.mutateAsync({ amount: amountNaira, tx_id: payment.transaction_id });
      },
      reference,
    });
    switch (outcome?.status) {
      case 'paid':
        setUnconfirmed(null);
        // Also when the payment webhook credited it first (the server then says 'already credited').
        notifySuccess(DEPOSIT_SUCCESSFUL, 'Success!');
        onDeposited();
        return;
      case 'pending': {
        const { error } = outcome;
        const message = error instanceof Error ? error.message : String(error);
        setUnconfirmed({ amount: amountNaira, reference: outcome.reference, message });
        notifyError(message);
        return;
      }
      case 'declined': {
        const message = applyServerErrors(outcome.error, form.setError, ['amount']);
        if (!outcome.error.isValidation) form.setError('root', { type: 'payment', message });
        notifyError(message);
        return;
      }
      case 'error':
        // e.g. 'Unable to load paystack inline script': nothing was charged; say so beside the button.
        form.setError('root', { type: 'payment', message: outcome.message });
        notifyError(outcome.message);
        return;
      default:
        // Closed, or already paying: nothing further.
        return;
    }
  }

  const onSubmit = form.handleSubmit(({ amount }) => pay(amount));

  const addQuickAmount = (naira: number) => {
    form.setValue('amount', addToAmount(form.getValues('amount'), naira), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
    form.clearErrors('root');
  };

  // The pay button names the amount once the contract's rules accept it.
  const typed = depositFormSchema.safeParse({ amount: amountText });
  const busy = phase !== 'idle';
  const payLabel = phase === 'saving' ? 'Saving...' : typed.success ? `Pay ${formatNaira(typed.data.amount)}` : 'Pay';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Deposit">
      <TextInput
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        readOnly={busy}
        {...cleanedAmount(form.register('amount'))}
      />

      <div role="group" aria-label="Quick add" className="grid grid-cols-2 gap-2 min-[400px]:grid-cols-4">
        {DEPOSIT_QUICK_ADD.map((naira) => (
          <Button
            key={naira}
            variant="secondary"
            size="chip"
            className="tabular-nums"
            disabled={busy}
            onClick={() => addQuickAmount(naira)}
          >
            <span aria-hidden="true">+</span>
            {formatGrouped(naira)}
          </Button>
        ))}
      </div>

      {unconfirmed && (
        <div role="alert" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{PAYMENT_NOT_CONFIRMED}</p>
          <p className="text-sm">
            We could not add your payment of {formatNaira(unconfirmed.amount)} to your wallet yet. Your money is safe:
            the payment will be reconciled automatically and your wallet credited, so do not pay again.
          </p>
          <p className="text-sm">
            Reference: <span className="font-mono break-all">{unconfirmed.reference}</span>
          </p>
          {unconfirmed.message && <p className="text-sm">{unconfirmed.message}</p>}
          <Button
            variant="outline"
            size="sm"
            loading={phase === 'saving'}
            disabled={busy}
            onClick={() => void pay(unconfirmed.amount, unconfirmed.reference)}
          >
            Try again
          </Button>
        </div>
      )}

      {errors.root?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.root.message}
        </p>
      )}

      <div className="space-y-1.5">
        <Button
          type="submit"
          block
          loading={busy}
          disabled={!email || amountText.trim() === '' || offline.disabled}
          aria-describedby={offline.describedBy}
        >
          {payLabel}
        </Button>
        <OfflinePayNotice {...offline} />
        {!email && (
          <p className="text-center text-sm text-slate-600">Your account needs an e-mail address to pay by card.</p>
        )}
      </div>
    </form>
  );
}
