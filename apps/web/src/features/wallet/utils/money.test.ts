import { DEPOSIT_QUICK_ADD } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import { addToAmount, cleanAmountInput, formatGrouped } from './money';

describe('wallet money helpers', () => {
  it('group the quick-add amounts', () => {
    expect(DEPOSIT_QUICK_ADD.map(formatGrouped)).toEqual(['500', '1,000', '10,000', '100,000']);
  });

  it('add quick amounts to what is typed', () => {
    expect(addToAmount('', 500)).toBe('500');
    expect(addToAmount('500', 1000)).toBe('1500');
    expect(addToAmount('0.1', 0.2)).toBe('0.3');
    expect(addToAmount('abc', 10_000)).toBe('10000');
  });

  it('keep only digits and one decimal point in an amount field', () => {
    expect(cleanAmountInput('1,000')).toBe('1000');
    expect(cleanAmountInput('N2 500.5.0')).toBe('2500.50');
    expect(cleanAmountInput('-300')).toBe('300');
  });
});
