import { describe, expect, it } from 'vitest';
import { formatCompactNaira, formatNaira, hasAtMostTwoDecimals, koboToNaira, nairaToKobo } from './money';

describe('money', () => {
  it('converts naira to integer kobo without float drift', () => {
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(nairaToKobo(339)).toBe(33900);
    expect(nairaToKobo(1234.56)).toBe(123456);
    expect(koboToNaira(123456)).toBe(1234.56);
  });

  it('detects more than two decimals', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });

  it('shows naira the Nigerian way: the naira sign, en-NG grouping, kobo only when there are some', () => {
    expect(formatNaira(1500)).toBe('₦1,500');
    expect(formatNaira(0.6)).toBe('₦0.60');
    expect(formatNaira(1500.5)).toBe('₦1,500.50');
    expect(formatNaira(100000)).toBe('₦100,000');
    expect(formatNaira(1_234_567.89)).toBe('₦1,234,567.89');
    expect(formatNaira(0.1 + 0.2)).toBe('₦0.30');
  });

  it('rounds to the kobo, so a whole amount never shows ".00" and nothing shows a third decimal', () => {
    expect(formatNaira(3399.999)).toBe('₦3,400');
    expect(formatNaira(12.345)).toBe('₦12.35');
    expect(formatNaira(-20)).toBe('-₦20');
  });

  it('shows nothing as ₦0', () => {
    expect(formatNaira(undefined)).toBe('₦0');
    expect(formatNaira(null)).toBe('₦0');
    expect(formatNaira(0)).toBe('₦0');
  });

  it('shortens amounts for tight spaces with the same sign', () => {
    expect(formatCompactNaira(1200)).toBe('₦1.2K');
    expect(formatCompactNaira(35_000_000)).toBe('₦35M');
  });
});
