import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { WALLET_PIN_LENGTH, walletPinForm } from '@ruwa/contract';
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
   * A new PIN from the "forgot PIN" e-mail's link: the link's token is sent with it, and a refused
   * link (used, expired) is handed to `onLinkRefused`, since no field of the form can fix it.
   */
  reset?: { token: string; onLinkRefused: (message: string) => void };
  submitLabel: string;
  /** Called with the new PIN, and the server's message, once the server has it. */
  onSet: (pin: string, message: string) => void;
};

/** The fields as typed: the new PIN twice and the password, and the current PIN on a change. */
export type PinFormValues = { current_pin: string; pin: string; confirm: string; password: string };
type PinBody = { pin: string; password: string; current_pin?: string };

const FIELDS = ['current_pin', 'pin', 'password'] as const;

/** A 4-digit PIN, hidden as it is typed. */
export function PinField(props: Omit<ComponentProps<typeof TextInput>, 'type' | 'inputMode' | 'autoComplete'>) {
  return <TextInput type="password" inputMode="numeric" autoComplete="off" maxLength={WALLET_PIN_LENGTH} {...props} />;
}

/**
 * Choosing a wallet PIN: four digits twice and the account password, and the current PIN when one
 * is being changed. A wrong current PIN counts toward the same lock as a wrong PIN on a payment.
 * The same form sets the first PIN, changes it, and resets it from the e-mailed link.
 */
export function PinForm({ change = false, reset, submitLabel, onSet }: PinFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<PinFormValues, unknown, PinBody>({
    // A reset asks what setting the first PIN asks (the link's token is not typed).
    resolver: zodResolver(walletPinForm(change)),
    defaultValues: { current_pin: '', pin: '', confirm: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      const { message } = await (reset ? resetWalletPin({ token: reset.token, ...body }) : setWalletPin(body));
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
      onSet(body.pin, message);
    } catch (cause) {
      if (change && isApiError(cause) && cause.status === 423) {
        // Locked by too many wrong PINs: the message says for how long.
        form.setError('current_pin', { message: cause.message });
        void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
        return;
      }
      const linkRefused = reset && isApiError(cause) ? cause.fieldError('token') : undefined;
      if (reset && linkRefused) return reset.onLinkRefused(linkRefused);
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
