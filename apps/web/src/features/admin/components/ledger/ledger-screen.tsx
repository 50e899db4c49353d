import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { formatNaira, koboToNaira, type PeriodTrialBalanceAccount, type TrialBalanceAccount } from '@ruwa/contract';
import { formatDate } from '@ruwa/contract/dates';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { TextInput } from '@/components/ui/text-input';
import { journalQuerySchema, useJournals, useTrialBalance, type JournalQueryInput } from '../../api/get-ledger';
import { useLedgerPeriod } from '../../api/get-ledger-period';
import { useAccountJournals } from '../../api/get-account-journals';
import { AccountName, amount, JournalCard, signedAmount } from './ledger-format';
import { PeriodFields, type BooksView } from './period-fields';

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));

/** The account a trial balance line opens, in the address so the browser's back button returns. */
type OpenAccount = (code: string) => void;

function journalsButton(code: string, name: string, open: OpenAccount) {
  return (
    <Button size="sm" variant="outline" onClick={() => open(code)} aria-label={`Journals of ${code} ${name}`}>
      Journals
    </Button>
  );
}

function asAtColumns(open: OpenAccount): Column<TrialBalanceAccount>[] {
  return [
    { header: 'Code', cell: (row) => row.code },
    { header: 'Account', cell: (row) => <AccountName account={row} /> },
    { header: 'Type', cell: (row) => row.type },
    { header: 'Debit', cell: (row) => amount(row.debit_kobo), className: 'text-right tabular-nums' },
    { header: 'Credit', cell: (row) => amount(row.credit_kobo), className: 'text-right tabular-nums' },
    { header: 'Journals', cell: (row) => journalsButton(row.code, row.name, open) },
  ];
}

function periodColumns(open: OpenAccount): Column<PeriodTrialBalanceAccount>[] {
  return [
    { header: 'Code', cell: (row) => row.code },
    { header: 'Account', cell: (row) => <AccountName account={row} /> },
    { header: 'Opening', cell: (row) => signedAmount(row.opening_kobo), className: 'text-right tabular-nums' },
    { header: 'Debits', cell: (row) => amount(row.debit_kobo), className: 'text-right tabular-nums' },
    { header: 'Credits', cell: (row) => amount(row.credit_kobo), className: 'text-right tabular-nums' },
    { header: 'Closing', cell: (row) => signedAmount(row.closing_kobo), className: 'text-right tabular-nums' },
    { header: 'Journals', cell: (row) => journalsButton(row.code, row.name, open) },
  ];
}

function AsAtBalance({ asAt, open }: { asAt: string; open: OpenAccount }) {
  const { data, isPending } = useTrialBalance(asAt);
  return (
    <>
      <p className="text-sm text-slate-700">{asAt ? `As at the end of ${formatDate(asAt)}` : 'As at now'}</p>
      <DataTable
        caption="Trial balance"
        columns={asAtColumns(open)}
        rows={data?.accounts}
        rowKey={(row) => row.code}
        isLoading={isPending}
      />
      {data && (
        <p className="text-right text-sm font-semibold text-slate-900 tabular-nums" data-testid="trial-balance-totals">
          Total debits {naira(data.total_debit_kobo)} · Total credits {naira(data.total_credit_kobo)}
        </p>
      )}
    </>
  );
}

function PeriodBalance({ from, to, open }: { from: string; to: string; open: OpenAccount }) {
  const { data, isPending } = useLedgerPeriod(from, to);
  return (
    <>
      <p className="text-sm text-slate-700">
        From {formatDate(from)} to {formatDate(to)}: balances on each account&apos;s normal side, debit for assets and
        expenses, credit for liabilities, equity and revenue.
      </p>
      <DataTable
        caption="Trial balance for the period"
        columns={periodColumns(open)}
        rows={data?.accounts}
        rowKey={(row) => row.code}
        isLoading={isPending}
      />
      {data && (
        <dl
          className="grid grid-cols-1 gap-1 text-sm text-slate-900 tabular-nums sm:text-right"
          data-testid="period-totals"
        >
          <div>
            <dt className="inline font-semibold">Opening: </dt>
            <dd className="inline">
              debits {naira(data.totals.opening_debit_kobo)} · credits {naira(data.totals.opening_credit_kobo)}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Movements: </dt>
            <dd className="inline">
              debits {naira(data.totals.debit_kobo)} · credits {naira(data.totals.credit_kobo)}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Closing: </dt>
            <dd className="inline">
              debits {naira(data.totals.closing_debit_kobo)} · credits {naira(data.totals.closing_credit_kobo)}
            </dd>
          </div>
        </dl>
      )}
    </>
  );
}

