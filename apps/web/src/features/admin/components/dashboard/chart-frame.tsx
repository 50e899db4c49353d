import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatDay } from './format';

/**
 * Margins around the plot, in CSS pixels. The SVG is drawn at the width it is shown at (measured),
 * so its labels keep their size on a phone instead of shrinking with a scaled-down picture.
 */
export const CHART = { width: 640, height: 240, top: 12, right: 8, bottom: 28, left: 56 } as const;
const PLOT_HEIGHT = CHART.height - CHART.top - CHART.bottom;
const BASELINE = CHART.top + PLOT_HEIGHT;

/**
 * The gridline values, from 0 to a round top at or above `max`, about four steps apart. Steps are
 * whole numbers (1, 2 or 5 times a power of ten): counts and naira have no halves to mark.
 */
export function axisTicks(max: number, steps = 4): number[] {
  const top = Math.max(max, 1);
  const raw = top / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, Math.round(([1, 2, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power));
  const count = Math.ceil(top / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/**
 * Room one date needs on the axis, in px: a '30 Nov' is about 42 px at 12 px, the last one ends at its
 * bar while the others are centred on theirs, and a gap keeps them apart.
 */
const DATE_LABEL_ROOM = 72;

/** Days between dates on the axis: a week, or whole weeks when a week of bars is narrower than a date. */
export function labelStep(days: number, width: number): number {
  const weekWidth = ((width - CHART.left - CHART.right) / Math.max(days, 1)) * 7;
  return 7 * Math.max(1, Math.ceil(DATE_LABEL_ROOM / weekWidth));
}

/** Which days get a date under the axis: the last one and every `step`th before it, so labels never crowd. */
export function labelledDays(days: number, step = 7): number[] {
  const labelled: number[] = [];
  for (let index = days - 1; index >= 0; index -= step) labelled.unshift(index);
  return labelled;
}

/** The x position and width of the bar for day `index` of `days`, in a chart `width` wide. */
export function barSlot(index: number, days: number, width: number = CHART.width) {
  const band = (width - CHART.left - CHART.right) / Math.max(days, 1);
  const bar = Math.max(band * 0.7, 1);
  return { x: CHART.left + index * band + (band - bar) / 2, width: bar };
}

/** Height in pixels of `value` on a scale topping out at `max`. */
export function barHeight(value: number, max: number): number {
  return value > 0 ? (value / max) * PLOT_HEIGHT : 0;
}

/** The y of the top of a bar that starts `offset` above the baseline. */
export function barTop(height: number, offset = 0): number {
  return BASELINE - offset - height;
}

/** The rendered width of an element, followed as the window resizes; `fallback` until measured. */
export function useMeasuredWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

type ChartFrameProps = {
  /** The chart's name, e.g. 'Revenue per day'. */
  title: string;
  /** A sentence summing the chart up, read out in place of the picture. */
  summary: string;
  days: string[];
  /** The gridline values, from axisTicks: the last one is the top of the scale. */
  ticks: number[];
  formatValue: (value: number) => string;
  /** Draws the bars for a chart this many pixels wide. */
  children: (width: number) => ReactNode;
};

/**
 * The SVG with gridlines, y labels and a date every week. Assistive technology reads the title and
 * summary; the figures themselves are in the table each chart puts beside it.
 */
export function ChartFrame({ title, summary, days, ticks, formatValue, children }: ChartFrameProps) {
  const id = useId();
  const [ref, width] = useMeasuredWidth<HTMLDivElement>(CHART.width);
  const max = ticks.at(-1) ?? 1;
  return (
    <div ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${CHART.height}`}
        width={width}
        height={CHART.height}
        className="block max-w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => {
          const y = BASELINE - (tick / max) * PLOT_HEIGHT;
          return (
            <g key={tick} data-tick={tick}>
              <line
                x1={CHART.left}
                x2={width - CHART.right}
                y1={y}
                y2={y}
                className={tick === 0 ? 'stroke-slate-400' : 'stroke-slate-200'}
                strokeWidth={1}
              />
              <text x={CHART.left - 8} y={y} dy="0.35em" textAnchor="end" className="fill-slate-600 text-[12px]">
                {formatValue(tick)}
              </text>
            </g>
          );
        })}
        {labelledDays(days.length, labelStep(days.length, width)).map((index) => {
          const slot = barSlot(index, days.length, width);
          return (
            <text
              key={days[index]}
              data-axis-day={days[index]}
              x={slot.x + slot.width / 2}
              y={CHART.height - 8}
              textAnchor={index === days.length - 1 ? 'end' : 'middle'}
              className="fill-slate-600 text-[12px]"
            >
              {formatDay(days[index]!)}
            </text>
          );
        })}
        {children(width)}
      </svg>
    </div>
  );
}
