import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDownUp } from 'lucide-react';
import { ADJUSTMENT_REASON_MAX, formatNaira } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmedFormDialog } from '@/components/ui/confirmed-form-dialog';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
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
 * naming the amount and the customer before anything moves, under one reference per adjustment.
 */
export function WalletAdjustmentDialog({ customerId, name }: WalletAdjustmentDialogProps) {
  const form = useForm<AdjustmentFormInput, unknown, AdjustmentFormValues>({
    resolver: zodResolver(adjustmentFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const mutation = useAdjustCustomerWallet();

  return (
    <ConfirmedFormDialog
      trigger={
        <Button variant="outline" size="sm">
          <ArrowDownUp className="size-4" aria-hidden="true" />
          Adjust wallet
        </Button>
      }
      title={`Adjust ${name}’s wallet`}
      description="The customer sees the reason in their wallet history and a notification."
      form={form}
      fields={['direction', 'amount', 'reason']}
      confirmation={({ direction, amount, reason }) => ({
        title:
          direction === 'credit'
            ? `Credit ${formatNaira(amount)} to ${name}?`
            : `Debit ${formatNaira(amount)} from ${name}?`,
        description: `${name} is notified of the amount and this reason: “${reason}”`,
        confirmLabel: direction === 'credit' ? 'Credit wallet' : 'Debit wallet',
        destructive: direction === 'debit',
      })}
      send={(values, reference) => mutation.mutateAsync({ id: customerId, reference, ...values })}
      sending={mutation.isPending}
      sentMessage="The wallet has been adjusted"
    >
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
    </ConfirmedFormDialog>
  );
}
