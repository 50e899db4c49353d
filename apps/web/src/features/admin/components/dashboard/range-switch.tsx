import { cn } from '@/lib/utils';
import { DASHBOARD_RANGES, type DashboardRange } from '../../api/get-dashboard';

export const RANGE_LABELS: Record<DashboardRange, string> = { today: 'Today', '7d': '7 days', '30d': '30 days' };

/** Today / 7 days / 30 days, as toggle buttons (the pressed one is the range shown). */
export function RangeSwitch({ value, onChange }: { value: DashboardRange; onChange: (range: DashboardRange) => void }) {
  return (
    <div role="group" aria-label="Range" className="inline-flex rounded-xl bg-slate-100 p-1">
      {DASHBOARD_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={range === value}
          onClick={() => onChange(range)}
          className={cn(
            'h-9 cursor-pointer rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
            range === value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700',
          )}
        >
          {RANGE_LABELS[range]}
        </button>
      ))}
    </div>
  );
}
