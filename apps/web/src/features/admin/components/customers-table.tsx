import { useState } from 'react';
import { Search } from 'lucide-react';
import { toLocalPhone, type User } from '@ruwa/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { TextInput } from '@/components/ui/text-input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCustomers } from '../api/get-customers';

const joined = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

function formatJoined(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : joined.format(date);
}

const columns: Column<User>[] = [
  { header: 'Name', cell: (user) => `${user.first_name} ${user.last_name}`, className: 'font-medium text-slate-900' },
  { header: 'Email', cell: (user) => <span className="break-all">{user.email}</span> },
  { header: 'Phone', cell: (user) => toLocalPhone(user.phone_number), className: 'tabular-nums' },
  { header: 'Joined', cell: (user) => formatJoined(user.created_at), className: 'whitespace-nowrap' },
];

export function CustomersTable() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 400);
  // The page belongs to one search: a new search starts again at page 1.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  const { data, isPending, isFetching, isPlaceholderData } = useCustomers({ page, search });
  const firstRowNumber = data ? (data.current_page - 1) * data.per_page + 1 : 1;

  return (
    <section aria-labelledby="customers-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="customers-heading" className="text-lg font-semibold text-slate-900">
          Customers
        </h2>
        <div className="relative sm:w-72">
          <TextInput
            label="Search customers"
            type="search"
            variant="settings"
            placeholder="Name, email or phone"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="pl-9"
          />
          <Search className="pointer-events-none absolute bottom-3.5 left-3 size-5 text-slate-500" aria-hidden="true" />
        </div>
      </div>
      <DataTable
        caption="Customers"
        columns={columns}
        rows={data?.data}
        rowKey={(user) => user.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={firstRowNumber}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Customers pages" />
    </section>
  );
}
