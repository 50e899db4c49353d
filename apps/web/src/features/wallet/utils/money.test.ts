import {
  DEPOSIT_QUICK_ADD as CONTRACT_QUICK_ADD,
  MAX_DEPOSIT_NAIRA as CONTRACT_MAX_DEPOSIT,
  MIN_WITHDRAWAL_NAIRA as CONTRACT_MIN_WITHDRAWAL,
} from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import {
  addToAmount,
  amountError,
  cleanAmountInput,
  DEPOSIT_QUICK_ADD,
  formatGrouped,
  MAX_DEPOSIT_NAIRA,
  MIN_WITHDRAWAL_NAIRA,
} from './money';

describe('wallet money helpers', () => {
  it("repeat the contract's constants", () => {
    expect(DEPOSIT_QUICK_ADD).toEqual(CONTRACT_QUICK_ADD);
    expect(MIN_WITHDRAWAL_NAIRA).toBe(CONTRACT_MIN_WITHDRAWAL);
    expect(MAX_DEPOSIT_NAIRA).toBe(CONTRACT_MAX_DEPOSIT);
  });

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

  it("say 'Amount cannot be empty' for an empty or zero amount", () => {
    expect(amountError('')).toBe('Amount cannot be empty');
    expect(amountError('0')).toBe('Amount cannot be empty');
    expect(amountError('0.00')).toBe('Amount cannot be empty');
    expect(amountError('.')).toBe('Amount cannot be empty');
    expect(amountError('1500')).toBeUndefined();
    expect(amountError('10.505')).toBe('The amount may have at most 2 decimal places.');
    expect(amountError('5000001')).toBe('The amount may not be greater than 5,000,000.');
    expect(amountError('50', { min: { naira: 100, message: 'Too small' } })).toBe('Too small');
  });
});
