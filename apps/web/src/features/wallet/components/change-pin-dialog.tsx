import { useState, type ReactElement } from 'react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { notifySuccess } from '@/lib/notify';
import { PinForm } from './pin-form';

/** Changing the wallet PIN from the wallet screen: the current PIN, the new one twice and the password. */
export function ChangePinDialog({ trigger, defaultOpen = false }: { trigger: ReactElement; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[90dvh] w-full max-w-md overflow-y-auto rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl focus:outline-none sm:top-1/2 sm:bottom-auto sm:w-[calc(100%-2rem)] sm:-translate-y-1/2 sm:rounded-2xl">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">Change wallet PIN</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-700">
                Enter your current PIN, then choose a new 4-digit PIN.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <PinForm
            change
            submitLabel="Change PIN"
            onSet={() => {
              setOpen(false);
              notifySuccess('Your wallet PIN has been changed.');
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
