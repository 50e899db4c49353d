import { useId, useState } from 'react';
import { TextInput, type TextInputProps } from './text-input';

export type PasswordInputProps = Omit<TextInputProps, 'type' | 'trailing'>;

/**
 * Password field with a Show/Hide toggle. The toggle's name says what pressing it will do
 * ("Show password" / "Hide password") and contains its visible text.
 */
export function PasswordInput({ id, variant = 'default', ...props }: PasswordInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);

  return (
    <TextInput
      {...props}
      id={inputId}
      variant={variant}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-controls={inputId}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
