import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardDetails,
  cardDetailsProblems,
  cardFormSchema,
  formatCardNumber,
  formatExpiry,
  isExpired,
  luhnCheckDigit,
  parseExpiry,
  passesLuhn,
  securityCodeLength,
  type CardFormValues,
} from './card-form';
import { t } from './messages';

// 14 March 2026, noon in London.
const now = new Date('2026-03-14T12:00:00Z');

function form(changes: Partial<CardFormValues> = {}): CardFormValues {
  return { card_number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Sam Turner', ...changes };
}

function errorsOf(values: Partial<CardFormValues>, at = now): Record<string, string> {
  const result = cardFormSchema(at).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('Luhn', () => {
  it("accepts Stripe's test numbers and refuses one digit changed", () => {
    for (const number of ['4242424242424242', '4000002760003184', '4000000000000002', '4000000000009995', '378282246310005', '5555555555554444']) {
      expect(passesLuhn(number)).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242')).toBe(false);
  });

  it('a body with its check digit passes; any other last digit fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const check = luhnCheckDigit(body);
        expect(passesLuhn(body + check)).toBe(true);
        expect(passesLuhn(body + String((Number(check) + shift) % 10))).toBe(false);
      }),
    );
  });

  it('swapping two different adjacent digits is caught (except 0 and 9)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), fc.integer({ min: 0, max: 13 }), (body, at) => {
        const number = body + luhnCheckDigit(body);
        const [a, b] = [number[at]!, number[at + 1]!];
        fc.pre(a !== b && !(['0', '9'].includes(a) && ['0', '9'].includes(b)));
        const swapped = number.slice(0, at) + b + a + number.slice(at + 2);
        expect(passesLuhn(swapped)).toBe(false);
      }),
    );
  });
});

describe('brand', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0031 2200 3222', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['3400 000000 00009', 'amex'],
    ['6011 1111 1111 1117', 'discover'],
    ['3056 9300 0902 0004', 'diners'],
    ['3566 0020 2036 0505', 'jcb'],
    ['6200 0000 0000 0005', 'unionpay'],
    ['9999', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('the security code has 4 digits on American Express, 3 on the others', () => {
    expect(securityCodeLength('amex')).toBe(4);
    expect(securityCodeLength('visa')).toBe(3);
    expect(securityCodeLength('unknown')).toBe(3);
  });
});

describe('typing', () => {
  it('groups a card number in fours, American Express 4-6-5, dropping what is not a digit', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('a formatted number reads back as the same digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,19}$/), (digits) => {
        expect(formatCardNumber(digits).replace(/ /g, '')).toBe(digits);
        expect(formatCardNumber(formatCardNumber(digits))).toBe(formatCardNumber(digits));
      }),
    );
  });

  it("puts the slash after the month, and reads '4' as April", () => {
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('430')).toBe('04 / 30');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
  });
});

describe('expiry', () => {
  it("reads 'MM / YY', 'MM/YY', 'MMYY' and a four-digit year", () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('03/27')).toEqual({ month: 3, year: 2027 });
    expect(parseExpiry('0327')).toEqual({ month: 3, year: 2027 });
    expect(parseExpiry('3 / 2027')).toEqual({ month: 3, year: 2027 });
    expect(parseExpiry('13 / 27')).toBeNull();
    expect(parseExpiry('00 / 27')).toBeNull();
    expect(parseExpiry('12 / 3')).toBeNull();
    expect(parseExpiry('soon')).toBeNull();
  });

  it('a card is good through the last day of its month, on the London calendar', () => {
    expect(isExpired({ month: 3, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 2, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 12, year: 2025 }, now)).toBe(true);
    // 31 May 2026 23:30 UTC is already 1 June in London (summer time): a May card has expired.
    expect(isExpired({ month: 5, year: 2026 }, new Date('2026-05-31T22:59:00Z'))).toBe(false);
    expect(isExpired({ month: 5, year: 2026 }, new Date('2026-05-31T23:30:00Z'))).toBe(true);
  });
});

describe('the card form', () => {
  it('a good form has no problems and gives the sandbox its details', () => {
    expect(errorsOf(form())).toEqual({});
    expect(cardDetails(form({ name: '  Sam Turner ' }), now)).toEqual({
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Sam Turner',
    });
  });

  it('an empty form names every field', () => {
    expect(errorsOf({})).toEqual({
      card_number: 'Card number is required.',
      expiry: 'Expiry date is required.',
      cvc: 'Security code is required.',
      name: 'Name on card is required.',
    });
    expect(cardDetails(form({ name: '' }), now)).toBeNull();
  });

  it('refuses a number with letters, a wrong length or a failed check digit', () => {
    expect(errorsOf(form({ card_number: '4242 4242 abcd 4242' }))).toEqual({ card_number: t('card_form.number_digits') });
    expect(errorsOf(form({ card_number: '4242 4242 4242 4241' }))).toEqual({ card_number: t('card_form.number_invalid') });
    // A 13-digit Visa is a real length; a Luhn-valid 15-digit Visa is not.
    expect(errorsOf(form({ card_number: '4222222222222' }))).toEqual({});
    const fourteen = '42424242424242';
    const fifteen = fourteen + luhnCheckDigit(fourteen);
    expect(errorsOf(form({ card_number: fifteen }))).toEqual({ card_number: t('card_form.number_invalid') });
  });

  it('refuses an expiry that is not a month, or is past', () => {
    expect(errorsOf(form({ expiry: '13 / 30' }))).toEqual({ expiry: t('card_form.expiry_invalid') });
    expect(errorsOf(form({ expiry: '02 / 26' }))).toEqual({ expiry: 'Expiry date is in the past. This card has expired.' });
    expect(errorsOf(form({ expiry: '03 / 26' }))).toEqual({});
  });

  it('asks 3 security digits of a Visa and 4 of an American Express', () => {
    expect(errorsOf(form({ cvc: '1234' }))).toEqual({ cvc: 'Security code must be 3 digits.' });
    expect(errorsOf(form({ cvc: '12a' }))).toEqual({ cvc: 'Security code must be 3 digits.' });
    expect(errorsOf(form({ card_number: '3782 822463 10005', cvc: '123' }))).toEqual({ cvc: 'Security code must be 4 digits.' });
    expect(errorsOf(form({ card_number: '3782 822463 10005', cvc: '1234' }))).toEqual({});
  });

  it('a name on card of more than 100 characters is refused', () => {
    expect(errorsOf(form({ name: 'x'.repeat(101) }))).toEqual({ name: 'Name on card can be at most 100 characters.' });
  });

  it('the sandbox refuses the same details the form refuses', () => {
    const details = cardDetails(form(), now)!;
    expect(cardDetailsProblems(details, now)).toEqual([]);
    expect(cardDetailsProblems({ ...details, exp_month: 13 }, now).map((p) => p.key)).toEqual(['card_form.expiry_invalid']);
    expect(cardDetailsProblems({ ...details, exp_month: 2, exp_year: 2026 }, now).map((p) => p.key)).toEqual(['card_form.expiry_past']);
    expect(cardDetailsProblems({ ...details, card_number: '1234' }, now).map((p) => p.key)).toEqual(['card_form.number_invalid']);
  });
});
