import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../testing/wallet-fixtures';
import { transactionBadge } from './transactions';

describe('transactionBadge', () => {
  const purchase = (overrides: Parameters<typeof makeTransaction>[0]) =>
    transactionBadge(makeTransaction({ type: 'purchase', direction: 'debit', amount: 600, ...overrides }));

  it('says what became of a purchase, whatever its debit did', () => {
    expect(purchase({ outcome: 'completed' })).toEqual({ tone: 'success', label: 'Successful' });
    expect(purchase({ outcome: 'pending' })).toEqual({ tone: 'pending', label: 'Pending' });
    const refund = { tx_id: 'TX_R', created_at: '2026-02-03T09:31:00.000Z' };
    expect(purchase({ outcome: 'refunded', refund: { ...refund, amount: 600 } })).toEqual({
      tone: 'refunded',
      label: 'Refunded',
    });
    // A subscription cancelled after some deliveries: only the unused ones came back.
    expect(purchase({ outcome: 'refunded', refund: { ...refund, amount: 200 } })).toEqual({
      tone: 'refunded',
      label: 'Partly refunded',
    });
  });

  it('keeps the status of other movements, which says more', () => {
    expect(transactionBadge(makeTransaction({ type: 'withdrawal', status: 'held', outcome: 'pending' }))).toEqual({
      tone: 'pending',
      label: 'Held',
    });
    expect(transactionBadge(makeTransaction({ type: 'withdrawal', status: 'reversed', outcome: 'refunded' }))).toEqual({
      tone: 'neutral',
      label: 'Reversed',
    });
  });
});
