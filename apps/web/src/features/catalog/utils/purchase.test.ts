import { describe, expect, it } from 'vitest';
import { blankPurchase, deliveriesFor, purchaseFormSchema, purchaseTotal } from './purchase';

const filled = { ...blankPurchase('', ''), recipient_address: '12 Admiralty Way, Lekki' };

/** The message the checkout form shows at `field` for what was typed, or undefined when it is fine. */
function messageAt(field: string, typed: Partial<Record<keyof typeof filled, string | boolean>>, unit = '') {
  const result = purchaseFormSchema(unit).safeParse({ ...filled, ...typed });
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

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

describe('purchase field rules (the API’s order schema)', () => {
  it('takes whole quantities from 1 to 1000 only, in the product’s unit', () => {
    const quantity = (text: string, unit = '') => messageAt('quantity', { quantity: text }, unit);
    expect(quantity('1')).toBeUndefined();
    expect(quantity(' 1000 ')).toBeUndefined();
    expect(quantity('')).toBe('Enter a quantity.');
    expect(quantity('0')).toBe('The quantity must be at least 1.');
    expect(quantity('1001')).toBe('The quantity may not be greater than 1,000.');
    expect(quantity('2.5')).toBe('The quantity must be a whole number.');
    expect(quantity('-3')).toBe('The quantity must be at least 1.');
    expect(quantity('4e2')).toBe('The quantity must be a number.');
    expect(quantity('12', ' kg')).toBeUndefined();
    expect(quantity('0', ' kg')).toBe('The quantity must be at least 1 kg.');
  });

  it('needs an address of 5 to 300 characters', () => {
    const address = (text: string) => messageAt('recipient_address', { recipient_address: text });
    expect(address('')).toBe('Enter the delivery address.');
    expect(address('  12  ')).toBe('The address must be at least 5 characters.');
    expect(address('12 Admiralty Way, Lekki')).toBeUndefined();
    expect(address('x'.repeat(301))).toBe('The address may not be longer than 300 characters.');
  });

  it('lets a subscription last 7 to 365 days', () => {
    const duration = (text: string) => messageAt('duration_in_days', { duration_in_days: text });
    expect(duration('7')).toBeUndefined();
    expect(duration('365')).toBeUndefined();
    expect(duration('6')).toBe('The duration must be between 7 and 365 days.');
    expect(duration('366')).toBe('The duration must be between 7 and 365 days.');
    expect(duration('')).toBe('Enter how many days the subscription lasts.');
    expect(duration('ten')).toBe('The duration in days must be a number.');
  });

  it('takes a Nigerian mobile number for the recipient, or none', () => {
    expect(messageAt('recipient_phone', { recipient_phone: '' })).toBeUndefined();
    expect(messageAt('recipient_phone', { recipient_phone: '0803 123 4567' })).toBeUndefined();
    expect(messageAt('recipient_phone', { recipient_phone: '12345' })).toBe(
      'Enter the recipient phone as a Nigerian mobile number like 08031234567.',
    );
  });

  it('asks for a label only for an address the customer keeps', () => {
    expect(messageAt('save_address_label', { save_address: false })).toBeUndefined();
    expect(messageAt('save_address_label', { save_address: true, save_address_label: ' ' })).toBe(
      'Give the address a label, e.g. Home or Office.',
    );
    expect(messageAt('save_address_label', { save_address: true, save_address_label: 'Home' })).toBeUndefined();
  });
});
