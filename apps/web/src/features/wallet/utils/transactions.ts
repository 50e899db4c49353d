import { formatDateTime } from '@ruwa/contract/dates';
import type { WalletTransaction } from '@ruwa/contract';

const TYPE_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  purchase: 'Purchase',
  refund: 'Refund',
  reward: 'Reward',
  reversal: 'Reversal',
  commission: 'Commission',
  savings: 'Savings',
  adjustment: 'Support adjustment',
  card_refund: 'Sent back to your card',
};

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  success: 'Successful',
  failed: 'Failed',
  reversed: 'Reversed',
  held: 'Held',
  cancelled: 'Cancelled',
};

function capitalize(text: string): string {
  return text ? `${text[0]!.toUpperCase()}${text.slice(1).replace(/_/g, ' ')}` : text;
}

export function transactionTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? capitalize(type);
}

export function transactionStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? capitalize(status);
}

// Lagos time, whatever the phone's clock zone: the dates match what support and statements show.
export function formatTransactionDate(iso: string): string {
  return formatDateTime(iso) || iso;
}

export function signedAmount(transaction: Pick<WalletTransaction, 'direction'>): '+' | '-' {
  return transaction.direction === 'credit' ? '+' : '-';
}
