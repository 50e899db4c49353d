import { describe, expect, it } from 'vitest';
import { maskPhone, maskPhonesIn, normalizeNigerianPhone, toLocalPhone } from './phone';

describe('normalizeNigerianPhone', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0703-123-4567', '+2347031234567'],
    ['09131234567', '+2349131234567'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeNigerianPhone(input)).toBe(expected);
  });

  it.each(['', '0803123456', '080312345678', '06031234567', '+1 415 555 0100', 'abc', '+23408031234567'])(
    'rejects %s',
    (input) => {
      expect(normalizeNigerianPhone(input)).toBeNull();
    },
  );

  it('shows the local form', () => {
    expect(toLocalPhone('+2348031234567')).toBe('08031234567');
  });
});

describe('maskPhone', () => {
  it('keeps the prefix and the last three digits only', () => {
    expect(maskPhone('+2348031234567')).toBe('0803****567');
    expect(maskPhone('08031234567')).toBe('0803****567');
    expect(maskPhonesIn('Tobi bought airtime for 08031234567 and +2348051112233')).toBe(
      'Tobi bought airtime for 0803****567 and 0805****233',
    );
  });
});
