import { useState } from 'react';
import {
  SUPPORT_CASE_STATUS_ADMIN_LABELS,
  SUPPORT_CASE_STATUSES,
  type AdminSupportCase,
  type SupportCaseStatus,
} from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { useSupportCases } from '../../api/support/get-support-cases';
import { SupportCaseDetail, type SupportCaseLinks } from './support-case-detail';

const columns: Column<AdminSupportCase>[] = [
  { header: 'Case', cell: (row) => <span className="font-medium tabular-nums">#{row.id}</span> },
  {
    header: 'Customer',
    cell: (row) => (
      <div className="min-w-36">
        <p className="font-medium text-slate-900">{row.customer.name}</p>
        <p className="text-xs text-slate-600">{row.customer.phone_number}</p>
      </div>
    ),
  },
  { header: 'Reference', cell: (row) => <span className="break-all">{row.reference}</span> },
  { header: 'Status', cell: (row) => SUPPORT_CASE_STATUS_ADMIN_LABELS[row.status] },
  {
    header: 'Problem',
    cell: (row) => (
      <p className="line-clamp-2 max-w-72 text-sm text-slate-700">
        {row.entries.find((entry) => entry.kind === 'message')?.body}
      </p>
    ),
  },
  { header: 'Updated', cell: (row) => formatDateTime(row.updated_at), className: 'whitespace-nowrap' },
];

type SupportScreenProps = SupportCaseLinks & {
  /** The case open in the address (`?id=`), or null for the list. */
  openId: number | null;
  onOpen: (id: number) => void;
  /** The list without a case open. */
  listHref: string;
};

/** /admin/support: customers' reported problems, filtered by status; one opens with its conversation. */
export function SupportScreen({ openId, onOpen, listHref, ...links }: SupportScreenProps) {
  const [status, setStatus] = useState<SupportCaseStatus | ''>('open');
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isPlaceholderData } = useSupportCases(status, page);

  if (openId !== null) return <SupportCaseDetail key={openId} id={openId} listHref={listHref} {...links} />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Support</h1>
      <p className="max-w-2xl text-sm text-slate-700">
        Problems customers reported on an order or purchase. Open one to read it, reply to the customer (in the app and
        by e-mail), note what you found and set its status.
      </p>
      <div className="max-w-xs">
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as SupportCaseStatus | '');
            setPage(1);
          }}
        >
          <option value="">All cases</option>
          {SUPPORT_CASE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {SUPPORT_CASE_STATUS_ADMIN_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable
        caption="Support cases"
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        rowNumber={(row) => row.id}
        onRowClick={(row) => onOpen(row.id)}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Support case pages" />
    </div>
  );
}
