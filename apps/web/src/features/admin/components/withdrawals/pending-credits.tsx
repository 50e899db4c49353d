import { useState } from 'react';
import type { WalletCreditRequest } from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApproveWalletCredit } from '../../api/wallet-credits/approve-wallet-credit';
import { usePendingWalletCredits } from '../../api/wallet-credits/get-wallet-credits';

function ApproveCredit({ credit }: { credit: WalletCreditRequest }) {
  const [open, setOpen] = useState(false);
  const approve = useApproveWalletCredit();
  const amount = formatNaira(credit.amount);

  function confirm() {
    approve.mutateAsync(credit.reference).then(
      (answer) => {
        notifySuccess(answer.message);
        setOpen(false);
      },
      (error: Error) => {
        notifyError(error.message);
        setOpen(false);
      },
    );
  }

  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" aria-label={`Approve the credit of ${amount} to ${credit.customer.name}`}>
          Approve
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Approve this credit?"
      description={`${amount} is added to ${credit.customer.name}’s wallet at once, with the reason “${credit.reason}”.`}
      confirmLabel="Approve and credit"
      cancelLabel="Not now"
      destructive={false}
      loading={approve.isPending}
      onConfirm={confirm}
    />
  );
}

/**
 * Support credits above the admins' amount, waiting for a second admin: shown only while there are
 * some. The server refuses the admin who asked for one.
 */
export function PendingCredits() {
  const { data } = usePendingWalletCredits();
  if (!data?.data.length) return null;
  return (
    <section
      aria-labelledby="pending-credits-heading"
      className="space-y-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <h2 id="pending-credits-heading" className="text-lg font-semibold text-slate-900">
        Wallet credits to approve
      </h2>
      <p className="text-sm text-slate-700">Another admin asked for these; the wallet moves only once you approve.</p>
      <ul className="divide-y divide-amber-200">
        {data.data.map((credit) => (
          <li key={credit.reference} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {formatNaira(credit.amount)} to {credit.customer.name}
              </p>
              <p className="break-words text-slate-700">{credit.reason}</p>
              <p className="text-xs text-slate-600">
                {credit.customer.email} · asked {formatDateTime(credit.created_at)}
              </p>
            </div>
            <ApproveCredit credit={credit} />
          </li>
        ))}
      </ul>
    </section>
  );
}
