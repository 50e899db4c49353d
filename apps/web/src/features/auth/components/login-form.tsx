import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AuthResult, TwoFactorChallenge } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { SCHEMA_LOAD_FAILED } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { isChallenge, loadLoginBody, login, type LoginInput } from '../api/login';
import { useSignInRequest } from '../hooks/use-sign-in-request';

// Only admins with two-factor sign-in ever see this step; it stays out of the first load.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })));

type LoginFormProps = {
  defaultEmail?: string;
  registerHref: string;
  resetPasswordHref: string;
  onSuccess: (result: AuthResult) => void;
};

type Field = keyof LoginInput;
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['email', 'password'];

/** The first message per field of a failed check against the contract's loginBody. */
async function validate(values: Record<Field, string>): Promise<{ input: LoginInput } | { errors: FieldErrors }> {
  const result = (await loadLoginBody()).safeParse(values);
  if (result.success) return { input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * E-mail and password, checked with the contract's schema before sending. Plain state rather than
 * react-hook-form: this is the screen most phones open first, and it keeps the form library (and
 * TanStack Query) out of its first load; every other form uses react-hook-form.
 */
export function LoginForm({ defaultEmail = '', registerHref, resetPasswordHref, onSuccess }: LoginFormProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const request = useSignInRequest(login);
  // The spinner shows from the tap, while the schema is checked (and downloaded, on a first tap).
  const [checking, setChecking] = useState(false);

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking || request.isPending) return;
    const form = new FormData(event.currentTarget);
    const values = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
    setChecking(true);
    const checked = await validate(values).catch(() => undefined);
    setChecking(false);
    if (!checked) return notifyError(SCHEMA_LOAD_FAILED);
    if ('errors' in checked) return showErrors(checked.errors);
    setErrors({});
    const outcome = await request.run(checked.input);
    if (!outcome) return;
    if (!outcome.ok) {
      const { error } = outcome;
      if (!isApiError(error)) return notifyError(error instanceof Error ? error.message : String(error));
      const fromServer: FieldErrors = {};
      for (const field of FIELDS) fromServer[field] = error.fieldError(field);
      showErrors(fromServer);
      // 'Error!' with the server's message.
      return notifyError(fromServer.email ?? fromServer.password ?? error.message);
    }
    const { data } = outcome.value;
    if (isChallenge(data)) return setChallenge(data);
    startSession(data);
    onSuccess(data);
  };

  if (challenge) {
    return (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <TwoFactorStep challenge={challenge} onSuccess={onSuccess} onRestart={() => setChallenge(null)} />
      </Suspense>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadLoginBody().catch(() => undefined)}
      noValidate
      className="space-y-4"
    >
      <TextInput
        ref={(input) => {
          inputs.current.email = input;
        }}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        defaultValue={defaultEmail}
        error={errors.email}
      />
      <PasswordInput
        ref={(input) => {
          inputs.current.password = input;
        }}
        name="password"
        label="Password"
        autoComplete="current-password"
        error={errors.password}
      />
      <Button type="submit" block loading={checking || request.isPending}>
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
