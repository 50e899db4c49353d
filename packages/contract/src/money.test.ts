import { describe, expect, it } from 'vitest';
import { formatNaira, hasAtMostTwoDecimals, koboToNaira, nairaToKobo } from './money';

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

  it('formats with en-US grouping, rounded, 0 for empty', () => {
    expect(formatNaira(100000)).toBe('N100,000');
    expect(formatNaira(3399.6)).toBe('N3,400');
    expect(formatNaira(undefined)).toBe('N0');
  });
});
