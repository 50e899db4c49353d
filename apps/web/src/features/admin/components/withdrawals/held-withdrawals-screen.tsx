import { useState } from 'react';
import type { AdminWithdrawal, WithdrawalHoldReason } from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useHeldWithdrawals } from '../../api/withdrawals/get-held-withdrawals';
import { useReleaseWithdrawal } from '../../api/withdrawals/release-withdrawal';

const REASONS: Record<WithdrawalHoldReason, string> = {
  pin_reset: 'Wallet PIN reset',
  password_reset: 'Password reset',
  new_bank_account: 'New bank account',
};

function Release({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const [open, setOpen] = useState(false);
  const release = useReleaseWithdrawal();
  const { name, phone_number: phone } = withdrawal.customer;
  const amount = formatNaira(withdrawal.amount);

  function confirm() {
    release.mutateAsync(withdrawal.reference).then(
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
        <Button size="sm" variant="outline" aria-label={`Release the withdrawal of ${amount} by ${name}`}>
          Release
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Release this withdrawal?"
      description={`Call ${name} on ${phone} first to make sure they asked for it. Once released, ${amount} is sent to ${withdrawal.destination} at once and cannot be cancelled.`}
      confirmLabel="Release now"
      cancelLabel="Keep it held"
      destructive={false}
      loading={release.isPending}
      onConfirm={confirm}
    />
  );
}

const columns: Column<AdminWithdrawal>[] = [
  {
    header: 'Customer',
    cell: (row) => (
      <div className="min-w-40">
        <p className="font-medium text-slate-900">{row.customer.name}</p>
        <p className="text-xs text-slate-600">{row.customer.phone_number}</p>
        <p className="text-xs break-all text-slate-600">{row.customer.email}</p>
      </div>
    ),
  },
  { header: 'Amount', cell: (row) => <span className="tabular-nums">{formatNaira(row.amount)}</span> },
  { header: 'To', cell: (row) => <span className="text-sm">{row.destination}</span> },
  { header: 'Reason', cell: (row) => (row.hold_reason ? REASONS[row.hold_reason] : '—') },
  { header: 'Held until', cell: (row) => formatDateTime(row.held_until) },
  { header: 'Action', cell: (row) => <Release withdrawal={row} /> },
];

/**
 * Withdrawals waiting before their bank transfer (after a PIN or password reset, or to a new bank
 * account), the soonest sent first. Each is sent by itself when its time comes; an admin who has
 * called the customer can release it sooner.
 */
export function HeldWithdrawalsScreen() {
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isPlaceholderData } = useHeldWithdrawals(page);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Held withdrawals</h1>
      <p className="max-w-2xl text-sm text-slate-700">
        These withdrawals wait for 24 hours because the customer reset their PIN or password, or added the bank account
        recently. Each is sent when its time comes, unless the customer cancels it. Release one sooner only after
        calling the customer.
      </p>
      <DataTable
        caption="Held withdrawals"
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Held withdrawal pages" />
    </div>
  );
}
