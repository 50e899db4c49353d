import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WALLET_PIN_LENGTH } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { setWalletPin } from '../api/set-wallet-pin';

type PinFormProps = {
  /** Changing a PIN: the current one is asked for first. */
  change?: boolean;
  submitLabel: string;
  /** Called with the new PIN once the server has it. */
  onSet: (pin: string) => void;
};

function PinField({ label, name, error }: { label: string; name: string; error?: string }) {
  return (
    <TextInput
      label={label}
      name={name}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={WALLET_PIN_LENGTH}
      error={error}
    />
  );
}

/**
 * Choosing a wallet PIN: four digits twice and the account password, and the current PIN when one
 * is being changed. A wrong current PIN counts toward the same lock as a wrong PIN on a payment.
 */
export function PinForm({ change = false, submitLabel, onSet }: PinFormProps) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const currentPin = String(data.get('current_pin') ?? '');
    const pin = String(data.get('pin') ?? '');
    const confirm = String(data.get('confirm') ?? '');
    const password = String(data.get('password') ?? '');
    if (change && !/^\d{4}$/.test(currentPin)) return setErrors({ current_pin: 'Enter your current wallet PIN.' });
    if (!/^\d{4}$/.test(pin)) return setErrors({ pin: 'The PIN must be 4 digits.' });
    if (confirm !== pin) return setErrors({ confirm: 'The two PINs do not match.' });
    if (!password) return setErrors({ password: 'Enter your account password.' });
    setBusy(true);
    try {
      await setWalletPin(change ? { pin, password, current_pin: currentPin } : { pin, password });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
      setErrors({});
      onSet(pin);
    } catch (cause) {
      if (isApiError(cause) && Object.keys(cause.errors).length) {
        setErrors(Object.fromEntries(Object.entries(cause.errors).map(([field, list]) => [field, list[0] ?? ''])));
      } else if (change && isApiError(cause) && cause.status === 423) {
        // Locked by too many wrong PINs: the message says for how long.
        setErrors({ current_pin: cause.message });
        void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
      } else {
        setErrors({ password: isApiError(cause) ? cause.message : 'Something went wrong. Please try again.' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={change ? 'Change wallet PIN' : 'Set wallet PIN'}
      className="mt-4 space-y-4"
    >
      {change && <PinField label="Current PIN" name="current_pin" error={errors.current_pin} />}
      <PinField label="New PIN" name="pin" error={errors.pin} />
      <PinField label="Confirm PIN" name="confirm" error={errors.confirm} />
      <PasswordInput label="Account password" name="password" autoComplete="current-password" error={errors.password} />
      <Button type="submit" block loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
