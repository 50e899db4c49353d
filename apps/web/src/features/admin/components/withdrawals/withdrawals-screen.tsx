import { useState } from 'react';
import { Search } from 'lucide-react';
import {
  WITHDRAWAL_STATUSES,
  type AdminWithdrawal,
  type WithdrawalHoldReason,
  type WithdrawalStatus,
} from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApproveWithdrawal } from '../../api/withdrawals/approve-withdrawal';
import { useWithdrawals } from '../../api/withdrawals/get-withdrawals';
import { useListSearch } from '../../hooks/use-list-search';
import { StuckCardRefunds } from '../reconciliation/stuck-card-refunds';
import { PendingCredits } from './pending-credits';

const REASONS: Record<WithdrawalHoldReason, string> = {
  pin_reset: 'Wallet PIN reset',
  password_reset: 'Password reset',
  new_bank_account: 'New bank account',
  large_amount: 'Large amount',
  name_mismatch: 'Account in another name',
};

const STATUSES: Record<WithdrawalStatus, string> = {
  held: 'Held',
  pending: 'On its way',
  success: 'Paid',
  reversed: 'Failed, back in wallet',
  cancelled: 'Cancelled',
};

/**
 * Approves a held withdrawal after a confirmation: one waiting for approval is sent only this way; a
 * timed hold is released sooner. The server refuses an admin's own withdrawal (another approves it).
 */
function Approve({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const [open, setOpen] = useState(false);
  const approve = useApproveWithdrawal();
  const { name, phone_number: phone } = withdrawal.customer;
  const amount = formatNaira(withdrawal.amount);
  const verb = withdrawal.needs_approval ? 'Approve' : 'Release';

  function confirm() {
    approve.mutateAsync(withdrawal.reference).then(
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
        <Button size="sm" variant="outline" aria-label={`${verb} the withdrawal of ${amount} by ${name}`}>
          {verb}
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title={`${verb} this withdrawal?`}
      description={`Call ${name} on ${phone} first to make sure they asked for it. Once ${withdrawal.needs_approval ? 'approved' : 'released'}, ${amount} is sent to ${withdrawal.destination} at once and cannot be cancelled.`}
      confirmLabel={withdrawal.needs_approval ? 'Approve and send' : 'Release now'}
      cancelLabel="Keep it held"
      destructive={false}
      loading={approve.isPending}
      onConfirm={confirm}
    />
  );
}

function heldUntil(row: AdminWithdrawal): string {
  if (row.status !== 'held') return row.released_at ? `Sent ${formatDateTime(row.released_at)}` : '—';
  return row.held_until ? formatDateTime(row.held_until) : 'Until approved';
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
  {
    header: 'To',
    cell: (row) => (
      <div className="min-w-40 text-sm">
        <p>{row.destination}</p>
        <p className="text-xs break-all text-slate-600">{row.reference}</p>
      </div>
    ),
  },
  { header: 'Status', cell: (row) => STATUSES[row.status] },
  { header: 'Held for', cell: (row) => (row.hold_reason ? REASONS[row.hold_reason] : '—') },
  { header: 'Held until', cell: heldUntil },
  { header: 'Action', cell: (row) => (row.status === 'held' ? <Approve withdrawal={row} /> : null) },
];

/**
 * Every withdrawal, newest first, found by reference, e-mail or phone and filtered by status. Held
 * ones (the default view) wait before their bank transfer: those waiting for an admin's approval
 * (large, or to an account in another name) first, then the timed ones, each sent when its time comes.
 */
export function WithdrawalsScreen() {
  const { text, changeText, search, page, setPage } = useListSearch();
  const [status, setStatus] = useState<WithdrawalStatus | undefined>('held');
  const { data, isPending, isFetching, isPlaceholderData } = useWithdrawals({ page, status, search });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Withdrawals</h1>
      <p className="max-w-2xl text-sm text-slate-700">
        Large withdrawals and those to an account in another person’s name wait for an admin’s approval; those after a
        PIN or password reset, or to a recently added account, wait 24 hours. Approve or release one only after calling
        the customer. Your own withdrawals are approved by another admin.
      </p>
      <PendingCredits />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative sm:w-72">
          <TextInput
            label="Search withdrawals"
            type="search"
            variant="settings"
            placeholder="Reference, email or phone"
            value={text}
            onChange={(event) => changeText(event.target.value)}
            className="pl-9"
          />
          <Search className="pointer-events-none absolute bottom-3.5 left-3 size-5 text-slate-500" aria-hidden="true" />
        </div>
        <SelectField
          label="Status"
          containerClassName="sm:w-56"
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || undefined) as WithdrawalStatus | undefined);
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {WITHDRAWAL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUSES[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable
        caption="Withdrawals"
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Withdrawal pages" />
      {/* The other money on its way out: refunds to cards, asked of Paystack again where that is safe. */}
      <StuckCardRefunds />
    </div>
  );
}
