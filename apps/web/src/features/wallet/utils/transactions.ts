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
};

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  success: 'Successful',
  failed: 'Failed',
  reversed: 'Reversed',
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
const dateFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Africa/Lagos',
});

export function formatTransactionDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export function signedAmount(transaction: Pick<WalletTransaction, 'direction'>): '+' | '-' {
  return transaction.direction === 'credit' ? '+' : '-';
}
