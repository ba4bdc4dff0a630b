import { describe, expect, it } from 'vitest';
import { partRequestFormSchema } from './part-request-form';

const valid = {
  name: '  Sam Turner ',
  email: ' sam@turner-motors.co.uk ',
  car_reg: 'ab12 cde',
  part: { ID: 7, Name: 'Alternator', ExternalName: '[Alternator]' },
  phone: '07700 900123',
  'cf-token': 'token',
};

const errorsOf = (input: unknown) => {
  const result = partRequestFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('SPEC §5 part request (shop form)', () => {
  it('cleans what it accepts: trimmed texts, the registration as the search forms clean it', () => {
    expect(partRequestFormSchema.parse(valid)).toEqual({
      name: 'Sam Turner',
      email: 'sam@turner-motors.co.uk',
      car_reg: 'AB12CDE',
      part: { ID: 7, Name: 'Alternator' },
      phone: '07700 900123',
      'cf-token': 'token',
    });
  });

  it('checks the fields in the order of SPEC §5, one message each', () => {
    expect(Object.keys(errorsOf({ name: '', email: '', car_reg: '', part: null, 'cf-token': '' }))).toEqual(['name', 'email', 'car_reg', 'part', 'cf-token']);
  });

  it.each([
    [{ name: 'Jo' }, 'name', 'Please enter at least 3 characters.'],
    [{ name: 'x'.repeat(101) }, 'name', 'Please check the details you have entered.'],
    [{ email: 'a@b.c' }, 'email', 'Please enter at least 6 characters.'],
    [{ email: 'sam@@turner.co.uk' }, 'email', 'Please enter a valid email address.'],
    [{ car_reg: ' a b ' }, 'car_reg', 'Please enter at least 3 characters.'],
    [{ car_reg: 'AB12·CDE' }, 'car_reg', 'Please enter your vehicle registration number.'],
    [{ part: { ID: -1 } }, 'part', 'Please select a part type.'],
    [{ part: undefined }, 'part', 'Please select a part type.'],
    [{ phone: '++' }, 'phone', 'A phone number can only contain digits, spaces, + and -.'],
    [{ 'cf-token': '   ' }, 'cf-token', 'Please complete the security check.'],
  ])('%j is refused on %s', (change, field, message) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('takes an empty or missing phone as none', () => {
    expect(errorsOf({ ...valid, phone: ' ' })).toEqual({});
    expect(errorsOf({ ...valid, phone: undefined })).toEqual({});
  });
});
