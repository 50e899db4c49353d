import { describe, expect, it } from 'vitest';
import { suggestNetwork } from './network';

describe('suggestNetwork', () => {
  it('suggests a network from the first four digits, in local or international form', () => {
    expect(suggestNetwork('080')).toBeNull();
    expect(suggestNetwork('0803')).toBe('mtn');
    expect(suggestNetwork('0805 123')).toBe('glo');
    expect(suggestNetwork('+234802')).toBe('airtel');
    expect(suggestNetwork('234809')).toBe('etisalat');
    expect(suggestNetwork('08031234567')).toBe('mtn');
  });

  it('lets a longer prefix decide, and says nothing for numbers that are not Nigerian mobiles', () => {
    expect(suggestNetwork('0702')).toBeNull();
    expect(suggestNetwork('07025')).toBe('mtn');
    expect(suggestNetwork('0123')).toBeNull();
    expect(suggestNetwork('080312345678')).toBeNull();
    expect(suggestNetwork('abc')).toBeNull();
  });
});
