import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { BOXED_CONTROL_CLASSES, CONTROL_CLASSES, Field, useFieldControl, type FieldMessages } from './field';

export type TextAreaProps = ComponentProps<'textarea'> &
  FieldMessages & {
    label: string;
    containerClassName?: string;
  };

/**
 * Multi-line text field (a note, a reason) with its label above it: the settings look of TextInput.
 * The ref is passed on to the textarea, so react-hook-form's register works on it.
 */
export function TextArea({ label, error, hint, id, className, containerClassName, ...props }: TextAreaProps) {
  const control = useFieldControl(id, { error, hint });
  return (
    <Field controlId={control.id} label={label} error={error} hint={hint} containerClassName={containerClassName}>
      <textarea
        {...control}
        className={cn(CONTROL_CLASSES, BOXED_CONTROL_CLASSES, 'px-3 py-2', className)}
        {...props}
      />
    </Field>
  );
}
