import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertDialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { customerSuspendBody, SUSPEND_NOTE_MAX } from '@ruwa/contract';

/** The contract's rule for the note, as the server checks it. */
const noteSchema = customerSuspendBody.pick({ note: true }).required();

type SuspendCustomerDialogProps = {
  trigger: ReactNode;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (note: string) => void;
  loading: boolean;
};

/**
 * The confirmation before a suspension, with a note for the audit log. It is the shared
 * ConfirmDialog's look with a form field in it; focus starts on Cancel, the safe choice.
 */
export function SuspendCustomerDialog({
  trigger,
  name,
  open,
  onOpenChange,
  onConfirm,
  loading,
}: SuspendCustomerDialogProps) {
  const form = useForm<{ note: string }>({ resolver: zodResolver(noteSchema), defaultValues: { note: '' } });
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (loading) return;
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Suspend {name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            They are signed out everywhere at once and cannot sign in until the account is reactivated.
          </AlertDialog.Description>
          <form className="mt-4" noValidate onSubmit={form.handleSubmit(({ note }) => onConfirm(note))}>
            <TextArea
              label="Note (optional)"
              {...form.register('note')}
              maxLength={SUSPEND_NOTE_MAX}
              rows={3}
              placeholder="Why, for the audit log"
              error={form.formState.errors.note?.message}
            />
            <div className="mt-5 flex justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button variant="outline" size="sm" disabled={loading}>
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" size="sm" loading={loading}>
                Suspend
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
