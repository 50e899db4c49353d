import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertDialog } from 'radix-ui';
import type { z } from 'zod';
import {
  formatNaira,
  reconciliationClearBody,
  reconciliationKindLabel,
  reconciliationProviderName,
  RECONCILIATION_CLEARING_ACCOUNTS,
  SUSPENSE_ACCOUNT,
  type ReconciliationClearInput,
  type ReconciliationDifference,
} from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useClearDifference,
  useDifferences,
  useRunReconciliation,
  useVtuFloat,
  type DifferenceFilter,
} from '../../api/reconciliation';
import { useChartOfAccounts } from '../../api/get-chart-of-accounts';
import { FloatTopUpDialog } from './float-top-up-dialog';
import { StuckCardRefunds } from './stuck-card-refunds';
import { formatDateTime } from '../../utils/format-date';

const FILTERS: { value: DifferenceFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'matched', label: 'Matched later' },
  { value: 'cleared', label: 'Cleared' },
  { value: 'all', label: 'All' },
];

/** The form's part of the contract's body: the id is the row's. */
const clearSchema = reconciliationClearBody.pick({ reason: true, account: true });
type ClearFields = Pick<ReconciliationClearInput, 'reason' | 'account'>;

const naira = (amount: number | null) => (amount === null ? '—' : formatNaira(amount));

/** The accounts a difference may be cleared against, named from the chart (read once the dialog opens). */
function ClearingAccountOptions() {
  const chart = useChartOfAccounts();
  const nameOf = (code: string) => chart.data?.find((account) => account.code === code)?.name ?? '';
  return RECONCILIATION_CLEARING_ACCOUNTS.map((code) => (
    <option key={code} value={code}>
      {`${code} ${nameOf(code)}`.trim()}
    </option>
  ));
}

/** Clearing asks what was found and what was done; the reason is kept with the difference and audited. */
function ClearDialog({ difference }: { difference: ReconciliationDifference }) {
  const [open, setOpen] = useState(false);
  const mutation = useClearDifference();
  const form = useForm<z.input<typeof clearSchema>, unknown, ClearFields>({
    resolver: zodResolver(clearSchema),
    defaultValues: { reason: '', account: SUSPENSE_ACCOUNT },
  });

  // mutateAsync, not mutate's callbacks: the refetch after clearing removes this row (and this
  // dialog) from the open list before mutate's own callbacks would run, and they never would.
  const submit = form.handleSubmit(async ({ reason, account }) => {
    try {
      const result = await mutation.mutateAsync({ id: difference.id, reason, account });
      setOpen(false);
      form.reset();
      notifySuccess(result.message);
    } catch (failure) {
      notifyError(applyServerErrors(failure, form.setError, ['reason', 'account']));
    }
  });

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (mutation.isPending ? undefined : setOpen(next))}>
      <AlertDialog.Trigger asChild>
        <Button size="sm" variant="outline" aria-label={`Clear the difference on ${difference.reference}`}>
          Clear
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Clear the difference on {difference.reference}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-slate-700">
            {reconciliationKindLabel(difference.provider, difference.kind)}: Ruwa {naira(difference.ours)},{' '}
            {reconciliationProviderName(difference.provider)} {naira(difference.theirs)}. The books follow the
            provider&apos;s figure, the other side going to the account you choose: Suspense until you know where it
            belongs. Say what you found and what was done; it is kept with your name.
          </AlertDialog.Description>
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
            <SelectField
              label="Post the difference against"
              error={form.formState.errors.account?.message}
              {...form.register('account')}
            >
              <ClearingAccountOptions />
            </SelectField>
            <TextArea
              label="Reason"
              rows={3}
              maxLength={500}
              error={form.formState.errors.reason?.message}
              {...form.register('reason')}
            />
            <div className="flex justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline" size="sm" disabled={mutation.isPending}>
                  Keep it open
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" size="sm" loading={mutation.isPending}>
                Clear difference
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

