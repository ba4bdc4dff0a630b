import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { messages, t } from './messages';
import { moreMessages } from './messages-more';
import {
  PASSWORD_RULE_TEXT,
  cleanPartNumber,
  partNumberKey,
  cleanVrn,
  isEmail,
  isPhone,
  isUkPostcode,
  isValidOtherAnswer,
  isValidPartNumber,
  isValidVatNumber,
  isWholeNumber,
  normalisePostcode,
  passwordConfirmationProblem,
  passwordProblems,
  postcodeKey,
  postcodesMatch,
  vatNumberProblem,
} from './validation';
import { passwordSchema, phoneSchema, ukPostcodeSchema, vatNumberSchema } from './validation-schemas';

const anyText = fc.string({ unit: 'binary', maxLength: 40 });

describe('SPEC §4, §5, §9 registration number: whitespace removed, upper-cased, max 10', () => {
  it('cleans typed registrations', () => {
    expect(cleanVrn(' ab12 cde ')).toBe('AB12CDE');
    expect(cleanVrn('a b\tc\nd')).toBe('ABCD');
    expect(cleanVrn('abcdefghijklmnop')).toBe('ABCDEFGHIJ');
    expect(cleanVrn('   ')).toBe('');
  });

  it('property: idempotent, at most 10 characters, no whitespace, upper case', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const once = cleanVrn(s);
        expect(cleanVrn(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(10);
        expect(once).not.toMatch(/\s/);
        expect(once).toBe(once.toUpperCase());
      }),
    );
  });
});

describe('SPEC §5 part number: trimmed, upper-cased, at least 3 characters', () => {
  it('cleans and checks part numbers', () => {
    expect(cleanPartNumber('  abc-123 ')).toBe('ABC-123');
    expect(isValidPartNumber('ab')).toBe(false);
    expect(isValidPartNumber(' ab ')).toBe(false);
    expect(isValidPartNumber('abc')).toBe(true);
    expect(isValidPartNumber('1K0 615 301')).toBe(true);
  });

  it('property: cleanPartNumber is idempotent', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const once = cleanPartNumber(s);
        expect(cleanPartNumber(once)).toBe(once);
        expect(once).toBe(once.trim());
      }),
    );
  });
});

describe('SPEC §7 part-number search key: case, spaces, dashes, dots, slashes and underscores ignored', () => {
  it('gives one key for every way a number is written', () => {
    expect(partNumberKey('bv61-10300-ac')).toBe('BV6110300AC');
    expect(partNumberKey('12 31 7 612 956')).toBe('12317612956');
    expect(partNumberKey('A 000 906 35 24')).toBe('A0009063524');
    expect(partNumberKey('5705.EQ')).toBe('5705EQ');
    expect(partNumberKey(' 31100-rsr/e01 ')).toBe('31100RSRE01');
    expect(partNumberKey('N/A_12\\3')).toBe('NA123');
  });

  it('property: partNumberKey is idempotent', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const once = partNumberKey(s);
        expect(partNumberKey(once)).toBe(once);
      }),
    );
  });
});

