import { formatCompactNaira, formatNaira } from '@ruwa/contract';
import type { DashboardDay } from '@ruwa/contract/replies';
import { REVENUE_KINDS } from '../../api/get-dashboard';
import { axisTicks, barHeight, barSlot, barTop, ChartFrame } from './chart-frame';
import { formatDay, REVENUE_KIND_FILL, REVENUE_KIND_LABELS, REVENUE_KIND_SWATCH } from './format';

function dayTotal(day: DashboardDay): number {
  return REVENUE_KINDS.reduce((sum, kind) => sum + (day.revenue[kind] ?? 0), 0);
}

function summarise(chart: DashboardDay[]): string {
  const totals = chart.map(dayTotal);
  const total = totals.reduce((sum, value) => sum + value, 0);
  if (total === 0) return `No revenue in the last ${chart.length} days.`;
  const best = totals.indexOf(Math.max(...totals));
  return `${formatNaira(total)} in the last ${chart.length} days; the best day was ${formatDay(chart[best]!.day)} with ${formatNaira(totals[best])}.`;
}

/** Revenue per day for 30 days, each bar stacked by kind (water, gas, airtime, data). */
export function RevenueChart({ chart }: { chart: DashboardDay[] }) {
  const ticks = axisTicks(Math.max(0, ...chart.map(dayTotal)));
  const max = ticks.at(-1)!;
  return (
    <figure className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <figcaption className="font-semibold text-slate-900">Revenue per day, last 30 days</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legend">
        {REVENUE_KINDS.map((kind) => (
          <li key={kind} className="flex items-center gap-1.5">
            <span className={`size-3 rounded-sm ${REVENUE_KIND_SWATCH[kind]}`} aria-hidden="true" />
            {REVENUE_KIND_LABELS[kind]}
          </li>
        ))}
      </ul>
      <ChartFrame
        title="Revenue per day by kind"
        summary={summarise(chart)}
        days={chart.map(({ day }) => day)}
        ticks={ticks}
        formatValue={formatCompactNaira}
      >
        {(chartWidth) =>
          chart.map((day, index) => {
            const { x, width } = barSlot(index, chart.length, chartWidth);
            let offset = 0;
            return (
              <g key={day.day} data-day={day.day}>
                {REVENUE_KINDS.map((kind) => {
                  const height = barHeight(day.revenue[kind] ?? 0, max);
                  if (height === 0) return null;
                  const y = barTop(height, offset);
                  offset += height;
                  return (
                    <rect key={kind} x={x} y={y} width={width} height={height} className={REVENUE_KIND_FILL[kind]}>
                      <title>{`${formatDay(day.day)}, ${REVENUE_KIND_LABELS[kind]}: ${formatNaira(day.revenue[kind])}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })
        }
      </ChartFrame>
      <table className="sr-only">
        <caption>Revenue per day by kind, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {REVENUE_KINDS.map((kind) => (
              <th key={kind} scope="col">
                {REVENUE_KIND_LABELS[kind]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {chart.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              {REVENUE_KINDS.map((kind) => (
                <td key={kind}>{formatNaira(day.revenue[kind])}</td>
              ))}
              <td>{formatNaira(dayTotal(day))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
