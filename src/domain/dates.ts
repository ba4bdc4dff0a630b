/**
 * Date rules of SPEC §1, §4 and §5, and the Europe/London calendar arithmetic the delivery rules
 * build on. Every function takes the moment it works from as a parameter and reads the London wall
 * clock from UTC, so the answer is the same whatever the machine's time zone.
 */
import { t } from './messages';
import './messages-more';

/** SPEC §1: the shop's dates are London dates. */
export const SHOP_TIME_ZONE = 'Europe/London';

import { FIRST_YEAR } from './search';

export { FIRST_YEAR };

/** A calendar date written 'YYYY-MM-DD'. */
export type CalendarDate = string;

/** The London wall clock at one instant. `weekday` counts from 0 = Sunday, as Date does. */
export interface LondonParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/**
 * The UK's clock rule (the Summer Time Order, in force since 1981 and on the EU's dates since
 * 1996): British Summer Time, one hour ahead of GMT, from 01:00 UTC on the last Sunday of March
 * to 01:00 UTC on the last Sunday of October. Computed rather than read through Intl: a browser's
 * first time-zone formatter costs tens of milliseconds of a phone's start-up (the dates module
 * runs on every page), and the rule is two dates a year. Instants before 1996 are read through
 * Intl (tests compare the two over every year since).
 */
const RULE_SINCE_YEAR = 1996;
const MS_PER_HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0-based), when the UK's clocks change. */
function clockChange(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

function summerTimeAt(epochMs: number, year: number): boolean {
  return epochMs >= clockChange(year, 2) && epochMs < clockChange(year, 9);
}

let intlFormat: Intl.DateTimeFormat | undefined;

/** London's clock through Intl, for instants before the rule above. */
function intlLondonParts(instant: Date): Omit<LondonParts, 'weekday'> {
  intlFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const read: Record<string, number> = {};
  for (const part of intlFormat.formatToParts(instant)) {
    if (part.type !== 'literal') read[part.type] = Number(part.value);
  }
  return {
    year: read.year ?? NaN,
    month: read.month ?? NaN,
    day: read.day ?? NaN,
    hour: read.hour ?? NaN,
    minute: read.minute ?? NaN,
    second: read.second ?? NaN,
  };
}

const MS_PER_DAY = 86_400_000;

function assertValidDate(date: Date, name: string): void {
  if (Number.isNaN(date.getTime())) throw new RangeError(`${name} is not a valid date`);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** SPEC §1: the London wall-clock reading of an instant. */
export function londonParts(instant: Date): LondonParts {
  assertValidDate(instant, 'instant');
  const epochMs = instant.getTime();
  const utcYear = instant.getUTCFullYear();
  if (utcYear < RULE_SINCE_YEAR) {
    const { year, month, day, ...clock } = intlLondonParts(instant);
    return { year, month, day, ...clock, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
  }
  // The clocks change in March and October, far from New Year, so the UTC year is London's too.
  const wall = new Date(epochMs + (summerTimeAt(epochMs, utcYear) ? MS_PER_HOUR : 0));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  };
}

/** SPEC §1: the London calendar date of an instant, 'YYYY-MM-DD'. */
export function londonDate(instant: Date): CalendarDate {
  const { year, month, day } = londonParts(instant);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * SPEC §9: the year, month (1–12) and day of a 'YYYY-MM-DD' date.
 * @throws RangeError for anything else, including impossible dates such as 2025-02-30.
 */
export function parseCalendarDate(date: CalendarDate): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!match || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`'${date}' is not a calendar date written YYYY-MM-DD`);
  }
  return { year, month, day };
}

