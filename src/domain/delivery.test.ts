// The unit project runs with TZ=America/New_York, so every expectation below also proves that the
// rules read London's clock and not the machine's.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, londonDate, londonParts, weekdayOf } from './dates';
import {
  CUTOFF_HOUR,
  DEFAULT_HOLIDAYS,
  countdown,
  estimateDeliveryDate,
  formatDeliveryDate,
  isWorkingDay,
  nextCutoff,
  ordinal,
} from './delivery';

const at = (iso: string) => new Date(iso);

interface WeekCase {
  day: string;
  /** London's UTC offset that week, e.g. '+01:00'. */
  offset: string;
  before: string;
  after: string;
}

// Expected dates of SPEC §9: Mon–Thu before 15:00 +1; Mon–Wed after +2; Thu after +4; Fri before
// +3; Fri after +4; Sat +3; Sun +2.
const summerWeek: WeekCase[] = [
  { day: '2025-06-02', offset: '+01:00', before: '2025-06-03', after: '2025-06-04' }, // Monday
  { day: '2025-06-03', offset: '+01:00', before: '2025-06-04', after: '2025-06-05' }, // Tuesday
  { day: '2025-06-04', offset: '+01:00', before: '2025-06-05', after: '2025-06-06' }, // Wednesday
  { day: '2025-06-05', offset: '+01:00', before: '2025-06-06', after: '2025-06-09' }, // Thursday
  { day: '2025-06-06', offset: '+01:00', before: '2025-06-09', after: '2025-06-10' }, // Friday
  { day: '2025-06-07', offset: '+01:00', before: '2025-06-10', after: '2025-06-10' }, // Saturday
  { day: '2025-06-08', offset: '+01:00', before: '2025-06-10', after: '2025-06-10' }, // Sunday
];
const winterWeek: WeekCase[] = [
  { day: '2025-01-13', offset: 'Z', before: '2025-01-14', after: '2025-01-15' }, // Monday
  { day: '2025-01-14', offset: 'Z', before: '2025-01-15', after: '2025-01-16' }, // Tuesday
  { day: '2025-01-15', offset: 'Z', before: '2025-01-16', after: '2025-01-17' }, // Wednesday
  { day: '2025-01-16', offset: 'Z', before: '2025-01-17', after: '2025-01-20' }, // Thursday
  { day: '2025-01-17', offset: 'Z', before: '2025-01-20', after: '2025-01-21' }, // Friday
  { day: '2025-01-18', offset: 'Z', before: '2025-01-21', after: '2025-01-21' }, // Saturday
  { day: '2025-01-19', offset: 'Z', before: '2025-01-21', after: '2025-01-21' }, // Sunday
];

describe('SPEC §9 estimated delivery for every weekday before and after the 15:00 London cutoff', () => {
  for (const [season, week] of [
    ['British Summer Time', summerWeek],
    ['Greenwich Mean Time', winterWeek],
  ] as const) {
    describe(season, () => {
      it.each(week)('$day before 15:00 → $before, from 15:00 → $after', ({ day, offset, before, after }) => {
        expect(estimateDeliveryDate(at(`${day}T00:00:00${offset}`))).toBe(before);
        expect(estimateDeliveryDate(at(`${day}T14:59:59.999${offset}`))).toBe(before);
        expect(estimateDeliveryDate(at(`${day}T15:00:00${offset}`))).toBe(after);
        expect(estimateDeliveryDate(at(`${day}T23:59:59${offset}`))).toBe(after);
      });
    });
  }

  it('uses London time, not UTC: 14:30 UTC in summer is already 15:30 in London', () => {
    expect(estimateDeliveryDate(at('2025-06-02T14:30:00Z'))).toBe('2025-06-04');
    expect(estimateDeliveryDate(at('2025-01-13T14:30:00Z'))).toBe('2025-01-14');
  });

  it('uses London time, not New York time: 15:30 on Thursday in London is 10:30 there', () => {
    expect(estimateDeliveryDate(at('2025-06-05T15:30:00+01:00'))).toBe('2025-06-09');
  });
});