const columns: Column<ReconciliationDifference>[] = [
  { header: 'When', cell: (row) => <time dateTime={row.occurred_at}>{formatDateTime(row.occurred_at)}</time> },
  { header: 'Provider', cell: (row) => reconciliationProviderName(row.provider) },
  { header: 'Reference', cell: (row) => <span className="font-mono text-xs break-all">{row.reference}</span> },
  { header: 'Difference', cell: (row) => reconciliationKindLabel(row.provider, row.kind) },
  { header: 'Ruwa', cell: (row) => naira(row.ours) },
  { header: 'Provider’s figure', cell: (row) => naira(row.theirs) },
  {
    header: 'Status',
    cell: (row) =>
      row.status === 'open' ? (
        <ClearDialog difference={row} />
      ) : row.status === 'cleared' ? (
        <span title={row.reason ?? undefined}>
          Cleared by {row.cleared_by?.name ?? 'an admin'}: {row.reason}
          {row.ours !== row.theirs && (
            <>
              {' '}
              <Link
                to={`/admin/ledger?reference=${encodeURIComponent(`recon:${row.id}`)}`}
                className="font-medium text-brand-700 underline"
              >
                Journal recon:{row.id}
              </Link>
            </>
          )}
        </span>
      ) : (
        'Matched on a later check'
      ),
  },
];

/** What the VTU provider holds of our float against the VTU float account, as last checked. */
function VtuFloat() {
  const { data, isPending } = useVtuFloat();
  const gap = data?.difference ?? 0;
  return (
    <section aria-labelledby="vtu-float-heading" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="vtu-float-heading" className="font-semibold text-slate-900">
          VTU float
        </h2>
        <FloatTopUpDialog />
      </div>
      {isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : !data ? (
        <p className="text-sm text-slate-700">Not checked yet: Check now compares it.</p>
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">Provider’s balance</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatNaira(data.theirs)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">VTU float account (1300)</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatNaira(data.ours)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Difference</dt>
              <dd className={gap === 0 ? 'text-lg font-semibold text-green-800' : 'text-lg font-semibold text-red-700'}>
                {formatNaira(gap)}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-slate-700">
            {gap === 0
              ? 'The provider’s balance matches the books.'
              : `The provider holds ${formatNaira(Math.abs(gap))} ${gap > 0 ? 'more' : 'less'} than the books show.`}{' '}
            Checked <time dateTime={data.checked_at}>{formatDateTime(data.checked_at)}</time>.
          </p>
        </>
      )}
    </section>
  );
}

/**
 * Where Ruwa's card payments and Paystack's transactions, or Ruwa's vends and the VTU provider's,
 * disagree: checked every hour for yesterday and today, or now with the button, with the VTU float
 * compared alongside. An open difference is cleared only with a written reason.
 */
export function ReconciliationScreen() {
  const [status, setStatus] = useState<DifferenceFilter>('open');
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isPlaceholderData } = useDifferences(status, page);
  const run = useRunReconciliation();
  const [day, setDay] = useState('');

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Reconciliation</h1>
          <p className="text-sm text-slate-600">
            Card payments and refunds compared with Paystack, and airtime and data with the VTU provider, yesterday and
            today, every hour; or the day you choose.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Show"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DifferenceFilter);
              setPage(1);
            }}
            containerClassName="w-44"
          >
            {FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </SelectField>
          <TextInput
            variant="settings"
            type="date"
            label="Day (optional)"
            value={day}
            onChange={(event) => setDay(event.target.value)}
            containerClassName="w-44"
          />
          <Button
            loading={run.isPending}
            onClick={() =>
              run.mutate(day || undefined, {
                onSuccess: (result) => notifySuccess(result.message),
                onError: (error) => notifyError(error.message),
              })
            }
          >
            Check now
          </Button>
        </div>
      </div>
      <VtuFloat />
      <DataTable
        caption="Differences with the providers"
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Reconciliation pages" />
      <StuckCardRefunds />
    </div>
  );
}
