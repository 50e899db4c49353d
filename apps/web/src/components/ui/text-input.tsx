import { useState, type ComponentProps, type ReactNode } from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '@/lib/utils';
import { BOXED_CONTROL_CLASSES, CONTROL_CLASSES, Field, useFieldControl, type FieldMessages } from './field';

const inputVariants = cva(`peer transition-colors ${CONTROL_CLASSES}`, {
  variants: {
    variant: {
      // Floating label inside a grey field (#F3F3F3).
      default: 'h-14 rounded-lg border border-transparent bg-field px-4 pt-5 pb-1.5 focus:bg-white',
      // Settings pages: label above, white bordered field.
      settings: `h-12 px-3 ${BOXED_CONTROL_CLASSES}`,
    },
  },
  defaultVariants: { variant: 'default' },
});

export type TextInputVariant = 'default' | 'settings';

export type TextInputProps = Omit<ComponentProps<'input'>, 'placeholder'> &
  FieldMessages & {
    label: string;
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
  const control = useFieldControl(id, { error, hint });
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState<boolean | null>(null);
  const filled = typed ?? (hasText(props.value) || hasText(props.defaultValue));
  const floating = focused || filled;
  const floatingLabel = variant === 'default';

  return (
    <Field
      controlId={control.id}
      label={floatingLabel ? undefined : label}
      error={error}
      hint={hint}
      containerClassName={containerClassName}
    >
      <div className="relative" data-floating={floatingLabel ? floating : undefined}>
        <input
          {...control}
          className={cn(inputVariants({ variant }), trailing ? 'pr-20' : undefined, className)}
          placeholder={floatingLabel ? ' ' : placeholder}
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
        {floatingLabel && (
          <label
            htmlFor={control.id}
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
        )}
        {trailing && <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div>}
      </div>
    </Field>
  );
}