describe('SPEC §9 estimated delivery on the days the clocks change', () => {
  it('last Sunday of March 2026 (clocks forward): every Sunday hour gives Tuesday 31 March', () => {
    expect(estimateDeliveryDate(at('2026-03-29T00:30:00Z'))).toBe('2026-03-31'); // 00:30 GMT
    expect(estimateDeliveryDate(at('2026-03-29T01:30:00Z'))).toBe('2026-03-31'); // 02:30 BST
    expect(estimateDeliveryDate(at('2026-03-29T14:30:00Z'))).toBe('2026-03-31'); // 15:30 BST
    expect(estimateDeliveryDate(at('2026-03-29T22:59:59Z'))).toBe('2026-03-31'); // 23:59 BST
  });

  it('March 2026: 23:30 UTC on Sunday is already Monday 00:30 in London', () => {
    expect(estimateDeliveryDate(at('2026-03-29T23:30:00Z'))).toBe('2026-03-31');
    expect(londonDate(at('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
  });

  it('March 2026: the Monday after the change cuts off at 15:00 BST (14:00 UTC)', () => {
    expect(estimateDeliveryDate(at('2026-03-30T13:59:59Z'))).toBe('2026-03-31');
    expect(estimateDeliveryDate(at('2026-03-30T14:00:00Z'))).toBe('2026-04-01');
  });

  it('March 2026: the Friday and Saturday before the change are still on GMT', () => {
    expect(estimateDeliveryDate(at('2026-03-27T14:59:59Z'))).toBe('2026-03-30');
    expect(estimateDeliveryDate(at('2026-03-27T15:00:00Z'))).toBe('2026-03-31');
    expect(estimateDeliveryDate(at('2026-03-28T23:59:59Z'))).toBe('2026-03-31');
  });

  it('last Sunday of October 2026 (clocks back): both 01:30s and the whole Sunday give Tuesday 27 October', () => {
    expect(estimateDeliveryDate(at('2026-10-24T23:30:00Z'))).toBe('2026-10-27'); // 00:30 BST Sunday
    expect(estimateDeliveryDate(at('2026-10-25T00:30:00Z'))).toBe('2026-10-27'); // 01:30 BST
    expect(estimateDeliveryDate(at('2026-10-25T01:30:00Z'))).toBe('2026-10-27'); // 01:30 GMT
    expect(estimateDeliveryDate(at('2026-10-25T23:59:59Z'))).toBe('2026-10-27'); // 23:59 GMT
  });

  it('October 2026: 23:30 UTC on Saturday is already Sunday in London', () => {
    expect(londonDate(at('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
  });

  it('October 2026: the Friday before cuts off at 15:00 BST, the Monday after at 15:00 GMT', () => {
    expect(estimateDeliveryDate(at('2026-10-23T13:59:59Z'))).toBe('2026-10-26');
    expect(estimateDeliveryDate(at('2026-10-23T14:00:00Z'))).toBe('2026-10-27');
    expect(estimateDeliveryDate(at('2026-10-26T14:30:00Z'))).toBe('2026-10-27');
    expect(estimateDeliveryDate(at('2026-10-26T15:00:00Z'))).toBe('2026-10-28');
  });
});

describe('SPEC §9 estimated delivery moves past holidays (2025 and 2026)', () => {
  it.each([
    ['Fri before spring bank holiday 2025', '2025-05-23T12:00:00+01:00', '2025-05-27'],
    ['Sat before spring bank holiday 2025', '2025-05-24T12:00:00+01:00', '2025-05-27'],
    ['Thu after cutoff lands on the bank holiday', '2025-05-22T16:00:00+01:00', '2025-05-27'],
    ['the bank holiday itself', '2025-05-26T10:00:00+01:00', '2025-05-27'],
    ['Fri before summer bank holiday 2025', '2025-08-22T09:00:00+01:00', '2025-08-26'],
    ['Tue 23 Dec after the cutoff: Christmas, Boxing Day, weekend', '2025-12-23T15:00:00Z', '2025-12-29'],
    ['Christmas Eve before the cutoff', '2025-12-24T10:00:00Z', '2025-12-29'],
    ['New Year’s Eve 2025', '2025-12-31T10:00:00Z', '2026-01-02'],
    ['Thu before Good Friday 2026', '2026-04-02T10:00:00+01:00', '2026-04-07'],
    ['Thu after cutoff before Easter 2026 lands on Easter Monday', '2026-04-02T16:00:00+01:00', '2026-04-07'],
    ['Fri before the early May bank holiday 2026', '2026-05-01T10:00:00+01:00', '2026-05-05'],
    ['Fri before the spring bank holiday 2026', '2026-05-22T10:00:00+01:00', '2026-05-26'],
    ['Fri before the summer bank holiday 2026', '2026-08-28T10:00:00+01:00', '2026-09-01'],
    ['Christmas Eve 2026 (Boxing Day substitute on Monday 28th)', '2026-12-24T10:00:00Z', '2026-12-29'],
    ['Thu before Good Friday 2027', '2027-03-25T10:00:00Z', '2027-03-30'],
  ])('%s', (_name, now, expected) => {
    expect(estimateDeliveryDate(at(now))).toBe(expected);
  });

  it('takes the holiday list from configuration', () => {
    expect(estimateDeliveryDate(at('2025-05-23T12:00:00+01:00'), [])).toBe('2025-05-26');
    expect(estimateDeliveryDate(at('2025-06-02T10:00:00+01:00'), ['2025-06-03'])).toBe('2025-06-04');
  });

  it('rejects a holiday that is not a YYYY-MM-DD date', () => {
    expect(() => estimateDeliveryDate(at('2025-06-02T10:00:00Z'), ['03/06/2025'])).toThrow(RangeError);
  });

  it('lists the spec’s five dates and the England and Wales bank holidays of 2026 and 2027', () => {
    for (const date of ['2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26', '2026-01-01']) {
      expect(DEFAULT_HOLIDAYS).toContain(date);
    }
    expect(DEFAULT_HOLIDAYS.filter((d) => d.startsWith('2026'))).toEqual([
      '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28',
    ]);
    expect(DEFAULT_HOLIDAYS.filter((d) => d.startsWith('2027'))).toEqual([
      '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28',
    ]);
    for (const date of DEFAULT_HOLIDAYS) expect(isWorkingDay(date, [])).toBe(true); // all fall on weekdays
  });

  it('rejects an invalid date', () => {
    expect(() => estimateDeliveryDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

const anyMoment = fc.date({
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2027-12-20T00:00:00Z'),
  noInvalidDate: true,
});

describe('SPEC §9 estimated delivery properties', () => {
  it('property: the delivery date is after today and never a Saturday, Sunday or holiday', () => {
    fc.assert(
      fc.property(anyMoment, (now) => {
        const delivery = estimateDeliveryDate(now);
        const today = londonDate(now);
        expect(delivery > today).toBe(true);
        expect(delivery <= addDays(today, 10)).toBe(true);
        expect([0, 6]).not.toContain(weekdayOf(delivery));
        expect(DEFAULT_HOLIDAYS).not.toContain(delivery);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a configured holiday is never the delivery date', () => {
    const someDate = fc
      .integer({ min: 0, max: 60 })
      .map((offset) => addDays('2025-06-01', offset));
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-06-01T00:00:00Z'), max: new Date('2025-07-01T00:00:00Z'), noInvalidDate: true }),
        fc.uniqueArray(someDate, { maxLength: 20 }),
        (now, holidays) => {
          const delivery = estimateDeliveryDate(now, holidays);
          expect(holidays).not.toContain(delivery);
          expect(delivery > londonDate(now)).toBe(true);
          expect([0, 6]).not.toContain(weekdayOf(delivery));
        },
      ),
    );
  });

  it('property: ordering later never gives an earlier delivery date', () => {
    fc.assert(
      fc.property(anyMoment, fc.integer({ min: 0, max: 10 * 86_400_000 }), (now, later) => {
        const then = new Date(now.getTime() + later);
        expect(estimateDeliveryDate(then) >= estimateDeliveryDate(now)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('SPEC §9 next cutoff: the next 15:00 London time on a dispatch day', () => {
  it.each([
    ['Monday morning, summer', '2025-06-02T10:00:00+01:00', '2025-06-02T14:00:00.000Z'],
    ['Monday morning, winter', '2025-01-13T10:00:00Z', '2025-01-13T15:00:00.000Z'],
    ['exactly 15:00 moves on to the next day', '2025-06-02T15:00:00+01:00', '2025-06-03T14:00:00.000Z'],
    ['Friday after the cutoff → Monday', '2025-06-06T16:00:00+01:00', '2025-06-09T14:00:00.000Z'],
    ['Saturday → Monday', '2025-06-07T09:00:00+01:00', '2025-06-09T14:00:00.000Z'],
    ['a bank holiday Monday → Tuesday', '2025-05-26T09:00:00+01:00', '2025-05-27T14:00:00.000Z'],
    ['Christmas Eve 2025 after the cutoff → Monday 29th', '2025-12-24T16:00:00Z', '2025-12-29T15:00:00.000Z'],
    ['Saturday before the clocks go forward → Monday 15:00 BST', '2026-03-28T12:00:00Z', '2026-03-30T14:00:00.000Z'],
    ['Friday before the clocks go back → Monday 15:00 GMT', '2026-10-23T14:00:00Z', '2026-10-26T15:00:00.000Z'],
  ])('%s', (_name, now, expected) => {
    expect(nextCutoff(at(now)).toISOString()).toBe(expected);
  });

  it('property: after now, at 15:00:00 London on a working day, with no working day skipped', () => {
    fc.assert(
      fc.property(anyMoment, (now) => {
        const cutoff = nextCutoff(now);
        expect(cutoff.getTime()).toBeGreaterThan(now.getTime());
        const clock = londonParts(cutoff);
        expect([clock.hour, clock.minute, clock.second]).toEqual([CUTOFF_HOUR, 0, 0]);
        const cutoffDay = londonDate(cutoff);
        expect(isWorkingDay(cutoffDay)).toBe(true);
        const today = londonDate(now);
        for (let day = addDays(today, 1); day < cutoffDay; day = addDays(day, 1)) {
          expect(isWorkingDay(day)).toBe(false);
        }
        if (cutoffDay !== today && isWorkingDay(today)) expect(londonParts(now).hour).toBeGreaterThanOrEqual(15);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('SPEC §9 countdown to the next 15:00: days (modulo 100), hours, minutes, seconds', () => {
  it('counts down within the day', () => {
    expect(countdown(at('2025-06-02T12:30:15Z'))).toEqual({ days: 0, hours: 1, minutes: 29, seconds: 45 });
  });

  it('counts whole days across Christmas', () => {
    expect(countdown(at('2025-12-24T15:00:00Z'))).toEqual({ days: 5, hours: 0, minutes: 0, seconds: 0 });
  });

  it('counts real time across the spring clock change (one hour shorter)', () => {
    expect(countdown(at('2026-03-28T12:00:00Z'))).toEqual({ days: 2, hours: 2, minutes: 0, seconds: 0 });
  });

  it('shows days modulo 100', () => {
    const closed: string[] = [];
    for (let day = '2025-06-02'; day <= '2025-09-30'; day = addDays(day, 1)) closed.push(day);
    // Next cutoff: Wednesday 1 October 2025, 14:00 UTC, 121 days and 2 hours away.
    expect(nextCutoff(at('2025-06-02T12:00:00Z'), closed).toISOString()).toBe('2025-10-01T14:00:00.000Z');
    expect(countdown(at('2025-06-02T12:00:00Z'), closed)).toEqual({ days: 21, hours: 2, minutes: 0, seconds: 0 });
  });

  it('property: every unit in range and the parts add up to the time left', () => {
    fc.assert(
      fc.property(anyMoment, (now) => {
        const left = countdown(now);
        expect(left.hours).toBeLessThan(24);
        expect(left.minutes).toBeLessThan(60);
        expect(left.seconds).toBeLessThan(60);
        expect(left.days).toBeLessThan(100);
        const total = left.days * 86_400 + left.hours * 3600 + left.minutes * 60 + left.seconds;
        expect(total).toBe(Math.floor((nextCutoff(now).getTime() - now.getTime()) / 1000));
      }),
    );
  });
});

describe('SPEC §9 delivery date in ordinal English with the month name', () => {
  it('formats dates', () => {
    expect(formatDeliveryDate('2025-05-27')).toBe('Tuesday 27th May');
    expect(formatDeliveryDate('2026-01-01')).toBe('Thursday 1st January');
    expect(formatDeliveryDate('2025-12-22')).toBe('Monday 22nd December');
    expect(formatDeliveryDate('2025-10-03')).toBe('Friday 3rd October');
    expect(formatDeliveryDate('2025-08-31')).toBe('Sunday 31st August');
  });

  it('uses th for 11th, 12th and 13th', () => {
    expect(ordinal(11)).toBe('11th');
    expect(ordinal(12)).toBe('12th');
    expect(ordinal(13)).toBe('13th');
    expect(ordinal(21)).toBe('21st');
    expect(ordinal(22)).toBe('22nd');
    expect(ordinal(23)).toBe('23rd');
    expect(ordinal(4)).toBe('4th');
    expect(ordinal(111)).toBe('111th');
  });

  it('rejects anything that is not a YYYY-MM-DD date', () => {
    expect(() => formatDeliveryDate('27/05/2025')).toThrow(RangeError);
    expect(() => formatDeliveryDate('2025-02-30')).toThrow(RangeError);
  });
});
