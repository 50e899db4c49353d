import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { walletPinResetForm } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { resetWalletPin } from '../api/reset-wallet-pin';
import { PinField, type PinFormValues } from './pin-form';
import { ScreenHeader } from './screen-header';

type PinResetScreenProps = { token: string; backHref: string; onReset: () => void };

type ResetValues = Omit<PinFormValues, 'current_pin'>;
const FIELDS = ['pin', 'password'] as const;

/**
 * The page the "forgot PIN" e-mail links to: a new PIN with the account password. It also lifts a
 * lock left by wrong PINs.
 */
export function PinResetScreen({ token, backHref, onReset }: PinResetScreenProps) {
  const queryClient = useQueryClient();
  const form = useForm<ResetValues, unknown, { pin: string; password: string }>({
    resolver: zodResolver(walletPinResetForm),
    defaultValues: { pin: '', confirm: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The link itself was refused (used, expired): said above the form, which cannot fix it.
  const [linkError, setLinkError] = useState<string>();

  const submit = form.handleSubmit(async (body) => {
    setLinkError(undefined);
    try {
      const { message } = await resetWalletPin({ token, ...body });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
      notifySuccess(message || 'Your new wallet PIN is set');
      onReset();
    } catch (cause) {
      const message = applyServerErrors(cause, form.setError, FIELDS);
      if (isApiError(cause) && cause.fieldError('token')) setLinkError(cause.fieldError('token'));
      else if (!(isApiError(cause) && cause.isValidation)) {
        form.setError('password', { message: isApiError(cause) ? message : 'Something went wrong. Please try again.' });
      }
    }
  });

  return (
    <div className="space-y-6">
      <ScreenHeader title="Reset wallet PIN" backHref={backHref} />
      {linkError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {linkError}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset wallet PIN" className="space-y-4">
        <PinField label="New PIN" error={errors.pin?.message} {...form.register('pin')} />
        <PinField label="Confirm PIN" error={errors.confirm?.message} {...form.register('confirm')} />
        <PasswordInput
          label="Account password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" block loading={isSubmitting}>
          Set new PIN
        </Button>
      </form>
    </div>
  );
}
