import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { agreedReading, NORTHERN_IRISH_CODES, plateInText, plateOf, type PlateFormat } from './number-plates';
import { partNumberInText, partNumberOfCode } from './part-number-reading';

describe('issue 31: each UK plate format is read as itself', () => {
  it.each<[string, string, string, PlateFormat]>([
    // current (2001 on)
    ['AB12 CDE', 'AB12CDE', 'AB12 CDE', 'current'],
    ['ab51abc', 'AB51ABC', 'AB51 ABC', 'current'],
    ['YX02 ZZZ', 'YX02ZZZ', 'YX02 ZZZ', 'current'],
    ['BD99 XYZ', 'BD99XYZ', 'BD99 XYZ', 'current'],
    // prefix (1983–2001)
    ['A123 BCD', 'A123BCD', 'A123 BCD', 'prefix'],
    ['M1 ABC', 'M1ABC', 'M1 ABC', 'prefix'],
    ['Y45 KLM', 'Y45KLM', 'Y45 KLM', 'prefix'],
    // suffix (1963–1983)
    ['ABC 123D', 'ABC123D', 'ABC 123D', 'suffix'],
    ['XYW 1A', 'XYW1A', 'XYW 1A', 'suffix'],
    ['KLM 45Y', 'KLM45Y', 'KLM 45Y', 'suffix'],
    // dateless (before 1963)
    ['A 1', 'A1', 'A 1', 'dateless'],
    ['ABC 1234', 'ABC1234', 'ABC 1234', 'dateless'],
    ['1234 AB', '1234AB', '1234 AB', 'dateless'],
    ['12 ABC', '12ABC', '12 ABC', 'dateless'],
    ['ABC 123', 'ABC123', 'ABC 123', 'dateless'],
    // Northern Irish
    ['ABZ 1234', 'ABZ1234', 'ABZ 1234', 'northern-irish'],
    ['AZ 12', 'AZ12', 'AZ 12', 'northern-irish'],
    ['CIA 999', 'CIA999', 'CIA 999', 'northern-irish'],
    ['OI 7', 'OI7', 'OI 7', 'northern-irish'],
  ])('%s → %s (%s)', (text, registration, display, format) => {
    expect(plateOf(text)).toEqual({ registration, display, format });
  });

  it('knows every Northern Irish code has an I or a Z', () => {
    for (const code of NORTHERN_IRISH_CODES) expect(code).toMatch(/[IZ]/);
  });
});

describe('issue 31: 0/O and 1/I are swapped by position where the format tells which is meant', () => {
  it.each<[string, string, string]>([
    // current: letters in 1–2 and 5–7, digits in 3–4
    ['AB1Z CDE', 'AB12CDE', 'no Z in the age: not read'],
    ['ABI2 CDE', 'AB12CDE', 'I in the age is 1'],
    ['ABO5 CDE', 'AB05CDE', 'O in the age is 0'],
    ['0B12 CDE', 'OB12CDE', '0 in the area letters is O'],
    ['AB12 C0E', 'AB12COE', '0 in the random letters is O'],
    // prefix: letter, digits, letters
    ['AI23 BCD', 'A123BCD', 'I among the digits is 1'],
    ['A1O BCD', 'A10BCD', 'O among the digits is 0'],
    ['A123 B0D', 'A123BOD', '0 among the letters is O'],
    // suffix
    ['ABC I23D', 'ABC123D', 'I among the digits is 1'],
    ['AB0 123D', 'ABO123D', '0 among the letters is O'],
    // dateless
    ['0XY 123', 'OXY123', '0 among the letters is O'],
    ['ABC I2O', 'ABC120', 'I and O among the digits'],
    // Northern Irish: the code's I may be read as 1
    ['A1A 1234', 'AIA1234', '1 in the NI code is I'],
    ['ABZ I2O4', 'ABZ1204', 'I and O among the digits'],
  ])('%s → %s (%s)', (text, registration, why) => {
    if (why.endsWith('not read')) {
      expect(plateOf(text)).toBeNull();
      return;
    }
    expect(plateOf(text)?.registration).toBe(registration);
  });
});

