import { describe, expect, it } from 'vitest';
import { AIRTIME_WHOLE_NAIRA, DATA_BUNDLE_SEED, airtimeInput, detectNetwork } from './vtu';

describe('detectNetwork', () => {
  it.each([
    ['08031234567', 'mtn'],
    ['+2348031234567', 'mtn'],
    ['2349131234567', 'mtn'],
    ['07025123456', 'mtn'],
    ['08051234567', 'glo'],
    ['0915 123 4567', 'glo'],
    ['08021234567', 'airtel'],
    ['07011234567', 'airtel'],
    ['08091234567', 'etisalat'],
    ['09091234567', 'etisalat'],
  ])('%s is %s', (phone, network) => {
    expect(detectNetwork(phone)).toBe(network);
  });

  it('answers null for unknown prefixes and non-numbers', () => {
    expect(detectNetwork('07091234567')).toBeNull();
    expect(detectNetwork('12345')).toBeNull();
  });
});

describe('data bundle seed', () => {
  it('has the spec counts per network and its examples', () => {
    const count = (network: string) => DATA_BUNDLE_SEED.filter((b) => b.network === network).length;
    expect([count('mtn'), count('glo'), count('airtel'), count('etisalat')]).toEqual([10, 11, 17, 4]);
    const find = (network: string, name: string) =>
      DATA_BUNDLE_SEED.find((b) => b.network === network && b.name === name)?.price;
    expect(find('mtn', '1GB 30 days')).toBe(339);
    expect(find('mtn', '500MB 30 days')).toBe(200);
    expect(find('mtn', '10GB 30 days')).toBe(3399);
    expect(find('glo', '1GB 5 nights')).toBe(99);
    expect(find('airtel', '1GB gift 30 days')).toBe(339);
    expect(find('etisalat', '1GB 30 days')).toBe(989);
    expect(new Set(DATA_BUNDLE_SEED.map((b) => b.variation_code)).size).toBe(DATA_BUNDLE_SEED.length);
  });
});

describe('airtime amount', () => {
  const amountErrors = (amount: unknown) => {
    const parsed = airtimeInput.safeParse({ amount, phone: '08031234567', network_id: 'mtn' });
    return parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === 'amount').map((i) => i.message);
  };

  it('says an amount with kobo must be whole naira, not that it is below the minimum', () => {
    expect(amountErrors('12.5')).toEqual([AIRTIME_WHOLE_NAIRA]);
    expect(amountErrors(100.5)).toEqual([AIRTIME_WHOLE_NAIRA]);
    expect(amountErrors('20')).toEqual(['The minimum airtime is ₦50.']);
    expect(amountErrors(1e308)).toEqual(['The maximum airtime is ₦50,000.']);
    expect(amountErrors('100')).toEqual([]);
  });
});
