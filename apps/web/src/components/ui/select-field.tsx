import type { ComponentProps, ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';
import { BOXED_CONTROL_CLASSES, CONTROL_CLASSES, Field, useFieldControl, type FieldMessages } from './field';

export type SelectFieldProps = ComponentProps<'select'> &
  FieldMessages & {
    label: string;
    /** Hides the label visually (it is still the field's name), e.g. inside a table-like row. */
    hideLabel?: boolean;
    /** First, empty option shown while nothing is chosen. */
    placeholder?: string;
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
  const control = useFieldControl(id, { error, hint });
  return (
    <Field
      controlId={control.id}
      label={label}
      hideLabel={hideLabel}
      error={error}
      hint={hint}
      containerClassName={containerClassName}
    >
      <div className="relative">
        <select
          {...control}
          className={cn(
            CONTROL_CLASSES,
            BOXED_CONTROL_CLASSES,
            'h-12 cursor-pointer appearance-none pr-10 pl-3',
            className,
          )}
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
    </Field>
  );
}
