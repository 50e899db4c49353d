import type { RevenueKind } from '../../api/get-dashboard';
import { onFirstUse } from '@ruwa/contract/intl';

export const REVENUE_KIND_LABELS: Record<RevenueKind, string> = {
  sachet_water: 'Sachet water',
  bottle_water: 'Bottle water',
  gas: 'Gas',
  airtime: 'Airtime',
  data: 'Data',
};

/** One colour per kind, used by the stacked bars and their legend. */
export const REVENUE_KIND_FILL: Record<RevenueKind, string> = {
  sachet_water: 'fill-sky-400',
  bottle_water: 'fill-brand-700',
  gas: 'fill-orange-500',
  airtime: 'fill-emerald-600',
  data: 'fill-violet-500',
};

export const REVENUE_KIND_SWATCH: Record<RevenueKind, string> = {
  sachet_water: 'bg-sky-400',
  bottle_water: 'bg-brand-700',
  gas: 'bg-orange-500',
  airtime: 'bg-emerald-600',
  data: 'bg-violet-500',
};

const count = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));
const percent = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));

export function formatCount(value: number): string {
  return count().format(value);
}

/** A percentage, or a dash when there is nothing to measure it on. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${percent().format(value)}%`;
}

/** 'YYYY-MM-DD' (a Lagos calendar day) -> '12 Mar'. */
export { formatDayOfMonth as formatDay } from '@ruwa/contract/dates';