describe('issue 31: letters a format does not allow rule it out', () => {
  it.each<[string, string]>([
    ['IB12 CDE', 'I is no area letter of the current format'],
    ['QB12 CDE', 'Q is no area letter'],
    ['ZB12 CDE', 'Z is no area letter'],
    ['AB12 CQE', 'Q is no random letter'],
    ['AB00 CDE', 'age 00 was never issued'],
    ['AB50 CDE', 'age 50 was never issued'],
    ['AB01 CDE', 'age 01 was never issued'],
    ['Q123 BCD', 'Q is no prefix year letter'],
    ['U123 BCD', 'U is no prefix year letter'],
    ['A123 BCQ', 'Q among the letters of a prefix plate'],
    ['ABC 123U', 'U is no suffix year letter'],
    ['ABC 123Z', 'Z is no suffix year letter'],
    ['QBC 123', 'Q among the letters of a dateless plate'],
    ['ABC 0123', 'a number never starts with 0'],
    ['ABC 12345', 'at most four digits'],
    ['ABCD 123', 'at most three letters'],
    ['AB12CDEF', 'eight characters is no plate'],
    ['A', 'one character is no plate'],
    ['', 'nothing read'],
    ['ABCDE', 'letters alone'],
    ['12345', 'digits alone'],
  ])('%s is not read (%s)', (text) => {
    expect(plateOf(text)).toBeNull();
  });

  it('reads a Q on a current plate where a 0 would be wrong neither way', () => {
    expect(plateOf('AB12 QDE')).toBeNull();
  });
});

describe('issue 31: the plate in a line of recognised text', () => {
  it.each<[string, string | null]>([
    ['AB12 CDE', 'AB12CDE'],
    ['GB AB12 CDE', 'AB12CDE'],
    ['AB12 CDE |', 'AB12CDE'],
    ['UK A123 BCD', 'A123BCD'],
    ['ABC 123D', 'ABC123D'],
    ['  ', null],
    ['HELLO WORLD', null],
    ['AB12 CDE I', 'AB12CDE'],
    ['DA1 PXY', null],
    ['AB12 CDE XY', null],
  ])('%s → %s', (text, registration) => {
    expect(plateInText(text)?.registration ?? null).toBe(registration);
  });

  it('prefers the whole plate to a part of it that is also a registration', () => {
    // 'AB12' alone is a valid dateless registration; the line holds the longer current one.
    expect(plateInText('AB12 CDE')?.format).toBe('current');
  });

  it('whatever it reads is a registration the rules read back to itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9 ]{0,12}$/), (text) => {
        const reading = plateInText(text);
        if (reading) expect(plateOf(reading.registration)).toEqual(reading);
      }),
    );
  });
});

describe('issue 31: a reading is taken when consecutive frames agree', () => {
  const a = { registration: 'AB12CDE' };
  const b = { registration: 'AB12CDF' };
  it.each<[string, (typeof a | null)[], number, typeof a | null]>([
    ['one frame is not enough', [a], 2, null],
    ['two agreeing frames', [a, a], 2, a],
    ['the last two disagree', [a, b], 2, null],
    ['an empty frame between', [a, null, a], 2, null],
    ['the latest two agree after a miss', [b, a, a], 2, a],
    ['three needed, two given', [b, a, a], 3, null],
    ['three agree', [a, a, a], 3, a],
    ['nothing read', [null, null], 2, null],
  ])('%s', (_why, recent, needed, expected) => {
    expect(agreedReading(recent, needed)).toBe(expected);
  });
});

describe('issue 31: the part number on a label, by the part-number rules', () => {
  it.each<[string, string | null]>([
    ['1K0615301', '1K0615301'],
    ['1k0-615-301', '1K0615301'],
    ['AV6N 10300 GC', 'AV6N10300GC'],
    ['P/N: 8V21-2B384-AC', '8V212B384AC'],
    ['PART NO. 04E 115 561H', '04E115561H'],
    ['OEM 5Q0.129.620.B', '5Q0129620B'],
    ['ab', null],
    ['https://example.com/x?y', null],
    ['A'.repeat(41), null],
  ])('code %s → %s', (value, expected) => {
    expect(partNumberOfCode(value)).toBe(expected);
  });

  it('takes the longest line with a digit from printed text', () => {
    expect(partNumberInText('BOSCH\nP/N 0 986 494 123\nMADE IN GERMANY')).toBe('0986494123');
    expect(partNumberInText('VALEO\nFRANCE')).toBeNull();
    expect(partNumberInText('')).toBeNull();
  });
});
