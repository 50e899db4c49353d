import { Search } from 'lucide-react';
import { toLocalPhone } from '@ruwa/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { TextInput } from '@/components/ui/text-input';
import type { Customer } from '@ruwa/contract/replies';
import { useCustomers } from '../../api/get-customers';
import { useListSearch } from '../../hooks/use-list-search';
import { CustomerStatusBadge } from './customer-status-badge';
import { formatDate } from '../../utils/format-date';
import { ExportDownload } from '../exports/export-download';

const columns: Column<Customer>[] = [
  {
    header: 'Name',
    cell: (customer) => `${customer.first_name} ${customer.last_name}`,
    className: 'font-medium text-slate-900',
  },
  { header: 'Email', cell: (customer) => <span className="break-all">{customer.email}</span> },
  { header: 'Phone', cell: (customer) => toLocalPhone(customer.phone_number), className: 'tabular-nums' },
  { header: 'Status', cell: (customer) => <CustomerStatusBadge status={customer.status ?? 'active'} /> },
  { header: 'Joined', cell: (customer) => formatDate(customer.created_at), className: 'whitespace-nowrap' },
];

/** Customers with a search by name, e-mail or phone; a row opens the customer. */
export function CustomersTable({ onOpen }: { onOpen?: (customer: Customer) => void }) {
  const { text, changeText, cancelPendingSearch, search, page, setPage } = useListSearch();
  const { data, isPending, isFetching, isPlaceholderData } = useCustomers({ page, search });
  const firstRowNumber = data ? (data.current_page - 1) * data.per_page + 1 : 1;

  return (
    <section aria-labelledby="customers-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h1 id="customers-heading" className="text-2xl font-bold text-slate-900">
          Customers
        </h1>
        <div className="relative sm:w-72">
          <TextInput
            label="Search customers"
            type="search"
            variant="settings"
            placeholder="Name, email or phone"
            value={text}
            onChange={(event) => changeText(event.target.value)}
            className="pl-9"
          />
          <Search className="pointer-events-none absolute bottom-3.5 left-3 size-5 text-slate-500" aria-hidden="true" />
        </div>
      </div>
      <DataTable
        caption="Customers"
        columns={columns}
        rows={data?.data}
        rowKey={(customer) => customer.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={firstRowNumber}
        onRowClick={(customer) => {
          cancelPendingSearch();
          onOpen?.(customer);
        }}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Customers pages" />
      <ExportDownload names={['customers']} />
    </section>
  );
}
