import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FIRST_YEAR,
  addDays,
  formatDateTime,
  isCalendarDate,
  londonDate,
  formatLongDate,
  londonParts,
  londonTime,
  parseShopDate,
  prettyDate,
  weekdayOf,
  yearOptions,
} from './dates';

const now = new Date('2025-06-02T12:00:00Z'); // 13:00 BST, Monday
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const DAY = 86_400;

describe('SPEC §4 pretty date', () => {
  it("future dates show the scheduled label with the London date and time", () => {
    expect(prettyDate(new Date('2025-06-02T13:00:00Z'), now)).toBe('Scheduled for 14:00 02/06/25');
    expect(prettyDate(secondsAgo(-1), now)).toMatch(/^Scheduled for /);
  });

  it("up to 60 seconds is 'just now'", () => {
    expect(prettyDate(now, now)).toBe('just now');
    expect(prettyDate(secondsAgo(60), now)).toBe('just now');
  });

  it('minutes ago below one hour', () => {
    expect(prettyDate(secondsAgo(61), now)).toBe('1 minute ago');
    expect(prettyDate(secondsAgo(120), now)).toBe('2 minutes ago');
    expect(prettyDate(secondsAgo(3599), now)).toBe('59 minutes ago');
  });

  it('hours ago below one day', () => {
    expect(prettyDate(secondsAgo(3600), now)).toBe('1 hour ago');
    expect(prettyDate(secondsAgo(DAY - 1), now)).toBe('23 hours ago');
  });

  it('days ago below one week', () => {
    expect(prettyDate(secondsAgo(DAY), now)).toBe('1 day ago');
    expect(prettyDate(secondsAgo(7 * DAY - 1), now)).toBe('6 days ago');
  });

  it("a week or older is 'HH:MM dd/mm/yy' in London time without advanced mode", () => {
    expect(prettyDate(secondsAgo(7 * DAY), now)).toBe('13:00 26/05/25');
    expect(prettyDate(new Date('2025-01-05T09:05:00Z'), now)).toBe('09:05 05/01/25');
  });

  it('advanced mode: weeks ago up to 30 days, months ago up to 120 days', () => {
    const advanced = { advanced: true };
    expect(prettyDate(secondsAgo(6 * DAY), now, advanced)).toBe('6 days ago');
    expect(prettyDate(secondsAgo(7 * DAY), now, advanced)).toBe('1 week ago');
    expect(prettyDate(secondsAgo(29 * DAY), now, advanced)).toBe('4 weeks ago');
    expect(prettyDate(secondsAgo(30 * DAY), now, advanced)).toBe('1 month ago');
    expect(prettyDate(secondsAgo(119 * DAY), now, advanced)).toBe('3 months ago');
    expect(prettyDate(secondsAgo(120 * DAY), now, advanced)).toBe(formatDateTime(secondsAgo(120 * DAY)));
    expect(prettyDate(secondsAgo(120 * DAY), now, advanced)).toMatch(/^\d{2}:\d{2} \d{2}\/\d{2}\/\d{2}$/);
  });

  it('reads an API date-time without an offset as London time, not the machine’s', () => {
    // 13:00 London on 26 May 2025 is 12:00 UTC, exactly a week before `now`.
    expect(prettyDate('2025-05-26 13:00:00', now)).toBe('13:00 26/05/25');
    expect(prettyDate('2025-06-02T12:30:00', now)).toBe('30 minutes ago');
    expect(prettyDate('2025-06-02T11:30:00Z', now)).toBe('30 minutes ago');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(prettyDate('not a date', now)).toBe('');
  });
});

describe('SPEC §5 year options: the current UTC year down to 1980', () => {
  it('starts at the UTC year even when New York is still in the old year', () => {
    const years = yearOptions(new Date('2026-01-01T02:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(FIRST_YEAR);
    expect(years).toHaveLength(2026 - 1980 + 1);
  });

  it('property: descending by one, from the UTC year to 1980', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (when) => {
        const years = yearOptions(when);
        expect(years[0]).toBe(when.getUTCFullYear());
        expect(years.at(-1)).toBe(1980);
        years.forEach((year, i) => {
          if (i > 0) expect(year).toBe((years[i - 1] ?? 0) - 1);
        });
      }),
      { numRuns: 50 },
    );
  });
});

