import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { requestPasswordResetSchema, useRequestPasswordReset } from '../api/request-password-reset';

const EMAIL_NOT_FOUND = 'Email not found';

type RequestResetFormProps = { loginHref: string };

/**
 * Asks for a reset link. The server answers the same neutral message for every address, and that
 * message is what the confirmation shows; the token arrives by email, never here.
 */
export function RequestResetForm({ loginHref }: RequestResetFormProps) {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({
    resolver: requestPasswordResetSchema.resolver,
    defaultValues: { email: '' },
  });
  const mutation = useRequestPasswordReset({ onSuccess: ({ message }) => setSentMessage(message) });

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onError: (error) => {
        const message = applyServerErrors(error, form.setError, ['email']);
        notifyError(isApiError(error) ? message || EMAIL_NOT_FOUND : message);
      },
    });
  });

  if (sentMessage !== null) {
    return (
      <div role="status" className="space-y-4 text-center">
        <MailCheck className="mx-auto size-12 text-brand-600" aria-hidden="true" />
        <h2 className="text-lg font-semibold text-slate-900">Check your email</h2>
        <p className="text-slate-700">{sentMessage}</p>
        <p className="text-sm text-slate-600">
          The link works for 30 minutes. Check your spam folder if it has not arrived.
        </p>
        <Button asChild block>
          <Link to="/auth/change-password?by=sms">I got a code by SMS</Link>
        </Button>
        <Button asChild variant="outline" block>
          <Link to={loginHref}>Back to login</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={requestPasswordResetSchema.preload} noValidate className="space-y-4">
      <TextInput
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" block loading={mutation.isPending}>
        Send reset link
      </Button>
      <p className="pt-2 text-center text-sm text-slate-700">
        Remembered it?{' '}
        <Link to={loginHref} className="font-semibold text-brand-700 underline underline-offset-4">
          Sign in here
        </Link>
      </p>
    </form>
  );
}
