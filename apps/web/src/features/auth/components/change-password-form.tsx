import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import type { Envelope } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { resetPasswordSchema, useResetPassword, type ResetPasswordInput } from '../api/reset-password';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * The contract's schema checks the match only once both passwords are otherwise valid; the screen
 * says 'Passwords do not match' as soon as they differ, without calling the API.
 */
const resolver: Resolver<ResetPasswordInput, unknown, ResetPasswordInput> = async (values, context, options) => {
  const result = await resetPasswordSchema.resolver(values, context, options);
  if (values.new_password !== values.confirm_password && !result.errors.confirm_password) {
    return {
      values: {},
      errors: { ...result.errors, confirm_password: { type: 'mismatch', message: PASSWORDS_DO_NOT_MATCH } },
    };
  }
  return result;
};

type ChangePasswordFormProps = {
  /** The token of an e-mailed link; without one the form asks for the e-mail and the code sent by SMS. */
  token: string;
  requestResetHref: string;
  onSuccess: (result: Envelope<unknown>) => void;
};

export function ChangePasswordForm({ token, requestResetHref, onSuccess }: ChangePasswordFormProps) {
  const form = useForm<ResetPasswordInput>({
    resolver,
    defaultValues: token
      ? { token, new_password: '', confirm_password: '' }
      : { email: '', code: '', new_password: '', confirm_password: '' },
  });
  const { errors } = form.formState;
  const mutation = useResetPassword({ onSuccess });

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onError: (error) => {
        const onField =
          isApiError(error) &&
          (error.fieldError('new_password') || error.fieldError('confirm_password') || error.fieldError('email'));
        if (onField) {
          notifyError(applyServerErrors(error, form.setError, ['new_password', 'confirm_password', 'email', 'code']));
        } else {
          if (isApiError(error) && error.status === 422) {
            // The contract's wording for a bad or expired token (the contract is loaded by now).
            void import('@ruwa/contract').then(({ RESET_FAILED_MESSAGE }) => notifyError(RESET_FAILED_MESSAGE));
          } else {
            notifyError(error.message);
          }
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} onFocus={resetPasswordSchema.preload} noValidate className="space-y-4">
      {!token && (
        <>
          <p className="text-slate-700">
            Your e-mail is not verified, so we sent a 6-digit code by SMS to your verified phone instead.
          </p>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextInput
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            error={errors.code?.message}
            {...form.register('code')}
          />
        </>
      )}
      <NewPasswordFields register={form.register} errors={errors} />
      <Button type="submit" block loading={mutation.isPending}>
        Change password
      </Button>
      <p className="pt-2 text-center text-sm text-slate-700">
        Link expired?{' '}
        <Link to={requestResetHref} className="font-semibold text-brand-700 underline underline-offset-4">
          Request a new one
        </Link>
      </p>
    </form>
  );
}

/** Shown when the address has no token (the link was cut or typed by hand). */
export function MissingResetToken({ requestResetHref, codeHref }: { requestResetHref: string; codeHref: string }) {
  return (
    <div role="alert" className="space-y-4 text-center">
      <p className="text-slate-800">
        This password reset link is missing its code. Open the link from your email again, or request a new one.
      </p>
      <p className="text-sm text-slate-700">
        Got a code by SMS instead?{' '}
        <Link to={codeHref} className="font-semibold text-brand-700 underline underline-offset-4">
          Enter the code
        </Link>
      </p>
      <Button asChild block>
        <Link to={requestResetHref}>Request a new reset link</Link>
      </Button>
    </div>
  );
}