/** SPEC §9: holidays and delivery dates are real calendar dates written 'YYYY-MM-DD' (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  try {
    parseCalendarDate(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * SPEC §9 delivery arithmetic: a calendar date `days` later (or earlier when negative). Pure calendar arithmetic in UTC, where
 * every day has 24 hours, so the clock changes never shift the result.
 */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const { year, month, day } = parseCalendarDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day) + days * MS_PER_DAY);
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** SPEC §9 delivery arithmetic: the day of the week of a calendar date, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: CalendarDate): number {
  const { year, month, day } = parseCalendarDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** How far London's wall clock is ahead of UTC at an instant, in milliseconds (0 or 1 hour). */
function londonOffsetMs(epochMs: number): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const p = londonParts(new Date(wholeSecond));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/**
 * SPEC §9: the instant at which London's wall clock shows `hour:minute` on a calendar date. In
 * the hour the clocks repeat (01:00–01:59 on the last Sunday of October) it gives the second,
 * GMT reading; a time in the hour the clocks skip in March is read with the summer offset
 * (01:30 gives 00:30 UTC).
 */
export function londonTime(date: CalendarDate, hour: number, minute = 0): Date {
  const { year, month, day } = parseCalendarDate(date);
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  // London changes its clocks at 01:00 UTC by one hour, so the offset in force at the wall time
  // read as UTC is the offset in force at the answer for every wall time outside those hours.
  return new Date(asIfUtc - londonOffsetMs(asIfUtc));
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A London calendar date written out, '3 June 2025' (as en-GB writes a long date). */
export function formatLongDate(instant: Date): string {
  const { year, month, day } = londonParts(instant);
  return `${day} ${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

/** SPEC §4: 'HH:MM dd/mm/yy' on London's clock. */
export function formatDateTime(instant: Date): string {
  const p = londonParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)} ${pad(p.day)}/${pad(p.month)}/${pad(p.year % 100)}`;
}

/**
 * SPEC §1 (dates use Europe/London time): reads a date the API sent. An ISO string with 'Z' or an offset is an instant; a date-time without
 * an offset ('2025-05-27 10:30:00') is London wall-clock time, never the machine's local time.
 * Any other string is an invalid date, because the engine would read it in the machine's zone.
 */
export function parseShopDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const text = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(text);
  if (local?.[1]) {
    if (!isCalendarDate(local[1])) return new Date(Number.NaN);
    const at = londonTime(local[1], Number(local[2] ?? 0), Number(local[3] ?? 0));
    return new Date(at.getTime() + Number(local[4] ?? 0) * 1000);
  }
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
  return new Date(instant.test(text) ? text : Number.NaN);
}

interface PrettyDateOptions {
  /** SPEC §4 advance mode: also 'weeks ago' up to about 30 days and 'months ago' up to about 120. */
  advanced?: boolean;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * SPEC §4 pretty date: a future date shows the scheduled label ('Scheduled for 14:30 27/05/25');
 * up to 60 s 'just now'; then minutes ago below an hour, hours ago below a day, days ago below a
 * week; in advanced mode weeks ago below 30 days and months ago (30-day months) below 120 days;
 * anything older 'HH:MM dd/mm/yy' in London time. An unreadable date gives ''.
 */
export function prettyDate(
  date: Date | string | number,
  now: Date,
  options: PrettyDateOptions = {},
): string {
  assertValidDate(now, 'now');
  const when = parseShopDate(date);
  if (Number.isNaN(when.getTime())) return '';
  const seconds = Math.floor((now.getTime() - when.getTime()) / 1000);
  if (when.getTime() > now.getTime()) return t('date.scheduled', { date: formatDateTime(when) });
  if (seconds <= 60) return t('date.just_now');
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), 'date.minute_ago', 'date.minutes_ago');
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'date.hour_ago', 'date.hours_ago');
  const days = Math.floor(seconds / DAY);
  if (days < 7) return ago(days, 'date.day_ago', 'date.days_ago');
  if (options.advanced) {
    if (days < 30) return ago(Math.floor(days / 7), 'date.week_ago', 'date.weeks_ago');
    if (days < 120) return ago(Math.floor(days / 30), 'date.month_ago', 'date.months_ago');
  }
  return formatDateTime(when);
}

function ago(
  count: number,
  one: 'date.minute_ago' | 'date.hour_ago' | 'date.day_ago' | 'date.week_ago' | 'date.month_ago',
  many: 'date.minutes_ago' | 'date.hours_ago' | 'date.days_ago' | 'date.weeks_ago' | 'date.months_ago',
): string {
  return count === 1 ? t(one) : t(many, { count });
}

/** SPEC §5: the years of the make/model search, the current UTC year down to 1980. */
export function yearOptions(now: Date): number[] {
  assertValidDate(now, 'now');
  const years: number[] = [];
  for (let year = now.getUTCFullYear(); year >= FIRST_YEAR; year -= 1) years.push(year);
  return years;
}
