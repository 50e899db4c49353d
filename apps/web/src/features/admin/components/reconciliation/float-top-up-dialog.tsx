import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertDialog } from 'radix-ui';
import { formatNaira } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  floatTopUpFormSchema,
  useFloatTopUp,
  type FloatTopUpFormInput,
  type FloatTopUpFormValues,
} from '../../api/reconciliation';

const EMPTY: FloatTopUpFormInput = { amount: '', reason: '' };

/**
 * Records money sent to the VTU provider's float (from the Paystack balance): amount and reason, then
 * a second step naming the amount before the books move. One reference per top-up, kept across
 * retries, so a repeated confirm never records it twice.
 */
export function FloatTopUpDialog() {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<FloatTopUpFormValues | null>(null);
  const [reference, setReference] = useState(() => crypto.randomUUID());
  const form = useForm<FloatTopUpFormInput, unknown, FloatTopUpFormValues>({
    resolver: zodResolver(floatTopUpFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const mutation = useFloatTopUp();

  function close() {
    setOpen(false);
    setConfirming(null);
    form.reset(EMPTY);
  }

  const review = form.handleSubmit((values) => setConfirming(values));

  async function confirm(values: FloatTopUpFormValues) {
    try {
      const { message } = await mutation.mutateAsync({ ...values, reference });
      notifySuccess(message || 'Float top-up recorded');
      setReference(crypto.randomUUID());
      close();
    } catch (error) {
      setConfirming(null);
      notifyError(applyServerErrors(error, form.setError, ['amount', 'reason']));
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
          Record a float top-up
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          {confirming ? (
            <>
              <AlertDialog.Title className="text-lg font-semibold text-slate-900">
                Record {formatNaira(confirming.amount)} sent to the VTU provider?
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm text-slate-700">
                The VTU float (1300) goes up and the Paystack balance (1200) down by this amount. Reason: “
                {confirming.reason}”
              </AlertDialog.Description>
              <div className="mt-5 flex justify-end gap-3">
                <Button variant="outline" size="sm" disabled={mutation.isPending} onClick={() => setConfirming(null)}>
                  Back
                </Button>
                <Button size="sm" loading={mutation.isPending} onClick={() => void confirm(confirming)}>
                  Record top-up
                </Button>
              </div>
            </>
          ) : (
            <>
              <AlertDialog.Title className="text-lg font-semibold text-slate-900">
                Record a float top-up
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-1 text-sm text-slate-700">
                Money sent to the VTU provider’s wallet from the Paystack balance. Say when and how it was sent.
              </AlertDialog.Description>
              <form className="mt-4 space-y-4" noValidate onSubmit={(event) => void review(event)}>
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
                  maxLength={500}
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
