import { useId, type ReactNode } from 'react';
import { formatDay } from './format';

/** The drawing area, in viewBox units; the SVG scales to the width of its card. */
export const CHART = { width: 640, height: 240, top: 12, right: 8, bottom: 28, left: 56 } as const;
export const PLOT_WIDTH = CHART.width - CHART.left - CHART.right;
export const PLOT_HEIGHT = CHART.height - CHART.top - CHART.bottom;
const BASELINE = CHART.top + PLOT_HEIGHT;

/** A round number at or above `max` (1, 2, 2.5 or 5 times a power of ten), so gridlines read well. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

/** The x position and width of the bar for day `index` of `days`. */
export function barSlot(index: number, days: number) {
  const band = PLOT_WIDTH / Math.max(days, 1);
  const width = Math.max(band * 0.7, 1);
  return { x: CHART.left + index * band + (band - width) / 2, width };
}

/** Height in viewBox units of `value` on a scale topping out at `max`. */
export function barHeight(value: number, max: number): number {
  return value > 0 ? (value / max) * PLOT_HEIGHT : 0;
}

/** The y of the top of a bar that starts `offset` above the baseline. */
export function barTop(height: number, offset = 0): number {
  return BASELINE - offset - height;
}

type ChartFrameProps = {
  /** The chart's name, e.g. 'Revenue per day'. */
  title: string;
  /** A sentence summing the chart up, read out in place of the picture. */
  summary: string;
  days: string[];
  max: number;
  formatValue: (value: number) => string;
  /** The bars. */
  children: ReactNode;
};

/**
 * The SVG with gridlines, y labels and a date every week. Assistive technology reads the title and
 * summary; the figures themselves are in the table each chart puts beside it.
 */
export function ChartFrame({ title, summary, days, max, formatValue, children }: ChartFrameProps) {
  const id = useId();
  const gridlines = [0, 0.5, 1];
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      className="h-auto w-full"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {gridlines.map((fraction) => {
        const y = BASELINE - fraction * PLOT_HEIGHT;
        return (
          <g key={fraction}>
            <line
              x1={CHART.left}
              x2={CHART.width - CHART.right}
              y1={y}
              y2={y}
              className={fraction === 0 ? 'stroke-slate-400' : 'stroke-slate-200'}
              strokeWidth={1}
            />
            <text x={CHART.left - 8} y={y} dy="0.35em" textAnchor="end" className="fill-slate-600 text-[11px]">
              {formatValue(max * fraction)}
            </text>
          </g>
        );
      })}
      {days.map((day, index) =>
        index % 7 === 0 || index === days.length - 1 ? (
          <text
            key={day}
            x={barSlot(index, days.length).x + barSlot(index, days.length).width / 2}
            y={CHART.height - 8}
            textAnchor="middle"
            className="fill-slate-600 text-[11px]"
          >
            {formatDay(day)}
          </text>
        ) : null,
      )}
      {children}
    </svg>
  );
}
