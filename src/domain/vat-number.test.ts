import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutFormSchema, normaliseCheckoutForm } from './checkout-form';
import { t } from './messages';
import { normaliseVatNumber, ukCheckDigits, ukCheckRuleOf, ukRegistrationNumber, vatNumberKind, vatNumberProblem } from './vat-number';

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((list) => list.join(''));
/** Seven digits HMRC could issue under a rule: modulus 97-55 only from 100 0000 up. */
const sevenDigits = (rule: 'mod97' | 'mod9755') => (rule === 'mod97' ? digits(7) : digits(7).filter((seven) => Number(seven.slice(0, 3)) >= 100));
const rule = fc.constantFrom('mod97' as const, 'mod9755' as const);
/** A valid 9-digit UK VAT number, its check digits computed by the rule. */
const validUkNumber = rule.chain((which) => sevenDigits(which).map((seven) => `${seven}${ukCheckDigits(seven, which)}`));

/** The number with the digit at `index` replaced by a different one. */
function changeDigit(number: string, index: number, by: number): string {
  const digit = (Number(number[index]) + by) % 10;
  return `${number.slice(0, index)}${digit}${number.slice(index + 1)}`;
}

describe('normaliseVatNumber', () => {
  it.each([
    ['GB 123 4567 89', '123456789'],
    ['gb123456789', '123456789'],
    [' 980 7806 84 ', '980780684'],
    ['GB 980 7806 84 001', '980780684001'],
    ['gb gd001', 'GD001'],
    ['XI 980 7806 84', '980780684'],
    ['526-025-02-74', '5260250274'],
  ])('%j → %j', (typed, stored) => {
    expect(normaliseVatNumber(typed)).toBe(stored);
  });
});

describe('UK VAT numbers: the check digits (modulus 97 and modulus 97-55)', () => {
  it.each([
    ['GB 980 7806 84', 'python-stdnum example: 207 + 84 = 291 = 3 × 97'],
    ['831 4958 16', 'h2g2 A10287461 worked example: 178 + 16 = 194 = 2 × 97'],
    ['782237517', 'published worked example: 177 + 17 = 194'],
    ['GB337440071', 'published worked example'],
    ['GB245719348', 'a published company number'],
    ['GB 220 4302 31', 'a published company number'],
  ])('accepts %s by modulus 97 (%s)', (number) => {
    expect(vatNumberKind(number)).toBe('standard');
    expect(ukCheckRuleOf(normaliseVatNumber(number))).toBe('mod97');
  });

  it('accepts a number by modulus 97-55: 100 0000 34 (8 + 34 = 42, + 55 = 97)', () => {
    expect(ukCheckDigits('1000000', 'mod9755')).toBe('34');
    expect(ukCheckRuleOf('100000034')).toBe('mod9755');
    expect(vatNumberKind('GB 100 0000 34')).toBe('standard');
  });

  it('computes check digits as the worked examples do', () => {
    expect(ukCheckDigits('9807806', 'mod97')).toBe('84');
    expect(ukCheckDigits('8314958', 'mod97')).toBe('16');
    expect(ukCheckDigits('1002989', 'mod97')).toBe('01');
  });

  it.each([
    ['802311781', 'python-stdnum example of a wrong check digit'],
    ['123456789', 'h2g2: the form, not a valid number'],
    ['980780685', 'last digit changed'],
    ['000000034', 'modulus 97-55 is not used below 100 000 000'],
    ['100298998', 'check digits above 96: 100 2989 01 is valid, and 98 ≡ 01 modulo 97 is not a remainder'],
    ['98078068', '8 digits'],
    ['9807806840', '10 digits failing SPEC §5 too'],
    ['98078068A', 'a letter'],
    ['FR 980780684', 'another country'],
    ['GB', 'a prefix alone'],
  ])('refuses %j (%s)', (number) => {
    expect(vatNumberKind(number)).toBeNull();
    expect(vatNumberProblem(number)).toBe('validation.error');
  });

  it('property: numbers whose check digits are computed by either rule are accepted, in any spelling', () => {
    fc.assert(
      fc.property(validUkNumber, fc.boolean(), (number, spaced) => {
        expect(ukCheckRuleOf(number)).not.toBeNull();
        const typed = spaced ? `gb ${number.slice(0, 3)} ${number.slice(3, 7)} ${number.slice(7)}` : number;
        expect(vatNumberProblem(typed)).toBeNull();
        expect(normaliseVatNumber(typed)).toBe(number);
      }),
    );
  });

  it('property: changing any one digit of a valid number is refused', () => {
    fc.assert(
      fc.property(validUkNumber, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (number, index, by) => {
        const changed = changeDigit(number, index, by);
        // One digit moves the total by weight × change (at most 10 × 9 = 90), never by a multiple
        // of 97, so the number never passes its own rule again. The two rules are 42 apart, so a
        // move of exactly ±42 or ±55 (the second digit up by 6: 7 × 6 = 42) lands on the other
        // rule: HMRC's design, which this property states rather than hides.
        const moved = ukCheckRuleOf(changed);
        if (moved !== null) {
          expect(moved).not.toBe(ukCheckRuleOf(number));
          return;
        }
        expect(vatNumberKind(changed)).toBeNull();
      }),
    );
  });

  it('property: for any seven digits exactly one pair of check digits passes each rule', () => {
    fc.assert(
      fc.property(sevenDigits('mod9755'), (seven) => {
        const passing = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')).filter((check) => ukCheckRuleOf(`${seven}${check}`));
        expect(passing.sort()).toEqual([ukCheckDigits(seven, 'mod97'), ukCheckDigits(seven, 'mod9755')].sort());
      }),
    );
  });
});

