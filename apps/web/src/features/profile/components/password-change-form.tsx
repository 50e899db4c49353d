import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Envelope } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { changePasswordSchema, useChangePassword, type ChangePasswordInput } from '../api/change-password';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

/** The current password, then the new one twice; the server also refuses common or guessable ones. */
export function PasswordChangeForm({ onSuccess }: { onSuccess: (result: Envelope<null>) => void }) {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors } = form.formState;
  const mutation = useChangePassword({ onSuccess });

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, { onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)) });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.register('current_password')}
      />
      <NewPasswordFields register={form.register} errors={errors} confirmLabel="Confirm new password" />
      <p className="text-sm text-slate-600">
        At least 8 characters, not a common password. Your other phones and computers will be signed out.
      </p>
      <Button type="submit" block loading={mutation.isPending}>
        Change password
      </Button>
    </form>
  );
}