describe('SPEC §1 dates use Europe/London time', () => {
  it('reads the London wall clock in summer and winter', () => {
    expect(londonParts(new Date('2025-06-02T23:30:00Z'))).toEqual({
      year: 2025, month: 6, day: 3, hour: 0, minute: 30, second: 0, weekday: 2,
    });
    expect(londonDate(new Date('2025-01-13T23:30:00Z'))).toBe('2025-01-13');
  });

  /** The reference: London's clock as the platform's time-zone database reads it. */
  const reference = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short',
  });
  const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  function referenceParts(instant: Date) {
    const read = Object.fromEntries(reference.formatToParts(instant).map((part) => [part.type, part.value]));
    return {
      year: Number(read.year), month: Number(read.month), day: Number(read.day), hour: Number(read.hour),
      minute: Number(read.minute), second: Number(read.second), weekday: WEEKDAYS.indexOf(read.weekday ?? ''),
    };
  }

  it('reads the clock as the time-zone database does on each side of every clock change, 1996–2100', () => {
    for (let year = 1996; year <= 2100; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (const at of [change - 3_600_001, change - 1, change, change + 1, change + 3_600_000]) {
          expect(londonParts(new Date(at)), new Date(at).toISOString()).toEqual(referenceParts(new Date(at)));
        }
      }
    }
  });

  it('property: reads the clock as the time-zone database does at any instant, 1970–2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 11, 31) }), (epochMs) => {
        expect(londonParts(new Date(epochMs))).toEqual(referenceParts(new Date(epochMs)));
      }),
      { numRuns: 2000 },
    );
    // British Standard Time (1968–71): GMT+1 the whole year, which only the database knows.
    expect(londonParts(new Date('1970-01-15T12:00:00Z')).hour).toBe(13);
  });

  it('property: writes a long date as en-GB does (3 June 2025), on London\'s calendar', () => {
    const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
    expect(formatLongDate(new Date('2025-06-02T23:30:00Z'))).toBe('3 June 2025');
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2100, 11, 31) }), (epochMs) => {
        expect(formatLongDate(new Date(epochMs))).toBe(long.format(new Date(epochMs)));
      }),
    );
  });

  it('finds the instant of a London wall time around the clock changes', () => {
    expect(londonTime('2026-03-29', 0).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonTime('2026-03-29', 15).toISOString()).toBe('2026-03-29T14:00:00.000Z');
    expect(londonTime('2026-10-25', 0).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonTime('2026-10-25', 15).toISOString()).toBe('2026-10-25T15:00:00.000Z');
    expect(londonTime('2026-10-25', 23, 59).toISOString()).toBe('2026-10-25T23:59:00.000Z');
  });

  it('reads the repeated October hour as GMT and the skipped March hour with the summer offset', () => {
    expect(londonTime('2026-10-25', 1, 30).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(londonTime('2026-03-29', 1, 30).toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });

  it('property: londonTime and londonParts agree outside the skipped hour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 2, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (offset, hour, minute) => {
          const day = addDays('2024-01-01', offset);
          const parts = londonParts(londonTime(day, hour, minute));
          expect(londonDate(londonTime(day, hour, minute))).toBe(day);
          expect([parts.hour, parts.minute]).toEqual([hour, minute]);
          expect(parts.weekday).toBe(weekdayOf(day));
        },
      ),
    );
  });

  it('adds calendar days across months, years, leap days and clock changes', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isCalendarDate('2025-05-27')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('27-05-2025')).toBe(false);
    expect(isCalendarDate('2025-5-27')).toBe(false);
  });

  it('parses API dates: instants with an offset as they are, others as London time', () => {
    expect(parseShopDate('2025-06-02T12:00:00Z').toISOString()).toBe('2025-06-02T12:00:00.000Z');
    expect(parseShopDate('2025-06-02T13:00:00+01:00').toISOString()).toBe('2025-06-02T12:00:00.000Z');
    expect(parseShopDate('2025-06-02 13:00:15').toISOString()).toBe('2025-06-02T12:00:15.000Z');
    expect(parseShopDate('2025-01-13').toISOString()).toBe('2025-01-13T00:00:00.000Z');
    expect(parseShopDate(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('refuses date strings the engine would read in the machine’s time zone', () => {
    expect(Number.isNaN(parseShopDate('May 27, 2025 10:00').getTime())).toBe(true);
    expect(Number.isNaN(parseShopDate('2025-02-30 10:00').getTime())).toBe(true);
  });
});
