import { describe, expect, it } from 'vitest';
import {
  addDaysTo,
  formatDate,
  formatDateTime,
  formatDayOfMonth,
  formatInputDay,
  formatTime,
  lagosDay,
  parseInputDay,
} from './dates';

describe('dates, the Nigerian way', () => {
  it('shows moments in Lagos time whatever the zone of the device', () => {
    // 23:30 UTC is 00:30 the next day in Lagos.
    expect(formatDate('2026-11-30T23:30:00Z')).toBe('1 Dec 2026');
    expect(formatDateTime('2026-11-30T12:02:00Z')).toBe('30 Nov 2026, 1:02 pm');
    expect(formatTime('2026-11-30T12:02:00Z')).toBe('1:02 pm');
  });

  it('takes today as the Lagos day, and counts calendar days across months and years', () => {
    // Lagos is UTC+1: from 23:00 UTC it is already the next day there.
    expect(lagosDay(new Date('2026-12-01T22:59:59Z'))).toBe('2026-12-01');
    expect(lagosDay(new Date('2026-12-01T23:00:00Z'))).toBe('2026-12-02');
    expect(lagosDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(addDaysTo('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysTo('2026-12-02', -3)).toBe('2026-11-29');
  });

  it('writes the noon and midnight hours as 12, never 0', () => {
    expect(formatDateTime('2026-11-28T11:05:00Z')).toBe('28 Nov 2026, 12:05 pm');
    expect(formatTime('2026-11-28T11:05:00Z')).toBe('12:05 pm');
    expect(formatTime('2026-11-27T23:05:00Z')).toBe('12:05 am');
  });

  it('shows a calendar day as the day it names', () => {
    expect(formatDate('2026-11-30')).toBe('30 Nov 2026');
    expect(formatDate('nonsense')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('shows a calendar day without its year as the day it names, and anything else as given', () => {
    expect(formatDayOfMonth('2026-03-03')).toBe('3 Mar');
    expect(formatDayOfMonth('2026-11-30')).toBe('30 Nov');
    expect(formatDayOfMonth('soon')).toBe('soon');
  });

  it('reads and writes dd/mm/yyyy for inputs', () => {
    expect(formatInputDay('2026-03-04')).toBe('04/03/2026');
    expect(parseInputDay('4/3/2026')).toBe('2026-03-04');
    expect(parseInputDay('31/02/2026')).toBeNull();
    expect(parseInputDay('2026-03-04')).toBeNull();
  });
});
