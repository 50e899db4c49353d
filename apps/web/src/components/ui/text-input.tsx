import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const inputVariants = cva(
  'peer block w-full text-base text-slate-900 transition-colors outline-none focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700',
  {
    variants: {
      variant: {
        // Floating label inside a grey field (#F3F3F3).
        default: 'h-14 rounded-lg border border-transparent bg-field px-4 pt-5 pb-1.5 focus:bg-white',
        // Settings pages: label above, white bordered field.
        settings: 'h-12 rounded-lg border border-slate-400 bg-white px-3',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type TextInputVariant = 'default' | 'settings';

export type TextInputProps = Omit<ComponentProps<'input'>, 'placeholder'> & {
  label: string;
  /** The first error message for this field, shown under it. */
  error?: string;
  /** Help text shown under the field when there is no error. */
  hint?: string;
  variant?: TextInputVariant;
  /** Content placed at the right edge inside the field (e.g. the password Show/Hide button). */
  trailing?: ReactNode;
  /** Only the settings variant shows a placeholder; the floating label takes its place otherwise. */
  placeholder?: string;
  containerClassName?: string;
};

function hasText(value: unknown): boolean {
  return value !== undefined && value !== null && String(value) !== '';
}

/**
 * Text field with a label tied to the input. In the default variant the label sits inside the field
 * and floats up when the field is focused or filled; the state covers typing and focus, and the CSS
 * (:not(:placeholder-shown), :autofill) covers values set by a form reset or the browser's autofill.
 */
export function TextInput({
  label,
  error,
  hint,
  variant = 'default',
  trailing,
  placeholder,
  id,
  className,
  containerClassName,
  onFocus,
  onBlur,
  onChange,
  ...props
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState<boolean | null>(null);
  const filled = typed ?? (hasText(props.value) || hasText(props.defaultValue));
  const floating = focused || filled;
  const message = error ?? hint;
  const floatingLabel = variant === 'default';

  const input = (
    <input
      id={inputId}
      className={cn(inputVariants({ variant }), trailing ? 'pr-20' : undefined, className)}
      placeholder={floatingLabel ? ' ' : placeholder}
      aria-invalid={error ? true : undefined}
      aria-describedby={message ? messageId : undefined}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        setTyped(event.currentTarget.value !== '');
        onBlur?.(event);
      }}
      onChange={(event) => {
        setTyped(event.currentTarget.value !== '');
        onChange?.(event);
      }}
      {...props}
    />
  );

  return (
    <div className={containerClassName ?? 'w-full'}>
      {floatingLabel ? (
        <div className="relative" data-floating={floating}>
          {input}
          <label
            htmlFor={inputId}
            className={cn(
              'pointer-events-none absolute left-4 text-slate-600 transition-all',
              'peer-focus:top-2 peer-focus:translate-y-0 peer-focus:text-xs peer-focus:text-brand-700',
              'peer-[:not(:placeholder-shown)]:top-2 peer-[:not(:placeholder-shown)]:translate-y-0 peer-[:not(:placeholder-shown)]:text-xs',
              'peer-autofill:top-2 peer-autofill:translate-y-0 peer-autofill:text-xs',
              floating ? 'top-2 translate-y-0 text-xs' : 'top-1/2 -translate-y-1/2 text-base',
            )}
          >
            {label}
          </label>
          {trailing && <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div>}
        </div>
      ) : (
        <>
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
            {label}
          </label>
          <div className="relative">
            {input}
            {trailing && <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div>}
          </div>
        </>
      )}
      {message && (
        <p id={messageId} className={cn('mt-1.5 text-sm', error ? 'text-red-700' : 'text-slate-600')}>
          {message}
        </p>
      )}
    </div>
  );
}
