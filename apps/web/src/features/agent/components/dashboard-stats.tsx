import { formatNaira } from '@ruwa/contract';
import { Skeleton } from '@/components/ui/skeleton';
import type { AgentDashboard } from '@ruwa/contract/replies';

const FIGURES: { label: string; value: (data: AgentDashboard) => string }[] = [
  { label: 'Open orders', value: (data) => String(data.open_orders) },
  { label: 'In progress', value: (data) => String(data.in_progress) },
  { label: 'Delivered this week', value: (data) => String(data.delivered_this_week) },
  { label: 'Delivered this month', value: (data) => String(data.delivered_this_month) },
  { label: 'Earnings this month', value: (data) => formatNaira(data.earnings_this_month) },
  { label: 'Earnings all time', value: (data) => formatNaira(data.earnings_all_time) },
];

export function DashboardStats({ data }: { data: AgentDashboard | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {FIGURES.map(({ label, value }) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">
            {data ? value(data) : <Skeleton className="h-7 w-16" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
