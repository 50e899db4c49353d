import { describe, expect, it } from 'vitest';
import { normalizeNigerianPhone, toLocalPhone } from './phone';

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
