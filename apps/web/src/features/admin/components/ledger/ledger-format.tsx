import { formatNaira, koboToNaira, type ChartAccount, type Journal } from '@ruwa/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '../../utils/format-date';

/** Kobo as naira, or nothing for a zero side of a line (the other column holds the amount). */
export const amount = (kobo: number) => (kobo === 0 ? '' : formatNaira(koboToNaira(kobo)));

/** Kobo as naira, zero included, a negative amount with its minus sign. */
export const signedAmount = (kobo: number) => formatNaira(koboToNaira(kobo));

/** What a contra account is to its type: refunds reduce revenue. */
const CONTRA_LABEL: Partial<Record<ChartAccount['type'], string>> = { revenue: 'Contra-revenue' };

/** An account's name, marked when it is a contra account (it reduces the others of its type). */
export function AccountName({
  account,
}: {
  account: Pick<ChartAccount, 'name' | 'contra'> & { type?: ChartAccount['type'] };
}) {
  return (
    <span>
      {account.name}
      {account.contra && ' '}
      {account.contra && (
        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
          {CONTRA_LABEL[account.type ?? 'revenue'] ?? 'Contra'}
        </span>
      )}
    </span>
  );
}

type PostingRow = Journal['postings'][number];
const postingColumns: Column<PostingRow>[] = [
  { header: 'Code', cell: (row) => <span className="font-mono text-xs">{row.account_code}</span> },
  { header: 'Account', cell: (row) => row.account_name },
  { header: 'Debit', cell: (row) => amount(row.debit_kobo), className: 'text-right tabular-nums' },
  { header: 'Credit', cell: (row) => amount(row.credit_kobo), className: 'text-right tabular-nums' },
];

/** One journal: its kind, reference and time, and each line with its account's code and name. */
export function JournalCard({ journal }: { journal: Journal }) {
  return (
    <article className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold break-all text-slate-900">
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
