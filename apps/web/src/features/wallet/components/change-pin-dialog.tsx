import { useState, type ReactElement } from 'react';
import { Sheet } from '@/components/ui/sheet';
import { notifySuccess } from '@/lib/notify';
import { PinForm } from './pin-form';

/** Changing the wallet PIN from the wallet screen: the current PIN, the new one twice and the password. */
export function ChangePinDialog({ trigger, defaultOpen = false }: { trigger: ReactElement; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title="Change wallet PIN"
      description="Enter your current PIN, then choose a new 4-digit PIN."
      scrolls
    >
      <PinForm
        change
        submitLabel="Change PIN"
        onSet={() => {
          setOpen(false);
          notifySuccess('Your wallet PIN has been changed.');
        }}
      />
    </Sheet>
  );
}
