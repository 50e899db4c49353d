import type { AgentDashboard } from '@ruwa/contract/replies';
import { formatDay } from '../utils/format';

type DeliveriesChartProps = { days: AgentDashboard['deliveries_per_day'] };

/**
 * Deliveries per day for the last 14 days as plain CSS bars. The bars are decorative for assistive
 * technology, which reads the same numbers from the visually hidden table.
 */
export function DeliveriesChart({ days }: DeliveriesChartProps) {
  const most = Math.max(1, ...days.map((day) => day.deliveries));
  const total = days.reduce((sum, day) => sum + day.deliveries, 0);
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">Deliveries, last 14 days</span>
        <span className="text-sm text-slate-600 tabular-nums">{total} in total</span>
      </figcaption>
      <div aria-hidden="true" className="mt-4 flex h-32 items-end gap-1">
        {days.map((day) => (
          <div key={day.day} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
            {day.deliveries > 0 && <span className="text-[10px] text-slate-700 tabular-nums">{day.deliveries}</span>}
            <div
              data-testid="delivery-bar"
              className="w-full rounded-t bg-brand-600"
              style={{ height: `${(day.deliveries / most) * 100}%`, minHeight: day.deliveries > 0 ? 4 : 1 }}
              title={`${formatDay(day.day)}: ${day.deliveries}`}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-[10px] text-slate-600">
        <span>{days[0] ? formatDay(days[0].day) : ''}</span>
        <span>{days.at(-1) ? formatDay(days.at(-1)!.day) : ''}</span>
      </div>
      <table className="sr-only">
        <caption>Deliveries per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Deliveries</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              <td>{day.deliveries}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
