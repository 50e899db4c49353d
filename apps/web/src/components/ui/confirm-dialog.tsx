import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from './button';

type ConfirmDialogProps = {
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Names what keeping things as they are means ('Keep subscription'); 'Cancel' by default. */
  cancelLabel?: string;
  onConfirm: () => void;
  /** Keeps the dialog open with a busy confirm button while the request runs. */
  loading?: boolean;
  destructive?: boolean;
  /** A field the action needs (a code, a reason), shown under the description. */
  children?: ReactNode;
};

/**
 * Asks before an action that cannot be undone. Focus stays inside while it is open, starts on Cancel
 * (the safe choice) and returns to what opened it; Escape closes it.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  loading = false,
  destructive = true,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (loading ? undefined : onOpenChange(next))}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          {children && <div className="mt-4">{children}</div>}
          <div className="mt-5 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" size="sm" disabled={loading}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={destructive ? 'destructive' : 'primary'} size="sm" loading={loading} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
