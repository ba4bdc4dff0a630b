/**
 * Delivery-date rules of SPEC §9: the 15:00 London dispatch cutoff, the countdown to it and the
 * estimated delivery date. All on London's calendar, whatever the machine's time zone.
 */
import { addDays, londonDate, londonParts, londonTime, parseCalendarDate, weekdayOf } from './dates';
import type { CalendarDate } from './dates';

/** SPEC §9: orders placed before 15:00 London time are dispatched the same day. */
export const CUTOFF_HOUR = 15;

/**
 * SPEC §9: the default non-delivery days: the spec's five dates plus the England and Wales bank
 * holidays of 2026 and 2027 (the spec's list stops in January 2026). The server passes its
 * configured list instead; this is the fallback for clients without one.
 */
export const DEFAULT_HOLIDAYS: readonly CalendarDate[] = [
  // SPEC §9
  '2025-05-26',
  '2025-08-25',
  '2025-12-25',
  '2025-12-26',
  // England and Wales 2026 (1 January is also in the spec's list)
  '2026-01-01',
  '2026-04-03',
  '2026-04-06',
  '2026-05-04',
  '2026-05-25',
  '2026-08-31',
  '2026-12-25',
  '2026-12-28',
  // England and Wales 2027
  '2027-01-01',
  '2027-03-26',
  '2027-03-29',
  '2027-05-03',
  '2027-05-31',
  '2027-08-30',
  '2027-12-27',
  '2027-12-28',
];

const SUNDAY = 0;
const THURSDAY = 4;
const FRIDAY = 5;
const SATURDAY = 6;

function holidaySet(holidays: readonly CalendarDate[]): ReadonlySet<CalendarDate> {
  for (const holiday of holidays) parseCalendarDate(holiday);
  return new Set(holidays);
}

/** SPEC §9: a working day is neither a Saturday, a Sunday nor a holiday. */
export function isWorkingDay(
  date: CalendarDate,
  holidays: readonly CalendarDate[] = DEFAULT_HOLIDAYS,
): boolean {
  return isWorking(date, holidaySet(holidays));
}

function isWorking(date: CalendarDate, holidays: ReadonlySet<CalendarDate>): boolean {
  const weekday = weekdayOf(date);
  return weekday !== SATURDAY && weekday !== SUNDAY && !holidays.has(date);
}

/**
 * Days from the London order date to the delivery date before holidays are skipped (SPEC §9):
 * Mon–Thu before the cutoff +1; Mon–Wed after +2; Thu after +4; Fri before +3; Fri after +4;
 * Sat +3; Sun +2.
 */
function daysToDelivery(weekday: number, beforeCutoff: boolean): number {
  if (weekday === SUNDAY) return 2;
  if (weekday === SATURDAY) return 3;
  if (weekday === FRIDAY) return beforeCutoff ? 3 : 4;
  if (beforeCutoff) return 1;
  return weekday === THURSDAY ? 4 : 2;
}

/**
 * SPEC §9 estimated delivery: the London calendar date ('YYYY-MM-DD') of a delivery ordered at
 * `now`. Mon–Thu before 15:00 the next day; Mon–Wed from 15:00 +2 days; Thu from 15:00 +4; Fri
 * before 15:00 +3; Fri from 15:00 +4; Sat +3; Sun +2; then moved forward to the next day that is
 * neither a holiday nor a Saturday or Sunday. 15:00:00 itself is after the cutoff.
 */
export function estimateDeliveryDate(
  now: Date,
  holidays: readonly CalendarDate[] = DEFAULT_HOLIDAYS,
): CalendarDate {
  const skipped = holidaySet(holidays);
  const clock = londonParts(now);
  const beforeCutoff = clock.hour < CUTOFF_HOUR;
  let delivery = addDays(londonDate(now), daysToDelivery(clock.weekday, beforeCutoff));
  while (!isWorking(delivery, skipped)) delivery = addDays(delivery, 1);
  return delivery;
}

/**
 * SPEC §9: the next 15:00 London time on a dispatch day (Monday to Friday and not a holiday),
 * strictly after `now`: at 15:00:00 exactly the countdown moves on to the next dispatch day.
 */
export function nextCutoff(now: Date, holidays: readonly CalendarDate[] = DEFAULT_HOLIDAYS): Date {
  const skipped = holidaySet(holidays);
  let day = londonDate(now);
  for (;;) {
    if (isWorking(day, skipped)) {
      const cutoff = londonTime(day, CUTOFF_HOUR);
      if (cutoff.getTime() > now.getTime()) return cutoff;
    }
    day = addDays(day, 1);
  }
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * SPEC §9 countdown: whole days (modulo 100, the display has two digits), hours, minutes and
 * seconds until {@link nextCutoff}. It counts real elapsed time, so across a clock change it can
 * differ by an hour from the wall-clock difference.
 */
export function countdown(now: Date, holidays: readonly CalendarDate[] = DEFAULT_HOLIDAYS): Countdown {
  const total = Math.floor((nextCutoff(now, holidays).getTime() - now.getTime()) / 1000);
  return {
    days: Math.floor(total / 86_400) % 100,
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** SPEC §9 ordinal English form: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** SPEC §9: a delivery date in ordinal English with the month name, e.g. 'Tuesday 27th May'. */
export function formatDeliveryDate(date: CalendarDate): string {
  const { month, day } = parseCalendarDate(date);
  return `${WEEKDAYS[weekdayOf(date)]} ${ordinal(day)} ${MONTHS[month - 1]}`;
}
