import { cloneElement, Suspense, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';

type TriggerProps = { onClick?: (event: MouseEvent<HTMLButtonElement>) => void; 'aria-haspopup'?: 'dialog' };

type DeferredDialogProps = {
  /** The button that opens the dialog, shown at once. */
  trigger: ReactElement<TriggerProps>;
  /**
   * The dialog, opened from the start: a `lazy` component given the same trigger and `defaultOpen`,
   * so a tap made while its code downloads opens it as soon as the code is here.
   */
  dialog: ReactNode;
};

/**
 * A dialog whose code (its form library, schema and Radix parts) loads only when it is first opened,
 * so the screen behind it shows sooner on a slow line. Until then the trigger is a plain button
 * that looks and reads the same.
 */
export function DeferredDialog({ trigger, dialog }: DeferredDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return cloneElement(trigger, { 'aria-haspopup': 'dialog', onClick: () => setWanted(true) });
  return <Suspense fallback={cloneElement(trigger, { 'aria-haspopup': 'dialog' })}>{dialog}</Suspense>;
}
