import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatNaira } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmedFormDialog } from '@/components/ui/confirmed-form-dialog';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import {
  floatTopUpFormSchema,
  useFloatTopUp,
  type FloatTopUpFormInput,
  type FloatTopUpFormValues,
} from '../../api/reconciliation';

const EMPTY: FloatTopUpFormInput = { amount: '', reason: '' };

/**
 * Records money sent to the VTU provider's float (from the Paystack balance): amount and reason, then
 * a second step naming the amount before the books move, under one reference per top-up.
 */
export function FloatTopUpDialog() {
  const form = useForm<FloatTopUpFormInput, unknown, FloatTopUpFormValues>({
    resolver: zodResolver(floatTopUpFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const mutation = useFloatTopUp();

  return (
    <ConfirmedFormDialog
      trigger={
        <Button variant="outline" size="sm">
          Record a float top-up
        </Button>
      }
      title="Record a float top-up"
      description="Money sent to the VTU provider’s wallet from the Paystack balance. Say when and how it was sent."
      form={form}
      fields={['amount', 'reason']}
      confirmation={({ amount, reason }) => ({
        title: `Record ${formatNaira(amount)} sent to the VTU provider?`,
        description: `The VTU float (1300) goes up and the Paystack balance (1200) down by this amount. Reason: “${reason}”`,
        confirmLabel: 'Record top-up',
      })}
      send={(values, reference) => mutation.mutateAsync({ ...values, reference })}
      sending={mutation.isPending}
      sentMessage="Float top-up recorded"
    >
      <TextInput
        variant="settings"
        label="Amount (₦)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextArea label="Reason" rows={3} maxLength={500} error={errors.reason?.message} {...form.register('reason')} />
    </ConfirmedFormDialog>
  );
}
