import { useState } from 'react';
import { Clock } from 'lucide-react';
import type { HeldWithdrawal, WithdrawalHoldReason } from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';

/** Why a withdrawal waits and until when, one whole sentence per reason. */
export function heldUntilSentence(reason: WithdrawalHoldReason, heldUntil: string | null): string {
  const when = heldUntil ? formatDateTime(heldUntil) : '';
  switch (reason) {
    case 'large_amount':
      return 'Waiting for our team to check it because it is a large amount.';
    case 'name_mismatch':
      return 'Waiting for our team to check it because the bank account is not in your name.';
    case 'pin_reset':
      return `Held until ${when} because your wallet PIN was reset.`;
    case 'password_reset':
      return `Held until ${when} because your password was reset.`;
    case 'new_bank_account':
      return `Held until ${when} because this bank account was added less than a day ago.`;
  }
}

function HeldWithdrawalItem({ withdrawal }: { withdrawal: HeldWithdrawal }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelWithdrawal();
  const amount = formatNaira(withdrawal.amount);

  function confirm() {
    cancel.mutate(withdrawal.reference, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setOpen(false);
      },
      onError: (error) => {
        notifyError(error.message);
        setOpen(false);
      },
    });
  }

  return (
    <li className="space-y-2 py-3" data-testid="held-withdrawal">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 tabular-nums">{amount}</p>
          <p className="text-sm break-words text-slate-600">{withdrawal.destination}</p>
        </div>
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" className="shrink-0">
              Cancel withdrawal
            </Button>
          }
          open={open}
          onOpenChange={setOpen}
          title="Cancel this withdrawal?"
          description={`${amount} will go back to your wallet balance now, and nothing will be sent to the bank.`}
          confirmLabel="Cancel withdrawal"
          cancelLabel="Keep it"
          loading={cancel.isPending}
          onConfirm={confirm}
        />
      </div>
      <p className="flex items-start gap-1.5 text-sm text-amber-900">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{heldUntilSentence(withdrawal.reason, withdrawal.held_until)}</span>
      </p>
    </li>
  );
}

/**
 * Withdrawals waiting before their bank transfer (after a PIN or password reset, or to a new bank
 * account): the money is set aside, and each can be cancelled back to the wallet. Nothing when none.
 */
export function HeldWithdrawals({ withdrawals }: { withdrawals: HeldWithdrawal[] | undefined }) {
  if (!withdrawals?.length) return null;
  return (
    <section
      aria-labelledby="held-withdrawals-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50/60 px-4 pt-3"
    >
      <h2 id="held-withdrawals-heading" className="font-semibold text-slate-900">
        Held withdrawals
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        For your safety, these wait before they are sent. If you did not ask for one, cancel it and call us.
      </p>
      <ul aria-label="Held withdrawals" className="divide-y divide-amber-200">
        {withdrawals.map((withdrawal) => (
          <HeldWithdrawalItem key={withdrawal.reference} withdrawal={withdrawal} />
        ))}
      </ul>
    </section>
  );
}
