/**
 * The business runs on Lagos calendar days (lagosDay, in the contract). Lagos keeps West Africa Time,
 * UTC+1, all year (Nigeria has no summer time), so a day's first instant is a fixed offset from UTC.
 */
import { LAGOS_TIME_ZONE, lagosDay } from '@ruwa/contract/dates';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The first instant of a Lagos calendar day given as YYYY-MM-DD. */
export const lagosMidnight = (day: string): Date => new Date(`${day}T00:00:00+01:00`);

/** The first instant of the Lagos day `daysBack` days before the one `now` falls on. */
export const lagosDayStart = (now: Date, daysBack = 0): Date =>
  new Date(lagosMidnight(lagosDay(now)).getTime() - daysBack * 86_400_000);

const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: LAGOS_TIME_ZONE,
  dateStyle: 'full',
  timeStyle: 'short',
});

/** An instant as people in Lagos read it, for messages: "Wednesday, 2 December 2026 at 07:49". */
export const lagosDateTimeText = (at: Date): string => lagosDateTime.format(at);

// The zone written into the statement, not passed as a parameter: a day grouped on must be the same
// expression in the select and the GROUP BY, and an index on it must match the query's text.
const LAGOS_ZONE_SQL = sql.raw(`'${LAGOS_TIME_ZONE}'`);

/** SQL: the Lagos calendar day a timestamp falls on, as a date. */
export const lagosDateOf = (at: AnyColumn | SQL): SQL => sql`(${at} at time zone ${LAGOS_ZONE_SQL})::date`;

/** SQL: the Lagos calendar day a timestamp falls on, as YYYY-MM-DD (what lagosDay answers). */
export const lagosDayOf = (at: AnyColumn | SQL): SQL<string> => sql<string>`to_char(${lagosDateOf(at)}, 'YYYY-MM-DD')`;
