import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { OfflinePayNotice, useOfflinePayGuard } from '@/components/ui/offline-pay-notice';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { DEPOSIT_SUCCESSFUL, payDepositByCard, useConfirmDeposit } from '../api/deposit';
import { addToAmount, amountError, DEPOSIT_QUICK_ADD, formatGrouped, parseAmount } from '../utils/money';
import { cleanedAmount } from './amount-field';

export const PAYMENT_NOT_CONFIRMED = 'Payment received, but not confirmed yet';

type Payment = { amount: number; reference: string };
type Unconfirmed = Payment & { message: string };
type Stage = 'idle' | 'paying' | 'confirming';

type DepositFormProps = {
  /** The signed-in user's e-mail: the card popup needs it, so paying waits for it. */
  email: string | undefined;
  /** After the deposit is credited (the app goes back one screen). */
  onDeposited: () => void;
};

/**
 * An amount, quick-add buttons that add to it, and a pay button that opens the
 * card popup. After the popup says paid, the server verifies the payment and credits the wallet;
 * closing the popup does nothing further.
 */
export function DepositForm({ email, onDeposited }: DepositFormProps) {
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const { errors, isSubmitted } = form.formState;
  const amountText = useWatch({ control: form.control, name: 'amount' }) ?? '';
  const confirm = useConfirmDeposit();
  const offline = useOfflinePayGuard();
  const [stage, setStage] = useState<Stage>('idle');
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed | null>(null);

  // Money has left the customer's card here: a failure to record it is shown, never swallowed. The
  // server credits a reference once, and its webhook and reconciliation job finish it if we cannot.
  async function confirmPaid(payment: Payment) {
    setStage('confirming');
    try {
      await confirm.mutateAsync({ amount: payment.amount, tx_id: payment.reference });
      setUnconfirmed(null);
      // Also when the payment webhook credited it first (the server then says 'already credited').
      notifySuccess(DEPOSIT_SUCCESSFUL, 'Success!');
      onDeposited();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setUnconfirmed({ ...payment, message });
      notifyError(message);
    } finally {
      setStage('idle');
    }
  }

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    const amountNaira = parseAmount(amount) ?? 0;
    setStage('paying');
    let checkout;
    try {
      checkout = await payDepositByCard(amountNaira);
    } catch (error) {
      setStage('idle');
      const message = applyServerErrors(error, form.setError, ['amount']);
      // e.g. 'Unable to load paystack inline script': nothing was charged; say so beside the button.
      if (!isApiError(error) || !error.isValidation) form.setError('root', { type: 'payment', message });
      notifyError(message);
      return;
    }
    if (checkout.status === 'closed') {
      setStage('idle');
      return;
    }
    await confirmPaid({ amount: amountNaira, reference: checkout.reference });
  });

  const addQuickAmount = (naira: number) => {
    form.setValue('amount', addToAmount(form.getValues('amount'), naira), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
    form.clearErrors('root');
  };

  const parsed = parseAmount(amountText);
  const busy = stage !== 'idle';
  const payLabel =
    stage === 'confirming' ? 'Saving...' : parsed && !amountError(amountText) ? `Pay ${formatNaira(parsed)}` : 'Pay';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Deposit">
      <TextInput
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        readOnly={busy}
        {...cleanedAmount(form.register('amount', { validate: (value) => amountError(value) }))}
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
            loading={stage === 'confirming'}
            disabled={busy}
            onClick={() => void confirmPaid(unconfirmed)}
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
