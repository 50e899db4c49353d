import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from './button';

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the sheet; focus returns to it when the sheet closes. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Long content scrolls inside the sheet. */
  scrolls?: boolean;
  children: ReactNode;
};

/**
 * A dialog that rises from the bottom on a phone and sits in the middle on a laptop: a title, a line
 * under it, a close button, and the content. Focus stays inside while it is open; Escape closes it.
 */
export function Sheet({ open, onOpenChange, trigger, title, description, scrolls = false, children }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed inset-x-0 bottom-0 z-50 mx-auto w-full max-w-md rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl focus:outline-none sm:top-1/2 sm:bottom-auto sm:w-[calc(100%-2rem)] sm:-translate-y-1/2 sm:rounded-2xl${scrolls ? ' max-h-[90dvh] overflow-y-auto' : ''}`}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