describe('UK branch, government and health authority numbers', () => {
  it('accepts 12 digits: a valid 9-digit number and a 3-digit branch', () => {
    expect(vatNumberKind('GB 980 7806 84 001')).toBe('branch');
    expect(vatNumberKind('980780684123')).toBe('branch');
    expect(vatNumberKind('980780685123')).toBeNull();
    expect(ukRegistrationNumber('GB 980 7806 84 001')).toBe('980780684');
  });

  it('property: any branch of a valid number is accepted', () => {
    fc.assert(
      fc.property(validUkNumber, digits(3), (number, branch) => {
        expect(vatNumberKind(`${number}${branch}`)).toBe('branch');
      }),
    );
  });

  it.each([
    ['GD001', 'government'],
    ['gd 499', 'government'],
    ['GBGD000', 'government'],
    ['HA500', 'health'],
    ['GB HA999', 'health'],
    ['GD888800101', 'government'],
    ['HA888860018', 'health'],
  ] as const)('accepts %s as %s', (number, kind) => {
    expect(vatNumberKind(number)).toBe(kind);
    expect(ukRegistrationNumber(number)).toBeNull();
  });

  it.each(['GD500', 'GD999', 'HA000', 'HA499', 'GD01', 'GD0001', 'HB500', 'GD888800102', 'HA888860012'])('refuses %s', (number) => {
    expect(vatNumberKind(number)).toBeNull();
  });
});

describe("SPEC §5's 10-digit rule is still accepted", () => {
  it.each(['5260250274', '526-025-02-74', '7740001454', '5260250995'])('accepts %s', (nip) => {
    expect(vatNumberKind(nip)).toBe('nip');
    expect(vatNumberProblem(nip)).toBeNull();
    expect(ukRegistrationNumber(nip)).toBeNull();
  });

  it.each(['5260250275', '1000000160', 'GB5260250274'])('refuses %s', (nip) => {
    expect(vatNumberKind(nip)).toBeNull();
  });

  it('property: any ten digits pass exactly when the weighted sum modulo 11 is the last digit', () => {
    const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    fc.assert(
      fc.property(digits(10), (number) => {
        const sum = weights.reduce((total, weight, i) => total + weight * Number(number[i]), 0);
        expect(vatNumberKind(number) === 'nip').toBe(sum % 11 === Number(number[9]));
      }),
    );
  });
});

describe('vatNumberProblem', () => {
  it("gives SPEC §5's keys: validation.empty for an empty field, validation.error for an invalid number", () => {
    expect(vatNumberProblem('')).toBe('validation.empty');
    expect(vatNumberProblem('   ')).toBe('validation.empty');
    expect(vatNumberProblem('GB 123 4567 89')).toBe('validation.error');
    expect(vatNumberProblem('GB 980 7806 84')).toBeNull();
  });
});

describe('the checkout form (checkout-form.ts) uses this rule', () => {
  const company = (vat_no: string) => ({
    is_guest: true,
    email: 'accounts@fleetfix.co.uk',
    first_name: 'Kim',
    last_name: 'Lee',
    type: 'COMPANY' as const,
    same_shipping_address: true,
    member_profile: { mobile: '07700 900123' },
    member_address: { company_name: 'Fleetfix Ltd', vat_no, address1: '4 Trade Park', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', country_id: 235 },
    agree_terms: true,
    agree_privacy: true,
  });
  const schema = checkoutFormSchema({ signedIn: false, companyAccount: true });
  const vatErrors = (vat_no: string) => schema.safeParse(company(vat_no)).error?.issues.filter((issue) => issue.path.join('.') === 'member_address.vat_no').map((issue) => issue.message) ?? [];

  it('accepts a UK number in any spelling and stores it without prefix or spaces', () => {
    expect(vatErrors('gb 980 7806 84')).toEqual([]);
    const form = schema.parse(company('gb 980 7806 84'));
    expect(normaliseCheckoutForm(form).billing.vat_no).toBe('980780684');
    expect(normaliseCheckoutForm(schema.parse(company('GB GD001'))).billing.vat_no).toBe('GD001');
  });

  it('refuses a wrong check digit with validation.error and an empty number with validation.empty', () => {
    expect(vatErrors('GB 980 7806 85')).toEqual([t('validation.error')]);
    expect(vatErrors('')).toEqual([t('validation.empty')]);
  });
});
