import { describe, expect, it } from 'vitest';
import { addressError, deliveriesFor, durationError, parseWholeNumber, purchaseTotal, quantityError } from './purchase';

describe('subscription deliveries', () => {
  it.each([
    [7, 7, 1],
    [30, 7, 5],
    [28, 7, 4],
    [365, 14, 27],
    [7, 14, 1],
    [10, 3, 4],
    [30, 1, 30],
  ])('%i days, one delivery every %i days -> %i deliveries', (duration, interval, deliveries) => {
    expect(deliveriesFor(duration, interval)).toBe(deliveries);
  });

  it('makes none for an empty duration', () => {
    expect(deliveriesFor(0, 7)).toBe(0);
  });
});

describe('purchase totals', () => {
  it('is price x quantity for a one-off purchase', () => {
    expect(purchaseTotal({ priceNaira: 350, quantity: 3 })).toBe(1050);
  });

  it('is price x quantity x deliveries for a subscription', () => {
    expect(purchaseTotal({ priceNaira: 350, quantity: 2, deliveries: deliveriesFor(30, 7) })).toBe(3500);
  });

  it('adds kobo exactly, without float drift', () => {
    // 0.1 * 3 is 0.30000000000000004 in floating point.
    expect(purchaseTotal({ priceNaira: 0.1, quantity: 3 })).toBe(0.3);
    expect(purchaseTotal({ priceNaira: 1250.55, quantity: 7, deliveries: 3 })).toBe(26261.55);
  });
});

describe('purchase field rules', () => {
  it('takes whole quantities from 1 to 1000 only', () => {
    expect(quantityError('1')).toBeUndefined();
    expect(quantityError('1000')).toBeUndefined();
    expect(quantityError('')).toBe('Enter a quantity.');
    expect(quantityError('0')).toBe('The quantity must be at least 1.');
    expect(quantityError('1001')).toBe('The quantity may not be greater than 1,000.');
    expect(quantityError('2.5')).toBe('The quantity must be a whole number.');
    expect(quantityError('-3')).toBe('The quantity must be a whole number.');
    expect(quantityError('12', ' kg')).toBeUndefined();
    expect(quantityError('0', ' kg')).toBe('The quantity must be at least 1 kg.');
  });

  it('needs an address of 5 to 300 characters', () => {
    expect(addressError('')).toBe('Enter the delivery address.');
    expect(addressError('  12  ')).toBe('The address must be at least 5 characters.');
    expect(addressError('12 Admiralty Way, Lekki')).toBeUndefined();
    expect(addressError('x'.repeat(301))).toBe('The address may not be longer than 300 characters.');
  });

  it('lets a subscription last 7 to 365 days', () => {
    expect(durationError('7')).toBeUndefined();
    expect(durationError('365')).toBeUndefined();
    expect(durationError('6')).toBe('The duration must be between 7 and 365 days.');
    expect(durationError('366')).toBe('The duration must be between 7 and 365 days.');
    expect(durationError('ten')).toBe('The duration must be a whole number of days.');
  });

  it('reads whole numbers only', () => {
    expect(parseWholeNumber(' 42 ')).toBe(42);
    expect(parseWholeNumber('4e2')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });
});
