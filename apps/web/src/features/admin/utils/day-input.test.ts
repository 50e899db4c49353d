import { describe, expect, it } from 'vitest';
import { dayText, formatInputDay, IMPOSSIBLE_DAY } from './day-input';

describe('days typed as dd/mm/yyyy', () => {
  it('reads dd/mm/yyyy (and what a number keypad can type) as YYYY-MM-DD', () => {
    expect(dayText.parse('31/12/2026')).toBe('2026-12-31');
    expect(dayText.parse(' 4/3/2026 ')).toBe('2026-03-04');
    expect(dayText.parse('31-12-2026')).toBe('2026-12-31');
    expect(dayText.parse('31.12.2026')).toBe('2026-12-31');
    expect(dayText.parse('31122026')).toBe('2026-12-31');
    expect(dayText.parse('')).toBe('');
  });

  it('refuses a day that does not exist, or another order', () => {
    for (const text of ['31/02/2026', '29/02/2027', '12/31/2026', '2026-12-31', 'tomorrow']) {
      const result = dayText.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(IMPOSSIBLE_DAY);
    }
  });

  it('shows a stored day as dd/mm/yyyy', () => {
    expect(formatInputDay('2026-03-04')).toBe('04/03/2026');
    expect(formatInputDay(undefined)).toBe('');
  });
});
