import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Dashboard } from '@ruwa/contract/replies';

export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const REVENUE_KINDS = ['sachet_water', 'bottle_water', 'gas', 'airtime', 'data'] as const;
export type RevenueKind = (typeof REVENUE_KINDS)[number];

export const DASHBOARD_UNREADABLE = 'The dashboard figures could not be read. Please try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The screen reads nested figures; an answer of another shape fails as an error, not a crash. */
function isDashboard(value: unknown): value is Dashboard {
  return (
    isRecord(value) &&
    isRecord(value.revenue) &&
    isRecord(value.orders_by_status) &&
    isRecord(value.vtu) &&
    isRecord(value.deposits) &&
    isRecord(value.withdrawals) &&
    Array.isArray(value.chart)
  );
}

/** GET admin/dashboard?range=today|7d|30d -> the figures for the range and the 30-day chart. */
export async function getDashboard(range: DashboardRange, signal?: AbortSignal): Promise<Dashboard> {
  const { data } = await api.get<unknown>('admin/dashboard', { range }, signal);
  if (!isDashboard(data)) throw new Error(DASHBOARD_UNREADABLE);
  return data;
}

export function dashboardQueryOptions(range: DashboardRange) {
  return queryOptions({
    queryKey: queryKeys.admin.dashboard.range(range),
    queryFn: ({ signal }) => getDashboard(range, signal),
    // Figures move all day; a minute old is fresh enough when switching back to a range.
    staleTime: 60_000,
  });
}

/** Keeps the previous range's figures on screen while the next range loads. */
export function useDashboard(range: DashboardRange) {
  return useQuery({ ...dashboardQueryOptions(range), placeholderData: keepPreviousData });
}
