import type { ReactNode } from 'react';
import type { Page } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export const NO_REWARDS_MESSAGE = 'No data yet';

type PagedListProps<Row> = {
  /** Names the list, its loading state and its page arrows for assistive technology. */
  label: string;
  query: {
    data: Page<Row> | undefined;
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  onPageChange: (page: number) => void;
  renderRow: (row: Row) => ReactNode;
  rowKey: (row: Row) => number;
};

/** A list of one page of rows with its loading, error and empty states and previous/next arrows. */
export function PagedList<Row>({ label, query, onPageChange, renderRow, rowKey }: PagedListProps<Row>) {
  const { data, isPending, isError, isPlaceholderData, refetch } = query;
  if (isPending) {
    return (
      <ul aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`} className="divide-y divide-slate-100">
        {[0, 1, 2].map((key) => (
          <li key={key} className="flex items-center gap-3 py-3">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-1/2" />
            </div>
            <Skeleton className="h-5 w-16" />
          </li>
        ))}
      </ul>
    );
  }
  if (isError && !data) {
    return (
      <div role="alert" className="rounded-xl border border-slate-200 p-4 text-center">
        <p className="text-slate-700">We could not load your {label.toLowerCase()}.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data || data.data.length === 0) {
    return <p className="rounded-xl bg-slate-50 py-10 text-center text-slate-600">{NO_REWARDS_MESSAGE}</p>;
  }
  return (
    <>
      <ul
        aria-label={label}
        aria-busy={isPlaceholderData || undefined}
        className={cn('divide-y divide-slate-100', isPlaceholderData && 'opacity-60')}
      >
        {data.data.map((row) => (
          <li key={rowKey(row)} className="flex items-start gap-3 py-3">
            {renderRow(row)}
          </li>
        ))}
      </ul>
      {(data.last_page > 1 || data.current_page > 1) && (
        <Pager page={data} onPageChange={onPageChange} disabled={isPlaceholderData} label={`${label} pages`} />
      )}
    </>
  );
}
