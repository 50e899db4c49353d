import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { PHONE_CODE_DIGITS, PHONE_CODE_TTL_MINUTES } from '@ruwa/contract/verification';
import { toLocalPhone, type Envelope, type User } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone, verifyPhoneSchema, type VerifyPhoneInput } from '../api/verify-phone';

/** Seconds left until `start`ed time runs out, ticking once a second while it runs. */
function useCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const left = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  };
  return { left, start };
}

type VerifyPhoneFormProps = {
  phoneNumber: string;
  /** Where to change the number, if it is wrong. */
  editProfileHref: string;
  onVerified: (result: Envelope<User>) => void;
};

/**
 * Sends a 6-digit code by SMS to the account's number, then takes it back. The phone's keyboard shows
 * digits and can offer the code from the SMS (one-time-code). Another code can be asked for once the
 * server's minute has passed, shown as a countdown.
 */
export function VerifyPhoneForm({ phoneNumber, editProfileHref, onVerified }: VerifyPhoneFormProps) {
  const send = useSendPhoneCode();
  const verify = useVerifyPhone({ onSuccess: onVerified });
  const countdown = useCountdown();
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const form = useForm<VerifyPhoneInput>({ resolver: zodResolver(verifyPhoneSchema), defaultValues: { code: '' } });
  const { errors } = form.formState;
  const localNumber = toLocalPhone(phoneNumber);
  const waiting = countdown.left > 0;
  const showCodeField = sent || waiting;

  useEffect(() => {
    if (sent) form.setFocus('code');
  }, [sent, form]);

  const sendCode = () => {
    setSendError(undefined);
    send.mutate(undefined, {
      onSuccess: ({ data }) => {
        setSent(true);
        countdown.start(data.resend_in_seconds);
        form.reset({ code: '' });
      },
      onError: (error) => {
        // Asked again too soon: a code already went out, so the field stays and the wait is shown.
        if (isApiError(error) && error.retryAfterSeconds !== undefined) countdown.start(error.retryAfterSeconds);
        setSendError(error.message);
        notifyError(error.message);
      },
    });
  };

  const onSubmit = form.handleSubmit((values) => {
    verify.mutate(values, { onError: (error) => notifyError(applyServerErrors(error, form.setError, ['code'])) });
  });

  return (
    <div className="space-y-5">
      <p className="text-slate-700">
        {sent ? (
          <>
            Enter the {PHONE_CODE_DIGITS}-digit code we sent to <strong>{localNumber}</strong>. It works for{' '}
            {PHONE_CODE_TTL_MINUTES} minutes.
          </>
        ) : (
          <>
            We will send a {PHONE_CODE_DIGITS}-digit code by SMS to <strong>{localNumber}</strong>. A verified number
            lets you withdraw and earn referral rewards and raffle tickets.
          </>
        )}
      </p>

      {sendError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {sendError}
        </p>
      )}

      {showCodeField ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Verify phone number">
          <TextInput
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_CODE_DIGITS + 2}
            error={errors.code?.message}
            {...form.register('code')}
          />
          <Button type="submit" block loading={verify.isPending}>
            Verify
          </Button>
          <Button variant="outline" block disabled={waiting} loading={send.isPending} onClick={sendCode}>
            {waiting ? `Send a new code in ${countdown.left}s` : 'Send a new code'}
          </Button>
        </form>
      ) : (
        <Button block loading={send.isPending} onClick={sendCode}>
          Send code
        </Button>
      )}

      <p className="text-center text-sm text-slate-700">
        Wrong number?{' '}
        <Link to={editProfileHref} className="font-semibold text-brand-700 underline underline-offset-4">
          Change it in your profile
        </Link>
      </p>
    </div>
  );
}
