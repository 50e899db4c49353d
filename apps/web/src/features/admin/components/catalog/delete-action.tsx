import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';

type DeleteActionProps = {
  /** What is deleted, e.g. 'Lekki'; names the button for assistive technology. */
  name: string;
  /** e.g. 'location'. */
  noun: string;
  onDelete: () => Promise<unknown>;
  successMessage: string;
};

/**
 * Delete with a confirmation first. A refusal (e.g. 409: products still use it) is shown as the
 * 'Error!' toast with the server's reason.
 */
export function DeleteAction({ name, noun, onDelete, successMessage }: DeleteActionProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onDelete();
      notifySuccess(successMessage, 'Action Successful');
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost-danger" size="sm" aria-label={`Delete ${name}`}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title={`Delete this ${noun}?`}
      description={
        <>
          <strong className="font-semibold text-slate-900">{name}</strong> will be deleted. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      loading={busy}
      onConfirm={() => void confirm()}
    />
  );
}
