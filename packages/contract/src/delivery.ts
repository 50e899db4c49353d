import { windowLabel, type DeliveryWindow } from './catalog';
import { addDaysTo, LAGOS_TIME_ZONE, lagosDay } from './dates';
import { onFirstUse } from './intl';

/**
 * Delivery days and windows run on Lagos time (Africa/Lagos, UTC+1 all year), whatever the clock of
 * the server or the phone says. Shared by the API, which enforces them, and the checkout, which
 * offers them.
 */
const lagosTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: LAGOS_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** The Lagos calendar day (YYYY-MM-DD) and 24-hour time (HH:MM) of an instant. */
export function lagosClock(at: Date): { day: string; time: string } {
  return { day: lagosDay(at), time: lagosTime().format(at) };
}

export type DeliverySlot = { date: string; when: 'today' | 'tomorrow'; window: DeliveryWindow; label: string };

/** Whether today's run of a window still takes orders: until its cut-off, Lagos time. */
export const openToday = (window: DeliveryWindow, at: Date) => lagosClock(at).time < window.cutoff;

/** The windows a customer can book now: today's still before their cut-off, then all of tomorrow's. */
export function deliverySlots(windows: DeliveryWindow[], at: Date): DeliverySlot[] {
  const { day } = lagosClock(at);
  const tomorrow = addDaysTo(day, 1);
  return [
    ...windows
      .filter((window) => openToday(window, at))
      .map((window) => ({ date: day, when: 'today' as const, window, label: `Today, ${windowLabel(window)}` })),
    ...windows.map((window) => ({
      date: tomorrow,
      when: 'tomorrow' as const,
      window,
      label: `Tomorrow, ${windowLabel(window)}`,
    })),
  ];
}

/** A subscription's first delivery: today in its window if before the cut-off, else tomorrow. */
export function firstDeliveryDay(window: DeliveryWindow, at: Date): string {
  const { day } = lagosClock(at);
  return openToday(window, at) ? day : addDaysTo(day, 1);
}
