import { formatDateTime } from '@ruwa/contract/dates';
import type {
  TransactionOutcome,
  WalletTransaction,
  WalletTransactionRow,
  WalletTransactionType,
} from '@ruwa/contract';

const TYPE_LABELS: Record<WalletTransactionType, string> = {
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
  return TYPE_LABELS[type as WalletTransactionType] ?? capitalize(type);
}

/** The filter's choices, in the order people look for them. */
export const TRANSACTION_TYPE_FILTERS: { value: WalletTransactionType; label: string }[] = [
  { value: 'deposit', label: 'Deposits' },
  { value: 'purchase', label: 'Purchases' },
  { value: 'withdrawal', label: 'Withdrawals' },
  { value: 'refund', label: 'Refunds' },
  { value: 'reversal', label: 'Reversals' },
  { value: 'savings', label: 'Savings moves' },
  { value: 'reward', label: 'Rewards' },
  { value: 'commission', label: 'Commissions' },
  { value: 'card_refund', label: 'Sent back to your card' },
  { value: 'adjustment', label: 'Support adjustments' },
];

const OUTCOME_LABELS: Record<TransactionOutcome, string> = {
  completed: 'Successful',
  pending: 'Pending',
  refunded: 'Refunded',
  failed: 'Failed',
};

/**
 * The badge a row wears. A purchase says what became of what it bought (refunded, pending); other
 * movements keep their own status, which says more (a withdrawal held, reversed or cancelled).
 */
export function transactionBadge(
  transaction: Pick<WalletTransactionRow, 'type' | 'status' | 'outcome' | 'refund' | 'amount'>,
): {
  tone: 'success' | 'pending' | 'failed' | 'refunded' | 'neutral';
  label: string;
} {
  if (transaction.type === 'purchase') {
    const partly = transaction.refund !== null && transaction.refund.amount < transaction.amount;
    return {
      tone: transaction.outcome === 'completed' ? 'success' : transaction.outcome,
      label: partly ? 'Partly refunded' : OUTCOME_LABELS[transaction.outcome],
    };
  }
  const tone =
    transaction.status === 'success'
      ? 'success'
      : transaction.status === 'pending' || transaction.status === 'held'
        ? 'pending'
        : transaction.status === 'failed'
          ? 'failed'
          : 'neutral';
  return { tone, label: transactionStatusLabel(transaction.status) };
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
