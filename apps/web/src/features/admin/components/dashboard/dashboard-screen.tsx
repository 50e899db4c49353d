import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DASHBOARD_RANGES, useDashboard, type DashboardRange } from '../../api/get-dashboard';
import { DashboardFigures } from './dashboard-figures';
import { formatDate } from '../../utils/format-date';
import { OrdersChart } from './orders-chart';
import { RANGE_LABELS, RangeSwitch } from './range-switch';
import { RevenueChart } from './revenue-chart';
import { ExportDownload } from '../exports/export-download';

const DEFAULT_RANGE: DashboardRange = '7d';

function isRange(value: string | null): value is DashboardRange {
  return (DASHBOARD_RANGES as readonly (string | null)[]).includes(value);
}

/** The range lives in the address (?range=30d), so a reload or a shared link shows the same figures. */
function useRangeParam(): [DashboardRange, (range: DashboardRange) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('range');
  const range = isRange(raw) ? raw : DEFAULT_RANGE;
  const setRange = (next: DashboardRange) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_RANGE) params.delete('range');
        else params.set('range', next);
        return params;
      },
      { replace: true },
    );
  return [range, setRange];
}

/**
 * The admin dashboard (DESIGN departure 9: the spec leaves it 'not shown'): the range's figures and
 * two 30-day charts. A failed load is toasted by the query client; the screen offers a retry.
 */
export function DashboardScreen() {
  const [range, setRange] = useRangeParam();
  const { data, isPending, isError, isPlaceholderData, refetch } = useDashboard(range);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
          {data && !isPlaceholderData && (
            <p className="text-sm text-slate-600">
              {range === 'today' ? 'Today so far' : `${RANGE_LABELS[range]}, since ${formatDate(data.from)}`}
            </p>
          )}
        </div>
        <RangeSwitch value={range} onChange={setRange} />
      </div>

      {isPending ? (
        <DashboardSkeleton />
      ) : isError && !data ? (
        <div role="alert" className="space-y-3 rounded-xl bg-white p-6 ring-1 ring-slate-200">
          <p className="text-slate-800">The dashboard could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : data ? (
        <div className="space-y-6 transition-opacity aria-busy:opacity-60" aria-busy={isPlaceholderData || undefined}>
          <DashboardFigures data={data} />
          <section className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">Last 30 days</h2>
            <div className="grid gap-4 xl:grid-cols-2">
              <RevenueChart chart={data.chart} />
              <OrdersChart chart={data.chart} />
            </div>
          </section>
        </div>
      ) : null}
      {/* The money's files; the lists with their own screens export there (orders, customers, audit). */}
      <ExportDownload names={['withdrawals', 'journals']} />
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p className="sr-only">Loading the dashboard</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
