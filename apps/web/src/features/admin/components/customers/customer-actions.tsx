import { useState } from 'react';
import { Ban, KeyRound, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { Customer } from '@ruwa/contract/replies';
import { useReactivateCustomer } from '../../api/reactivate-customer';
import { useSendCustomerReset } from '../../api/send-customer-reset';
import { useSuspendCustomer } from '../../api/suspend-customer';
import { SuspendCustomerDialog } from './suspend-customer-dialog';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Suspend or reactivate (each confirmed first) and resend the password-reset e-mail. Admin accounts
 * are not managed here (the API refuses it).
 */
export function CustomerActions({ customer }: { customer: Customer }) {
  const name = `${customer.first_name} ${customer.last_name}`;
  const suspended = customer.status === 'suspended';
  const [dialog, setDialog] = useState<'suspend' | 'reactivate' | null>(null);
  const suspend = useSuspendCustomer();
  const reactivate = useReactivateCustomer();
  const sendReset = useSendCustomerReset();

  if (customer.role === 'admin') {
    return <p className="text-sm text-slate-600">Admin accounts are managed outside this screen.</p>;
  }

  async function confirmSuspend(note: string) {
    try {
      const { message } = await suspend.mutateAsync({ id: customer.id, note });
      notifySuccess(message || `${name} has been suspended`);
      setDialog(null);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function confirmReactivate() {
    try {
      const { message } = await reactivate.mutateAsync(customer.id);
      notifySuccess(message || `${name} has been reactivated`);
      setDialog(null);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function resendReset() {
    try {
      const { message } = await sendReset.mutateAsync(customer.id);
      notifySuccess(message || 'A password reset link has been sent');
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <div className="flex flex-wrap gap-3">
      {suspended ? (
        <ConfirmDialog
          trigger={
            <Button variant="primary" size="sm">
              <RotateCcw className="size-4" aria-hidden="true" />
              Reactivate
            </Button>
          }
          open={dialog === 'reactivate'}
          onOpenChange={(open) => setDialog(open ? 'reactivate' : null)}
          title={`Reactivate ${name}?`}
          description="They will be able to sign in again."
          confirmLabel="Reactivate"
          destructive={false}
          loading={reactivate.isPending}
          onConfirm={() => void confirmReactivate()}
        />
      ) : (
        <SuspendCustomerDialog
          trigger={
            <Button variant="destructive" size="sm">
              <Ban className="size-4" aria-hidden="true" />
              Suspend
            </Button>
          }
          name={name}
          open={dialog === 'suspend'}
          onOpenChange={(open) => setDialog(open ? 'suspend' : null)}
          loading={suspend.isPending}
          onConfirm={(note) => void confirmSuspend(note)}
        />
      )}
      <Button
        variant="outline"
        size="sm"
        loading={sendReset.isPending}
        disabled={suspended}
        aria-describedby={suspended ? 'reset-needs-active' : undefined}
        onClick={() => void resendReset()}
      >
        <KeyRound className="size-4" aria-hidden="true" />
        Resend password reset e-mail
      </Button>
      {suspended && (
        <p id="reset-needs-active" className="w-full text-sm text-slate-600">
          Reactivate the account before sending a reset link.
        </p>
      )}
    </div>
  );
}