/** The journals behind one trial balance line, in the same days, oldest first. */
function AccountJournals({
  code,
  view,
  page,
  onPage,
  onClose,
}: {
  code: string;
  view: BooksView;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  // As at a day: everything up to its end; for a period: the period's own days.
  const [from, to] = view.from && view.to ? [view.from, view.to] : ['', view.asAt];
  const { data, isPending, isFetching } = useAccountJournals(code, from, to, page);
  const name = data?.data[0]?.postings.find((line) => line.account_code.split('-')[0] === code)?.account_name;
  return (
    <section aria-labelledby="account-journals-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="account-journals-heading" className="text-lg font-semibold text-slate-900">
          Journals of {code}
          {name ? ` ${name}` : ''}
        </h2>
        <Button size="sm" variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
      {isPending && <p className="text-slate-700">Loading journals…</p>}
      {data && data.total === 0 && (
        <p role="status" className="text-slate-700">
          No journal moved this account in these days.
        </p>
      )}
      {data?.data.map((journal) => (
        <div key={journal.id} className="space-y-1">
          <p className="text-sm text-slate-700 tabular-nums">
            This account: {journal.debit_kobo ? `debit ${naira(journal.debit_kobo)}` : ''}
            {journal.debit_kobo && journal.credit_kobo ? ' · ' : ''}
            {journal.credit_kobo ? `credit ${naira(journal.credit_kobo)}` : ''}
          </p>
          <JournalCard journal={journal} />
        </div>
      ))}
      <Pager page={data} onPageChange={onPage} disabled={isFetching} label="Pages of the account's journals" />
    </section>
  );
}

/** Finds the journals of a money event by a reference a customer, support or a provider sees. */
function JournalLookup() {
  const [searchParams, setSearchParams] = useSearchParams();
  const reference = searchParams.get('reference') ?? '';
  const form = useForm<JournalQueryInput>({ resolver: journalQuerySchema.resolver, values: { reference } });
  const { data, isFetching } = useJournals(reference);
  const onSubmit = form.handleSubmit((values) =>
    setSearchParams((params) => {
      params.set('reference', values.reference);
      return params;
    }),
  );

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

/**
 * The double-entry books: the journals behind any reference, and the trial balance now, at the end
 * of a chosen day or over a period, each account opening its journals.
 */
export function LedgerScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: BooksView = {
    asAt: searchParams.get('as_at') ?? '',
    from: searchParams.get('from') ?? '',
    to: searchParams.get('to') ?? '',
  };
  const account = searchParams.get('account') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const update = (changes: Record<string, string>) =>
    setSearchParams((params) => {
      for (const [name, value] of Object.entries(changes)) {
        if (value) params.set(name, value);
        else params.delete(name);
      }
      return params;
    });
  const applyView = (next: BooksView) =>
    update({ as_at: next.from ? '' : next.asAt, from: next.from, to: next.to, account: '', page: '' });
  const openAccount = (code: string) => update({ account: code, page: '' });
  const inPeriod = view.from !== '' && view.to !== '';

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Ledger</h1>
      <JournalLookup />
      <section aria-labelledby="trial-balance-heading" className="space-y-3">
        <h2 id="trial-balance-heading" className="text-lg font-semibold text-slate-900">
          Trial balance
        </h2>
        <PeriodFields view={view} onApply={applyView} withAsAt />
        {inPeriod ? (
          <PeriodBalance from={view.from} to={view.to} open={openAccount} />
        ) : (
          <AsAtBalance asAt={view.asAt} open={openAccount} />
        )}
      </section>
      {account && (
        <AccountJournals
          code={account}
          view={view}
          page={page}
          onPage={(next) => update({ page: String(next) })}
          onClose={() => update({ account: '', page: '' })}
        />
      )}
    </div>
  );
}
