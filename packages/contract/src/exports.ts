import { dayRangeQuery } from './receipts';

/** What the admin exports as CSV: GET /api/admin/exports/<name>.csv?from=&to=. */
export const EXPORT_NAMES = ['orders', 'customers', 'withdrawals', 'journals', 'audit'] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];

/** The longest period one export covers, in Lagos days: ten years, so "everything" is one file. */
export const EXPORT_MAX_DAYS = 3660;

/** An export's period: the records created on the Lagos days `from` to `to` (both included). */
export const exportQuery = dayRangeQuery(EXPORT_MAX_DAYS, 'An export', {});

export const exportPath = (name: ExportName) => `/api/admin/exports/${name}.csv`;
