import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertDialog } from 'radix-ui';
import { ArrowDownUp } from 'lucide-react';
import { ADJUSTMENT_REASON_MAX, formatNaira } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  adjustmentFormSchema,
  useAdjustCustomerWallet,
  type AdjustmentDirection,
  type AdjustmentFormInput,
  type AdjustmentFormValues,
} from '../../api/adjust-customer-wallet';

const DIRECTIONS: { value: AdjustmentDirection; label: string; hint: string }[] = [
  { value: 'credit', label: 'Credit', hint: 'Add money to the wallet' },
  { value: 'debit', label: 'Debit', hint: 'Take money from the wallet' },
];

const EMPTY: AdjustmentFormInput = { direction: 'credit', amount: '', reason: '' };

type WalletAdjustmentDialogProps = { customerId: number; name: string };

/**
 * Support's credit or debit of a customer's wallet: direction, amount and reason, then a second step
 * naming the amount and the customer before anything moves. One reference is made per adjustment
 * and kept across retries, so a repeated confirm never moves the money twice.
 */
export function WalletAdjustmentDialog({ customerId, name }: WalletAdjustmentDialogProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<AdjustmentFormValues | null>(null);
  const [reference, setReference] = useState(() => crypto.randomUUID());
  const form = useForm<AdjustmentFormInput, unknown, AdjustmentFormValues>({
    resolver: zodResolver(adjustmentFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const mutation = useAdjustCustomerWallet();

  function close() {
    setOpen(false);
    setConfirming(null);
    form.reset(EMPTY);
  }

  const review = form.handleSubmit((values) => setConfirming(values));

  async function confirm(values: AdjustmentFormValues) {
    try {
      const { message } = await mutation.mutateAsync({ id: customerId, reference, ...values });
      notifySuccess(message || 'The wallet has been adjusted');
      setReference(crypto.randomUUID());
      close();
    } catch (error) {
      setConfirming(null);
      notifyError(applyServerErrors(error, form.setError, ['direction', 'amount', 'reason']));
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (mutation.isPending) return;
        if (next) setOpen(true);
        else close();
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <ArrowDownUp className="size-4" aria-hidden="true" />
          Adjust wallet
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          {confirming ? (
            <>
              <AlertDialog.Title className="text-lg font-semibold text-slate-900">
                {confirming.direction === 'credit'
                  ? `Credit ${formatNaira(confirming.amount)} to ${name}?`
                  : `Debit ${formatNaira(confirming.amount)} from ${name}?`}
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm text-slate-700">
                {name} is notified of the amount and this reason: “{confirming.reason}”
              </AlertDialog.Description>
              <div className="mt-5 flex justify-end gap-3">
                <Button variant="outline" size="sm" disabled={mutation.isPending} onClick={() => setConfirming(null)}>
                  Back
                </Button>
                <Button
                  variant={confirming.direction === 'credit' ? 'primary' : 'destructive'}
                  size="sm"
                  loading={mutation.isPending}
                  onClick={() => void confirm(confirming)}
                >
                  {confirming.direction === 'credit' ? 'Credit wallet' : 'Debit wallet'}
                </Button>
              </div>
            </>
          ) : (
            <>
              <AlertDialog.Title className="text-lg font-semibold text-slate-900">
                Adjust {name}’s wallet
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-1 text-sm text-slate-700">
                The customer sees the reason in their wallet history and a notification.
              </AlertDialog.Description>
              <form className="mt-4 space-y-4" noValidate onSubmit={(event) => void review(event)}>
                <fieldset>
                  <legend className="mb-1.5 text-sm font-medium text-slate-800">Direction</legend>
                  <div className="grid grid-cols-2 gap-3">
                    {DIRECTIONS.map((direction) => (
                      <label
                        key={direction.value}
                        className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-400 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                      >
                        <input type="radio" value={direction.value} className="mt-1" {...form.register('direction')} />
                        <span>
                          <span className="block font-medium text-slate-900">{direction.label}</span>
                          <span className="block text-slate-600">{direction.hint}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                  {errors.direction && <p className="mt-1.5 text-sm text-red-700">{errors.direction.message}</p>}
                </fieldset>
                <TextInput
                  variant="settings"
                  label="Amount (₦)"
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.amount?.message}
                  {...form.register('amount')}
                />
                <TextArea
                  label="Reason"
                  rows={3}
                  maxLength={ADJUSTMENT_REASON_MAX}
                  error={errors.reason?.message}
                  {...form.register('reason')}
                />
                <div className="flex justify-end gap-3">
                  <AlertDialog.Cancel asChild>
                    <Button variant="outline" size="sm">
                      Cancel
                    </Button>
                  </AlertDialog.Cancel>
                  <Button type="submit" size="sm">
                    Continue
                  </Button>
                </div>
              </form>
            </>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
