import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_CODE_DIGITS, PHONE_CODE_TTL_MINUTES } from '@ruwa/contract/verification';
import { phoneCodeBody, toLocalPhone, type PhoneCodeBody } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useConfirmPhoneChange } from '../api/confirm-phone-change';

/** The second step of a phone change: the code texted to the new number makes it the account's. */
export function PhoneChangeCodeForm({ newPhone, onDone }: { newPhone: string; onDone: () => void }) {
  const form = useForm<PhoneCodeBody>({ resolver: zodResolver(phoneCodeBody), defaultValues: { code: '' } });
  const confirm = useConfirmPhoneChange({
    onSuccess: ({ message }) => {
      notifySuccess(message, 'Action Successful');
      onDone();
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    confirm.mutate(values, { onError: (error) => notifyError(applyServerErrors(error, form.setError, ['code'])) });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Confirm new phone number">
      <p className="text-slate-700">
        Enter the {PHONE_CODE_DIGITS}-digit code we sent to <strong>{toLocalPhone(newPhone)}</strong>. It works for{' '}
        {PHONE_CODE_TTL_MINUTES} minutes. Until then your old number stays on the account.
      </p>
      <TextInput
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PHONE_CODE_DIGITS + 2}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" block loading={confirm.isPending}>
        Confirm new number
      </Button>
    </form>
  );
}
