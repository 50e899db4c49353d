import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { formatNaira, koboToNaira, type Journal, type TrialBalanceAccount } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { TextInput } from '@/components/ui/text-input';
import { formatDateTime } from '../../utils/format-date';
import { journalQuerySchema, useJournals, useTrialBalance, type JournalQueryInput } from '../../api/get-ledger';

/** Kobo as naira, or nothing for a zero side of a line (the other column holds the amount). */
const amount = (kobo: number) => (kobo === 0 ? '' : formatNaira(koboToNaira(kobo)));

const accountColumns: Column<TrialBalanceAccount>[] = [
  { header: 'Code', cell: (row) => row.code },
  { header: 'Account', cell: (row) => row.name },
  { header: 'Type', cell: (row) => row.type },
  { header: 'Debit', cell: (row) => amount(row.debit_kobo), className: 'text-right tabular-nums' },
  { header: 'Credit', cell: (row) => amount(row.credit_kobo), className: 'text-right tabular-nums' },
];

type PostingRow = Journal['postings'][number];
const postingColumns: Column<PostingRow>[] = [
  { header: 'Account', cell: (row) => row.account_code },
  { header: 'Debit', cell: (row) => amount(row.debit_kobo), className: 'text-right tabular-nums' },
  { header: 'Credit', cell: (row) => amount(row.credit_kobo), className: 'text-right tabular-nums' },
];

function TrialBalanceSection() {
  const { data, isPending } = useTrialBalance();
  return (
    <section aria-labelledby="trial-balance-heading" className="space-y-2">
      <h2 id="trial-balance-heading" className="text-lg font-semibold text-slate-900">
        Trial balance
      </h2>
      <DataTable
        caption="Trial balance"
        columns={accountColumns}
        rows={data?.accounts}
        rowKey={(row) => row.code}
        isLoading={isPending}
      />
      {data && (
        <p className="text-right text-sm font-semibold text-slate-900 tabular-nums" data-testid="trial-balance-totals">
          Total debits {formatNaira(koboToNaira(data.total_debit_kobo))} · Total credits{' '}
          {formatNaira(koboToNaira(data.total_credit_kobo))}
        </p>
      )}
    </section>
  );
}

function JournalCard({ journal }: { journal: Journal }) {
  return (
    <article className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {journal.kind} · {journal.reference}
        </h3>
        <time dateTime={journal.created_at} className="text-sm text-slate-600">
          {formatDateTime(journal.created_at)}
        </time>
      </header>
      <DataTable
        caption={`Postings of ${journal.kind} ${journal.reference}`}
        columns={postingColumns}
        rows={journal.postings}
        rowKey={(row) => `${row.account_code}:${row.debit_kobo}:${row.credit_kobo}`}
      />
    </article>
  );
}

/** Finds the journals of a money event by a reference a customer, support or a provider sees. */
function JournalLookup() {
  const [searchParams, setSearchParams] = useSearchParams();
  const reference = searchParams.get('reference') ?? '';
  const form = useForm<JournalQueryInput>({ resolver: journalQuerySchema.resolver, values: { reference } });
  const { data, isFetching } = useJournals(reference);
  const onSubmit = form.handleSubmit((values) => setSearchParams({ reference: values.reference }));

  return (
    <section aria-labelledby="journal-lookup-heading" className="space-y-3">
      <h2 id="journal-lookup-heading" className="text-lg font-semibold text-slate-900">
        Find journals
      </h2>
      <form
        onSubmit={onSubmit}
        onFocus={journalQuerySchema.preload}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextInput
          label="Reference"
          hint="A Paystack, withdrawal, wallet payment or VTU request reference, or order:ID, vtu:ID, subscription:ID"
          containerClassName="sm:flex-1"
          error={form.formState.errors.reference?.message}
          {...form.register('reference')}
        />
        <Button type="submit" loading={isFetching} className="sm:mt-1">
          Find
        </Button>
      </form>
      {reference !== '' && data && data.length === 0 && (
        <p role="status" className="text-slate-700">
          No journal has the reference {reference}.
        </p>
      )}
      {data?.map((journal) => (
        <JournalCard key={`${journal.kind}:${journal.reference}`} journal={journal} />
      ))}
    </section>
  );
}

/** The double-entry books: the trial balance and the journals behind any reference. */
export function LedgerScreen() {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Ledger</h1>
      <JournalLookup />
      <TrialBalanceSection />
    </div>
  );
}
