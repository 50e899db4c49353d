import { describe, expect, it } from 'vitest';
import { axisTicks, labelledDays, labelStep } from './chart-frame';

describe('chart axes', () => {
  it('ticks in whole, round steps up to a top at or above the largest value', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(50_500)).toEqual([0, 20_000, 40_000, 60_000]);
    for (const max of [0, 1, 2, 3, 5, 9, 13, 99, 1234, 987_654]) {
      const ticks = axisTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('labels the last day and every 7th before it, or every 14th when a week is too narrow for a date', () => {
    expect(labelledDays(30)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledDays(7)).toEqual([6]);
    // A laptop-wide chart has room for a date a week; a phone-wide one (about 260 px) does not.
    expect(labelStep(30, 600)).toBe(7);
    expect(labelStep(30, 260)).toBe(14);
    expect(labelledDays(30, labelStep(30, 260))).toEqual([1, 15, 29]);
  });
});
