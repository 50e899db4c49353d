import type { ExportName } from '@ruwa/contract';

/** The export buttons' words. */
export const EXPORT_TEXTS = {
  heading: 'Export as CSV',
  intro: 'Records created on these days (Lagos time), one row each; money in naira with kobo.',
  from: 'Export from',
  to: 'Export to',
  button: {
    orders: 'Export orders',
    customers: 'Export customers',
    withdrawals: 'Export withdrawals',
    journals: 'Export journals',
    audit: 'Export audit log',
  } satisfies Record<ExportName, string>,
  preparing: 'Preparing the file…',
  failed: (message: string) => `The export could not be made: ${message}`,
} as const;