describe('SPEC §5 postcode: upper case, max 15, UK pattern', () => {
  it('normalises as typed, keeping the space being typed', () => {
    expect(normalisePostcode('sw1a ')).toBe('SW1A ');
    expect(normalisePostcode('sw1a 1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode('abcdefghijklmnopqrst')).toBe('ABCDEFGHIJKLMNO');
  });

  it('property: normalisePostcode is idempotent and at most 15 characters', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const once = normalisePostcode(s);
        expect(normalisePostcode(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(15);
      }),
    );
  });

  it('property: postcodeKey is idempotent', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(postcodeKey(postcodeKey(s))).toBe(postcodeKey(s));
      }),
    );
  });

  it.each(['SW1A 1AA', 'sw1a 1aa', 'SW1A1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EC1A 1BB', ' LS1 4AP '])(
    'accepts the UK postcode %s',
    (postcode) => {
      expect(isUkPostcode(postcode)).toBe(true);
    },
  );

  it.each(['', 'SW1A', '1AA', 'SW1A  1AA', 'SW1A-1AA', 'ABC1 1AA', 'SW123 1AA', 'SW1A 1A', 'SW1A 11A', '00-950'])(
    'rejects %j',
    (postcode) => {
      expect(isUkPostcode(postcode)).toBe(false);
    },
  );

  it('property: case never changes the answer', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{1,2}[0-9]{1,2}[A-Za-z]? ?[0-9][A-Za-z]{2}$/), (postcode) => {
        expect(isUkPostcode(postcode)).toBe(true);
        expect(isUkPostcode(postcode.toLowerCase())).toBe(true);
      }),
    );
  });

  it('matches postcodes with spaces and case ignored (SPEC §5 addresses)', () => {
    expect(postcodesMatch('sw1a1aa', 'SW1A 1AA')).toBe(true);
    expect(postcodesMatch('SW1A 1AA', 'SW1A 1AB')).toBe(false);
  });

  it('has a zod schema that normalises and validates', () => {
    expect(ukPostcodeSchema.parse(' sw1a 1aa ')).toBe('SW1A 1AA');
    const failed = ukPostcodeSchema.safeParse('nowhere');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe(t('validation.postcode'));
  });
});

describe('SPEC §5 VAT number: the Polish NIP checksum (weights 6,5,7,2,3,4,5,6,7, mod 11)', () => {
  it.each([
    ['5260250274', 'Ministry of Finance'],
    ['526-025-02-74', 'Ministry of Finance, hyphenated'],
    ['7740001454', 'PKN Orlen'],
    ['774-000-14-54', 'PKN Orlen, hyphenated'],
    ['5252674798', 'published NIP'],
    ['5260251049', 'published NIP'],
    ['5260250995', 'published NIP'],
    ['1234563218', 'the NIP used in test data'],
  ])('accepts %s (%s)', (nip) => {
    expect(isValidVatNumber(nip)).toBe(true);
  });

  it.each([
    ['5260250275', 'last digit changed'],
    ['7740001455', 'last digit changed'],
    ['5250001009', 'checksum gives 3, not 9'],
    ['526025027', '9 digits'],
    ['52602502741', '11 digits'],
    ['52602502A4', 'a letter'],
    ['PL5260250274', 'country prefix'],
    ['526 025 02 74', 'spaces are not hyphens'],
    ['1000000160', 'sum modulo 11 is 10, which no digit can match'],
    ['', 'empty'],
  ])('rejects %j (%s)', (nip) => {
    expect(isValidVatNumber(nip)).toBe(false);
  });

  it('property: for any nine digits, exactly one last digit is valid unless the sum modulo 11 is 10', () => {
    const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), (digits) => {
        const valid = Array.from({ length: 10 }, (_, last) => last).filter((last) =>
          isValidVatNumber(`${digits.join('')}${last}`),
        );
        const remainder = digits.reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0) % 11;
        expect(valid).toEqual(remainder === 10 ? [] : [remainder]);
      }),
    );
  });

  it('gives validation.empty for an empty number and validation.error for an invalid one', () => {
    expect(vatNumberProblem('  ')).toBe('validation.empty');
    expect(vatNumberProblem('123')).toBe('validation.error');
    expect(vatNumberProblem('526-025-02-74')).toBeNull();
    expect(vatNumberSchema.safeParse('').error?.issues[0]?.message).toBe(t('validation.empty'));
    expect(vatNumberSchema.safeParse('5260250274').success).toBe(true);
  });
});

describe('SPEC §5 phone: digits, spaces, plus and minus only', () => {
  it.each(['+44 20 7946 0958', '020-7946-0958', '07700900123'])('accepts %s', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });

  it.each(['', '+', ' - ', '0770 090 0123 ext 4', '(020) 7946 0958', '0770.090'])('rejects %j', (phone) => {
    expect(isPhone(phone)).toBe(false);
  });

  it('has a zod schema with the phone message', () => {
    expect(phoneSchema.safeParse('abc').error?.issues[0]?.message).toBe(t('validation.phone'));
    expect(phoneSchema.parse(' 0770 ')).toBe('0770');
  });
});

