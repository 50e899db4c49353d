import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PasswordInput } from './password-input';

type NewPassword = { new_password: string; confirm_password: string };

type NewPasswordFieldsProps<T extends NewPassword> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  confirmLabel?: string;
};

/**
 * The new password typed twice, as every password form asks for it (reset by e-mail link and change
 * from the profile): the browser's password manager offers a strong one for both fields.
 */
export function NewPasswordFields<T extends NewPassword>({
  register,
  errors,
  confirmLabel = 'Confirm password',
}: NewPasswordFieldsProps<T>) {
  // Both forms name their fields new_password and confirm_password; the casts only tell
  // react-hook-form's generic types so.
  const field = register as unknown as UseFormRegister<NewPassword>;
  const fieldErrors = errors as FieldErrors<NewPassword>;
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        error={fieldErrors.new_password?.message}
        {...field('new_password')}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        error={fieldErrors.confirm_password?.message}
        {...field('confirm_password')}
      />
    </>
  );
}
