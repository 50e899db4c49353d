import { describe, expect, it } from 'vitest';
import * as contract from '@ruwa/contract';
import { deliveryWhen, formatDate, ORDER_STATUS_LABELS, statusLabel } from './format';

describe('order display helpers', () => {
  it('labels order statuses exactly as the contract does', () => {
    expect(ORDER_STATUS_LABELS).toEqual(contract.ORDER_STATUS_LABELS);
  });

  it('reads calendar days as the day they name and makes unknown statuses readable', () => {
    expect(formatDate('2026-03-01')).toBe('1 Mar 2026');
    expect(formatDate('not a date')).toBe('');
    expect(statusLabel(ORDER_STATUS_LABELS, 'out_for_delivery')).toBe('Out for delivery');
    expect(statusLabel(ORDER_STATUS_LABELS, 'on_hold')).toBe('On hold');
  });

  it('says when an order comes: the day and its booked window', () => {
    expect(deliveryWhen({ scheduled_for: '2026-11-30', delivery_window: 'Morning (08:00–12:00)' })).toBe(
      '30 Nov 2026, Morning (08:00–12:00)',
    );
    expect(deliveryWhen({ scheduled_for: '2026-11-30', delivery_window: null })).toBe('30 Nov 2026');
    expect(deliveryWhen({ scheduled_for: null, delivery_window: null })).toBe('');
  });
});
