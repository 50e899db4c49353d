import { useState, type FormEvent } from 'react';
import { twoFactorLoginBody, type AuthResult, type TwoFactorChallenge } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { loginWithCode } from '../api/login-with-code';
import { useSignInRequest } from '../hooks/use-sign-in-request';

type TwoFactorStepProps = {
  challenge: TwoFactorChallenge;
  onSuccess: (result: AuthResult) => void;
  /** Back to e-mail and password: the challenge expired or the admin wants to start over. */
  onRestart: () => void;
};

/** The code step of sign-in, shown when the password was right and the account has two-factor on. */
export function TwoFactorStep({ challenge, onSuccess, onRestart }: TwoFactorStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useSignInRequest(loginWithCode);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's schema, as the server checks it: a 6-digit code or a recovery code.
    const checked = twoFactorLoginBody.safeParse({ challenge_token: challenge.challenge_token, code });
    if (!checked.success) {
      setError(
        checked.error.issues.find((issue) => issue.path[0] === 'code')?.message ?? checked.error.issues[0]?.message,
      );
      return;
    }
    setError(undefined);
    const outcome = await request.run(checked.data);
    if (!outcome) return;
    if (outcome.ok) {
      startSession(outcome.value.data);
      return onSuccess(outcome.value.data);
    }
    const failure = outcome.error;
    const message = isApiError(failure) ? (failure.fieldError('code') ?? failure.message) : String(failure);
    // A dead challenge (expired, too many tries) cannot be retried: back to the password.
    if (isApiError(failure) && failure.status === 401) onRestart();
    else setError(message);
    notifyError(message);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in" className="space-y-4">
      <p className="text-sm text-slate-700">
        Open your authenticator app and enter the 6-digit code it shows for Ruwa. Lost your phone? Enter one of your
        recovery codes instead.
      </p>
      <TextInput
        label="Code"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoCapitalize="characters"
        autoFocus
        maxLength={20}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" block loading={request.isPending}>
        Verify
      </Button>
      <p className="pt-2 text-center text-sm">
        <button type="button" onClick={onRestart} className="font-medium text-brand-700 underline underline-offset-4">
          Sign in with a different account
        </button>
      </p>
    </form>
  );
}
