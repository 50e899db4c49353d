import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { AlertDialog } from 'radix-ui';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { Button } from './button';

/** The second step: what confirming will do, named before anything is sent. */
export type Confirmation = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** A red confirm button, for an action that takes something away (a debit). */
  destructive?: boolean;
};

type ConfirmedFormDialogProps<Input extends FieldValues, Values> = {
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  /** The form, whose schema checks the fields on Continue; it is emptied whenever the dialog closes. */
  form: UseFormReturn<Input, unknown, Values>;
  /** The form's fields. */
  children: ReactNode;
  /** The fields a refusal from the server may name: its message is shown under them. */
  fields: readonly Path<Input>[];
  confirmation: (values: Values) => Confirmation;
  /**
   * Sends the checked values with this action's reference. The reference is made once per action
   * and kept across retries, so a repeated confirm never acts twice; a success makes a new one.
   */
  send: (values: Values, reference: string) => Promise<{ message: string }>;
  /** While the request runs: the dialog stays open and the confirm button is busy. */
  sending: boolean;
  /** The success message when the server's answer has none. */
  sentMessage: string;
};

/**
 * A form in a dialog whose Continue does not send it: a second step says what will happen, and only
 * its confirm button sends. Back, or a refusal from the server, returns to the filled-in form, with
 * the server's messages under the fields they name.
 */
export function ConfirmedFormDialog<Input extends FieldValues, Values>({
  trigger,
  title,
  description,
  form,
  children,
  fields,
  confirmation,
  send,
  sending,
  sentMessage,
}: ConfirmedFormDialogProps<Input, Values>) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [reference, setReference] = useState(() => crypto.randomUUID());

  function close() {
    setOpen(false);
    setConfirming(null);
    form.reset();
  }

  const review = form.handleSubmit((values) => setConfirming(values));

  async function confirm(values: Values) {
    try {
      const { message } = await send(values, reference);
      notifySuccess(message || sentMessage);
      setReference(crypto.randomUUID());
      close();
    } catch (error) {
      setConfirming(null);
      notifyError(applyServerErrors(error, form.setError, fields));
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (sending) return;
        if (next) setOpen(true);
        else close();
      }}
    >
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          {confirming === null ? (
            <>
              <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
              <AlertDialog.Description className="mt-1 text-sm text-slate-700">{description}</AlertDialog.Description>
              <form className="mt-4 space-y-4" noValidate onSubmit={(event) => void review(event)}>
                {children}
                <div className="flex justify-end gap-3">
                  <AlertDialog.Cancel asChild>
                    <Button variant="outline" size="sm">
                      Cancel
                    </Button>
                  </AlertDialog.Cancel>
                  <Button type="submit" size="sm">
                    Continue
                  </Button>
                </div>
              </form>
            </>
          ) : (
            <ConfirmStep
              {...confirmation(confirming)}
              sending={sending}
              onBack={() => setConfirming(null)}
              onConfirm={() => void confirm(confirming)}
            />
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

type ConfirmStepProps = Confirmation & { sending: boolean; onBack: () => void; onConfirm: () => void };

function ConfirmStep({
  title,
  description,
  confirmLabel,
  destructive = false,
  sending,
  onBack,
  onConfirm,
}: ConfirmStepProps) {
  return (
    <>
      <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
      <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
      <div className="mt-5 flex justify-end gap-3">
        <Button variant="outline" size="sm" disabled={sending} onClick={onBack}>
          Back
        </Button>
        <Button variant={destructive ? 'destructive' : 'primary'} size="sm" loading={sending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}
