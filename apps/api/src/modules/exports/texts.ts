import type { ExportName } from '@ruwa/contract';

/**
 * The exports' words: each file's header row (money columns say their unit, naira with kobo as
 * 1500.00; times are UTC, ISO 8601) and its file name.
 */
export const EXPORT_TEXTS = {
  headers: {
    orders: [
      'order_id',
      'reference',
      'created_at_utc',
      'customer_id',
      'customer_email',
      'product',
      'kind',
      'quantity',
      'items_naira',
      'delivery_fee_naira',
      'total_naira',
      'payment_method',
      'payment_reference',
      'status',
      'location_id',
      'agent_id',
    ],
    customers: [
      'customer_id',
      'created_at_utc',
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'phone_verified',
      'email_verified',
      'status',
      'referral_code',
    ],
    withdrawals: [
      'withdrawal_id',
      'reference',
      'created_at_utc',
      'customer_id',
      'customer_email',
      'destination',
      'amount_naira',
      'status',
      'hold_reason',
      'failure_reason',
    ],
    // One row per journal line: a journal's lines share its id, and its debits equal its credits.
    journals: [
      'journal_id',
      'created_at_utc',
      'kind',
      'reference',
      'line',
      'account_code',
      'account_name',
      'customer_id',
      'debit_naira',
      'credit_naira',
    ],
    audit: [
      'entry_id',
      'created_at_utc',
      'actor_id',
      'actor_email',
      'action',
      'entity',
      'entity_id',
      'before',
      'after',
    ],
  } satisfies Record<ExportName, string[]>,
  filename: (name: ExportName, from: string, to: string) => `ruwa-${name}-${from}-to-${to}.csv`,
  summary: (name: ExportName) => `The ${name} created in a period of Lagos days, as CSV`,
} as const;
