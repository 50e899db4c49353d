import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** What every typed-into control shares: its type, the focus ring, and the disabled and invalid looks. */
export const CONTROL_CLASSES =
  'block w-full text-base text-slate-900 outline-none focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700';

/** The white bordered box of a control whose label sits above it. */
export const BOXED_CONTROL_CLASSES = 'rounded-lg border border-slate-400 bg-white';

export type FieldMessages = {
  /** The first error message for this field, shown under it. */
  error?: string;
  /** Help text shown under the field when there is no error. */
  hint?: string;
};

const messageIdOf = (controlId: string) => `${controlId}-message`;

/**
 * The control's id and what ties it to the message under its field: an error marks it invalid, and
 * the error (or else the hint) is read out as its description.
 */
export function useFieldControl(id: string | undefined, { error, hint }: FieldMessages) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': (error ?? hint) ? messageIdOf(controlId) : undefined,
  };
}

type FieldProps = FieldMessages & {
  /** The id from useFieldControl, which the label and the message refer to. */
  controlId: string;
  /** The label above the control; left out where the control draws its own (the floating label). */
  label?: string;
  /** Hides the label visually (it is still the field's name), e.g. inside a table-like row. */
  hideLabel?: boolean;
  containerClassName?: string;
  children: ReactNode;
};

/** A form control with its label above it and its error, or else its hint, under it. */
export function Field({ controlId, label, hideLabel = false, error, hint, containerClassName, children }: FieldProps) {
  const message = error ?? hint;
  return (
    <div className={containerClassName ?? 'w-full'}>
      {label !== undefined && (
        <label
          htmlFor={controlId}
          className={cn('mb-1.5 block text-sm font-medium text-slate-800', hideLabel && 'sr-only')}
        >
          {label}
        </label>
      )}
      {children}
      {message && (
        <p id={messageIdOf(controlId)} className={cn('mt-1.5 text-sm', error ? 'text-red-700' : 'text-slate-600')}>
          {message}
        </p>
      )}
    </div>
  );
}
