/**
 * The business runs on Lagos calendar days. Lagos keeps West Africa Time, UTC+1, all year (Nigeria
 * has no summer time), so a day's first instant is a fixed offset from UTC.
 */
const lagosDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' });

/** The Lagos calendar day of an instant, as YYYY-MM-DD. */
export const lagosDay = (at: Date): string => lagosDate.format(at);

/** The first instant of a Lagos calendar day given as YYYY-MM-DD. */
export const lagosMidnight = (day: string): Date => new Date(`${day}T00:00:00+01:00`);

/** The first instant of the Lagos day `daysBack` days before the one `now` falls on. */
export const lagosDayStart = (now: Date, daysBack = 0): Date =>
  new Date(lagosMidnight(lagosDay(now)).getTime() - daysBack * 86_400_000);

const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'full',
  timeStyle: 'short',
});

/** An instant as people in Lagos read it, for messages: "Wednesday, 2 December 2026 at 07:49". */
export const lagosDateTimeText = (at: Date): string => lagosDateTime.format(at);
