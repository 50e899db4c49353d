import type { DashboardDay } from '@ruwa/contract/replies';
import { axisTicks, barHeight, barSlot, barTop, ChartFrame } from './chart-frame';
import { ORDERS_CHART_NOTE } from './dashboard-figures';
import { formatCount, formatDay } from './format';

function summarise(chart: DashboardDay[]): string {
  const total = chart.reduce((sum, day) => sum + day.orders, 0);
  if (total === 0) return `No orders in the last ${chart.length} days.`;
  const best = chart.reduce((top, day) => (day.orders > top.orders ? day : top), chart[0]!);
  return `${formatCount(total)} orders in the last ${chart.length} days; the busiest day was ${formatDay(best.day)} with ${formatCount(best.orders)}.`;
}

/** Orders (deliveries and airtime/data purchases) per day for 30 days. */
export function OrdersChart({ chart }: { chart: DashboardDay[] }) {
  const ticks = axisTicks(Math.max(0, ...chart.map((day) => day.orders)));
  const max = ticks.at(-1)!;
  return (
    <figure className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <figcaption>
        <span className="block font-semibold text-slate-900">Orders per day, last 30 days</span>
        <span className="block text-sm text-slate-600">{ORDERS_CHART_NOTE}</span>
      </figcaption>
      <ChartFrame
        title="Orders per day"
        summary={summarise(chart)}
        days={chart.map(({ day }) => day)}
        ticks={ticks}
        formatValue={formatCount}
      >
        {(chartWidth) =>
          chart.map((day, index) => {
            const { x, width } = barSlot(index, chart.length, chartWidth);
            const height = barHeight(day.orders, max);
            // Every day has its bar, an empty day's being flat on the axis.
            return (
              <rect
                key={day.day}
                data-day={day.day}
                x={x}
                y={barTop(height)}
                width={width}
                height={height}
                className="fill-brand-600"
              >
                <title>{`${formatDay(day.day)}: ${formatCount(day.orders)} orders`}</title>
              </rect>
            );
          })
        }
      </ChartFrame>
      <table className="sr-only">
        <caption>Orders per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {chart.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              <td>{formatCount(day.orders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
