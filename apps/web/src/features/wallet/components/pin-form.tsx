import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { PHONE_CODE_DIGITS, WALLET_PIN_LENGTH, walletPinForm } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { queryKeys } from '@/lib/query-keys';
import { resetWalletPin } from '../api/reset-wallet-pin';
import { setWalletPin } from '../api/set-wallet-pin';

type PinFormProps = {
  /** Changing a PIN: the current one is asked for first. */
  change?: boolean;
  /**
   * A new PIN for a forgotten one. From the e-mail's link: the link's token is sent with it, and a
   * refused link (used, expired) is handed to `onLinkRefused`, since no field of the form can fix it.
   * By SMS (`code`): the customer types the 6-digit code first, and its refusals show at that field.
   */
  reset?: { token: string; onLinkRefused: (message: string) => void } | { code: true };
  submitLabel: string;
  /** Called with the new PIN, and the server's message, once the server has it. */
  onSet: (pin: string, message: string) => void;
};

/**
 * The fields as typed: the new PIN twice and the password, the current PIN on a change, and the SMS
 * code on a reset by code.
 */
export type PinFormValues = { current_pin: string; pin: string; confirm: string; password: string; code: string };
type PinBody = { pin: string; password: string; current_pin?: string; code?: string };

const FIELDS = ['code', 'current_pin', 'pin', 'password'] as const;

/** A 4-digit PIN, hidden as it is typed. */
export function PinField(props: Omit<ComponentProps<typeof TextInput>, 'type' | 'inputMode' | 'autoComplete'>) {
  return <TextInput type="password" inputMode="numeric" autoComplete="off" maxLength={WALLET_PIN_LENGTH} {...props} />;
}

/**
 * Choosing a wallet PIN: four digits twice and the account password, and the current PIN when one
 * is being changed. A wrong current PIN counts toward the same lock as a wrong PIN on a payment.
 * The same form sets the first PIN, changes it, and resets it from the e-mailed link or the SMS code.
 */
export function PinForm({ change = false, reset, submitLabel, onSet }: PinFormProps) {
  const queryClient = useQueryClient();
  const byCode = reset !== undefined && 'code' in reset;
  const link = reset !== undefined && 'token' in reset ? reset : undefined;
  const form = useForm<PinFormValues, unknown, PinBody>({
    // A reset asks what setting the first PIN asks, and the SMS code when it came by phone (the
    // link's token is not typed).
    resolver: zodResolver(walletPinForm(change, byCode)),
    defaultValues: { current_pin: '', pin: '', confirm: '', password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const send = ({ code, ...body }: PinBody) => {
    if (link) return resetWalletPin({ token: link.token, ...body });
    if (byCode) return resetWalletPin({ code: code ?? '', ...body });
    return setWalletPin(body);
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const { message } = await send(body);
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
      onSet(body.pin, message);
    } catch (cause) {
      if (change && isApiError(cause) && cause.status === 423) {
        // Locked by too many wrong PINs: the message says for how long.
        form.setError('current_pin', { message: cause.message });
        void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
        return;
      }
      const linkRefused = link && isApiError(cause) ? cause.fieldError('token') : undefined;
      if (link && linkRefused) return link.onLinkRefused(linkRefused);
      const message = applyServerErrors(cause, form.setError, FIELDS);
      // Anything but field errors is said under the last field, where the button is.
      if (!(isApiError(cause) && cause.isValidation)) {
        form.setError('password', { message: isApiError(cause) ? message : 'Something went wrong. Please try again.' });
      }
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={reset ? 'Reset wallet PIN' : change ? 'Change wallet PIN' : 'Set wallet PIN'}
      className="mt-4 space-y-4"
    >
      {byCode && (
        <TextInput
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PHONE_CODE_DIGITS + 2}
          error={errors.code?.message}
          {...form.register('code')}
        />
      )}
      {change && <PinField label="Current PIN" error={errors.current_pin?.message} {...form.register('current_pin')} />}
      <PinField label="New PIN" error={errors.pin?.message} {...form.register('pin')} />
      <PinField label="Confirm PIN" error={errors.confirm?.message} {...form.register('confirm')} />
      <PasswordInput
        label="Account password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" block loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
