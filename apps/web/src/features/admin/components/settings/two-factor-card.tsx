import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  twoFactorConfirmBody,
  type TwoFactorConfirmBody,
  type TwoFactorDisableBody,
  type TwoFactorSetup,
} from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useConfirmTwoFactor } from '../../api/two-factor/confirm-two-factor';
import {
  disableTwoFactorFormSchema,
  useDisableTwoFactor,
  type DisableTwoFactorFormValues,
} from '../../api/two-factor/disable-two-factor';
import { useTwoFactor } from '../../api/two-factor/get-two-factor';
import { useSetupTwoFactor } from '../../api/two-factor/setup-two-factor';

export const TWO_FACTOR_ON = 'Two-factor sign-in is on.';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off.';

const messageOf = (error: unknown, field: string) =>
  isApiError(error) ? (error.fieldError(field) ?? error.message) : String(error);

function Card({ children, status }: { children: ReactNode; status?: ReactNode }) {
  return (
    <section
      aria-labelledby="two-factor-heading"
      className="max-w-2xl space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
          Two-factor sign-in
        </h2>
        {status}
      </div>
      {children}
    </section>
  );
}

/** Step 2 of turning it on: scan (or copy), then prove it works with one code. */
function ConfirmSetup({ setup, onDone }: { setup: TwoFactorSetup; onDone: (codes: string[]) => void }) {
  const form = useForm<TwoFactorConfirmBody>({
    resolver: zodResolver(twoFactorConfirmBody),
    defaultValues: { code: '' },
  });
  const confirm = useConfirmTwoFactor();

  const copy = () => copyText(setup.otpauth_url, { copied: 'Setup link copied', what: 'link' });

  const onSubmit = form.handleSubmit(({ code }) =>
    confirm.mutate(
      { code },
      {
        // Said once the codes are put away: a toast now would cover the button below them.
        onSuccess: ({ data }) => onDone(data.recovery_codes),
        onError: (failure) => {
          const message = messageOf(failure, 'code');
          form.setError('code', { message });
          notifyError(message);
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Confirm two-factor sign-in" className="space-y-4">
      <p className="text-sm text-slate-700">
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or copy
        the setup link into it. Then enter the 6-digit code the app shows.
      </p>
      <img
        src={setup.qr_code}
        alt="QR code to add Ruwa to your authenticator app"
        width={192}
        height={192}
        className="size-48 rounded-lg ring-1 ring-slate-200"
      />
      <div className="flex flex-wrap items-end gap-2">
        <TextInput
          label="Setup link"
          variant="settings"
          readOnly
          value={setup.otpauth_url}
          containerClassName="min-w-0 flex-1"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" size="sm" onClick={copy} className="mb-1.5">
          Copy link
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        Or type this key by hand: <code className="font-mono break-all text-slate-900">{setup.secret}</code>
      </p>
      <TextInput
        label="6-digit code"
        variant="settings"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" loading={confirm.isPending}>
        Confirm
      </Button>
    </form>
  );
}

/** Turning it off takes a current code or the password, as the API asks. */
function DisableForm() {
  const form = useForm<DisableTwoFactorFormValues, unknown, TwoFactorDisableBody>({
    resolver: zodResolver(disableTwoFactorFormSchema),
    defaultValues: { code: '', password: '' },
  });
  const { errors } = form.formState;
  const disable = useDisableTwoFactor();

  const onSubmit = form.handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: () => notifySuccess(TWO_FACTOR_OFF),
      onError: (failure) => notifyError(applyServerErrors(failure, form.setError, ['code', 'password'])),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Code from your app"
          variant="settings"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <PasswordInput
          label="Or your password"
          variant="settings"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
      </div>
      <Button type="submit" variant="destructive" loading={disable.isPending}>
        Turn off
      </Button>
    </form>
  );
}

/**
 * /admin/setting: an authenticator code on top of the password when this admin signs in.
 * `onEnabled` runs once it is on and the recovery codes are put away.
 */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void } = {}) {
  const status = useTwoFactor();
  const setup = useSetupTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (status.isPending) {
    return (
      <Card>
        <Skeleton className="h-24" aria-label="Loading two-factor sign-in" />
      </Card>
    );
  }
  if (status.isError) {
    return (
      <Card>
        <div role="alert" className="space-y-3">
          <p className="text-slate-800">We could not load your two-factor sign-in.</p>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </div>
      </Card>
    );
  }

  const badge = (on: boolean) => (
    <span
      className={
        on
          ? 'rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900'
          : 'rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800'
      }
    >
      {on ? 'On' : 'Off'}
    </span>
  );

  if (recoveryCodes) {
    return (
      <Card status={badge(true)}>
        <p className="text-sm text-slate-700">
          Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown
          only now.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-slate-900 sm:grid-cols-4">
          {recoveryCodes.map((code) => (
            <li key={code} className="rounded bg-slate-50 px-2 py-1 text-center ring-1 ring-slate-200">
              {code}
            </li>
          ))}
        </ul>
        <Button
          onClick={() => {
            setRecoveryCodes(null);
            notifySuccess(TWO_FACTOR_ON);
            onEnabled?.();
          }}
        >
          I have saved them
        </Button>
      </Card>
    );
  }

  if (status.data.enabled) {
    return (
      <Card status={badge(true)}>
        <p className="text-sm text-slate-700">
          Signing in asks for a code from your authenticator app after your password. {status.data.recovery_codes_left}{' '}
          recovery codes left.
        </p>
        <DisableForm />
      </Card>
    );
  }

  return (
    <Card status={badge(false)}>
      {pending ? (
        <ConfirmSetup
          setup={pending}
          onDone={(codes) => {
            setPending(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Add a second step to your sign-in: after your password, a 6-digit code from an authenticator app on your
            phone. Someone who learns your password still cannot sign in as you.
          </p>
          <Button
            loading={setup.isPending}
            onClick={() =>
              setup.mutate(undefined, {
                onSuccess: ({ data }) => setPending(data),
                onError: (failure) => notifyError(messageOf(failure, 'code')),
              })
            }
          >
            Turn on
          </Button>
        </>
      )}
    </Card>
  );
}
