import { useId, type ComponentProps, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';

export type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  /** Hides the label visually (it is still the field's name), e.g. inside a table-like row. */
  hideLabel?: boolean;
  /** First, empty option shown while nothing is chosen. */
  placeholder?: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  containerClassName?: string;
};

/**
 * A native select with a label above it: on phones it opens the system picker, which is faster and
 * more accessible than a custom list.
 */
export function SelectField({
  label,
  hideLabel = false,
  placeholder,
  error,
  hint,
  id,
  className,
  containerClassName,
  children,
  ...props
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const messageId = `${selectId}-message`;
  const message = error ?? hint;
  return (
    <div className={containerClassName ?? 'w-full'}>
      <label
        htmlFor={selectId}
        className={cn('mb-1.5 block text-sm font-medium text-slate-800', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          className={cn(
            'block h-12 w-full cursor-pointer appearance-none rounded-lg border border-slate-400 bg-white pr-10 pl-3 text-base text-slate-900 outline-none focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700',
            className,
          )}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...props}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600"
          aria-hidden="true"
        />
      </div>
      {message && (
        <p id={messageId} className={cn('mt-1.5 text-sm', error ? 'text-red-700' : 'text-slate-600')}>
          {message}
        </p>
      )}
    </div>
  );
}
