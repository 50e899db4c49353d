import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { AuthResult, TwoFactorChallenge } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { loginSchema, useLogin } from '../api/login';

// Only admins with two-factor sign-in ever see this step; it stays out of the first load.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })));

type LoginFormProps = {
  defaultEmail?: string;
  registerHref: string;
  resetPasswordHref: string;
  onSuccess: (result: AuthResult) => void;
};

export function LoginForm({ defaultEmail = '', registerHref, resetPasswordHref, onSuccess }: LoginFormProps) {
  const form = useForm({
    resolver: loginSchema.resolver,
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form.formState;
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const loginMutation = useLogin({ onSuccess, onChallenge: setChallenge });

  const onSubmit = form.handleSubmit((values) => {
    loginMutation.mutate(values, {
      // 'Error!' with the server's message.
      onError: (error) => notifyError(applyServerErrors(error, form.setError, ['email', 'password'])),
    });
  });

  if (challenge) {
    return (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <TwoFactorStep challenge={challenge} onSuccess={onSuccess} onRestart={() => setChallenge(null)} />
      </Suspense>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={loginSchema.preload} noValidate className="space-y-4">
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" block loading={loginMutation.isPending}>
        Login
      </Button>
      <div className="space-y-2 pt-2 text-center text-sm text-slate-700">
        <p>
          <Link to={resetPasswordHref} className="font-medium text-brand-700 underline underline-offset-4">
            Forgot your password? Click here
          </Link>
        </p>
        <p>
          New to Ruwa?{' '}
          <Link to={registerHref} className="font-semibold text-brand-700 underline underline-offset-4">
            Sign up here
          </Link>
        </p>
      </div>
    </form>
  );
}