describe('SPEC §5 other checks', () => {
  it('integer-only numeric check', () => {
    expect(isWholeNumber('42')).toBe(true);
    expect(isWholeNumber('4.2')).toBe(false);
    expect(isWholeNumber('-4')).toBe(false);
    expect(isWholeNumber('')).toBe(false);
  });

  it('email addresses', () => {
    expect(isEmail('jane.doe@example.co.uk')).toBe(true);
    expect(isEmail(' jane@example.com ')).toBe(true);
    expect(isEmail('jane@')).toBe(false);
    expect(isEmail('jane example.com')).toBe(false);
  });

  it("email addresses: the forms' rule is the API's (zod's email)", () => {
    const email = z.email();
    const samples = ['a@b.co', 'a.b@c.de', '.a@b.co', 'a..b@c.de', 'a.@b.co', "o'neil@x.org", 'a+b@x-y.com', 'a@-x.com', 'a@x.c', 'a@x.com.', 'ą@x.pl', 'a@b@c.com'];
    for (const sample of samples) expect(isEmail(sample), sample).toBe(email.safeParse(sample).success);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z.'+_@-]{0,12}(\.[a-z]{0,4})?$/), (text) => isEmail(text) === email.safeParse(text.trim()).success),
    );
  });

  it("marketing 'Other' answers need at least 3 characters", () => {
    expect(isValidOtherAnswer('ab')).toBe(false);
    expect(isValidOtherAnswer('  ab  ')).toBe(false);
    expect(isValidOtherAnswer('abc')).toBe(true);
  });
});

describe('SPEC §5 password rule: at least 12 characters, at most 128, one special character', () => {
  it('accepts a password that meets the rule', () => {
    expect(passwordProblems('correct horse')).toEqual([]); // the space is the special character
    expect(passwordProblems('Tr0ub4dor&3xy')).toEqual([]);
    expect(passwordProblems(`${'a'.repeat(127)}!`)).toEqual([]);
  });

  it('rejects short passwords', () => {
    expect(passwordProblems('abc!defghij')).toEqual(['validation.password_min']); // 11 characters
    expect(passwordProblems('abc!defghijk')).toEqual([]); // 12
  });

  it('rejects passwords over 128 characters', () => {
    expect(passwordProblems(`${'a'.repeat(128)}!`)).toEqual(['validation.password_max']);
  });

  it('asks for a character that is neither a letter nor a digit, in any script', () => {
    expect(passwordProblems('abcdefghijkl')).toEqual(['validation.password_special']);
    expect(passwordProblems('zażółćgęśląjaźń1')).toEqual(['validation.password_special']);
    expect(passwordProblems('short')).toEqual(['validation.password_min', 'validation.password_special']);
  });

  it('counts an emoji as one character', () => {
    expect(passwordProblems('abcdefghij😀')).toEqual(['validation.password_min']); // 11 code points
  });

  it('has a zod schema that reports every problem with its text', () => {
    const result = passwordSchema.safeParse('short');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      t('validation.password_min'),
      t('validation.password_special'),
    ]);
  });

  it('the repeated password must be the same', () => {
    expect(passwordConfirmationProblem('a', 'a')).toBeNull();
    expect(passwordConfirmationProblem('a', 'b')).toBe('validation.password_same');
  });

  it('every password hint states the same rule, and none says 6 characters', () => {
    expect(PASSWORD_RULE_TEXT).toBe('at least 12 characters long and contain at least 1 special character');
    expect(moreMessages['validation.password_rules']).toContain(PASSWORD_RULE_TEXT);
    expect(moreMessages['validation.password_min']).toContain('12 characters');
    expect(moreMessages['validation.password_max']).toContain('128 characters');
    for (const text of Object.values({ ...messages, ...moreMessages })) {
      expect(text).not.toMatch(/\b6 characters/);
    }
  });
});
