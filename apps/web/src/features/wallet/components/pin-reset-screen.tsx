import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WALLET_PIN_LENGTH } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { resetWalletPin } from '../api/reset-wallet-pin';
import { ScreenHeader } from './screen-header';

type PinResetScreenProps = { token: string; backHref: string; onReset: () => void };

/**
 * The page the "forgot PIN" e-mail links to: a new PIN with the account password. It also lifts a
 * lock left by wrong PINs.
 */
export function PinResetScreen({ token, backHref, onReset }: PinResetScreenProps) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pin = String(data.get('pin') ?? '');
    const password = String(data.get('password') ?? '');
    if (!/^\d{4}$/.test(pin)) return setErrors({ pin: 'The PIN must be 4 digits.' });
    if (String(data.get('confirm') ?? '') !== pin) return setErrors({ confirm: 'The two PINs do not match.' });
    if (!password) return setErrors({ password: 'Enter your account password.' });
    setBusy(true);
    try {
      const { message } = await resetWalletPin({ token, pin, password });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
      notifySuccess(message || 'Your new wallet PIN is set');
      onReset();
    } catch (cause) {
      const fields = isApiError(cause) ? cause.errors : {};
      setErrors(
        Object.keys(fields).length
          ? Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list[0] ?? '']))
          : { password: isApiError(cause) ? cause.message : 'Something went wrong. Please try again.' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6">
      <ScreenHeader title="Reset wallet PIN" backHref={backHref} />
      {errors.token && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {errors.token}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset wallet PIN" className="space-y-4">
        <TextInput
          label="New PIN"
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={WALLET_PIN_LENGTH}
          error={errors.pin}
        />
        <TextInput
          label="Confirm PIN"
          name="confirm"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={WALLET_PIN_LENGTH}
          error={errors.confirm}
        />
        <PasswordInput
          label="Account password"
          name="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Button type="submit" block loading={busy}>
          Set new PIN
        </Button>
      </form>
    </div>
  );
}
