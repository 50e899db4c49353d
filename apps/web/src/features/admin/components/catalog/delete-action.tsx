import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

/** What to offer when the server refuses the delete with `code` (e.g. a product with orders: disable it). */
export type InsteadOfDeleting = {
  code: string;
  title: string;
  actionLabel: string;
  onAction: () => Promise<unknown>;
  successMessage: string;
};

type DeleteActionProps = {
  /** What is deleted, e.g. 'Lekki'; names the button for assistive technology. */
  name: string;
  /** e.g. 'location'. */
  noun: string;
  onDelete: () => Promise<unknown>;
  successMessage: string;
  instead?: InsteadOfDeleting;
};

/**
 * Delete with a confirmation first. A refusal (e.g. 409: products still use it) is shown as the
 * 'Error!' toast with the server's reason, unless `instead` names it: then the dialog stays open with
 * the server's reason and offers the other action.
 */
export function DeleteAction({ name, noun, onDelete, successMessage, instead }: DeleteActionProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await action();
      notifySuccess(success, 'Action Successful');
      setOpen(false);
    } catch (error) {
      if (!refusal && instead && error instanceof ApiError && error.code === instead.code) {
        setRefusal(error.message);
        return;
      }
      notifyError(error instanceof Error ? error.message : String(error));
      setOpen(false);
    } finally {
      setBusy(false);
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
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRefusal(null);
      }}
      title={refusal && instead ? instead.title : `Delete this ${noun}?`}
      description={
        refusal ?? (
          <>
            <strong className="font-semibold text-slate-900">{name}</strong> will be deleted. This cannot be undone.
          </>
        )
      }
      confirmLabel={refusal && instead ? instead.actionLabel : 'Delete'}
      destructive={!refusal}
      loading={busy}
      onConfirm={() =>
        void (refusal && instead ? run(instead.onAction, instead.successMessage) : run(onDelete, successMessage))
      }
    />
  );
}
