import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { accountPartRequestFormSchema, cleanManualPartName, partOf } from './account-part-request';

const problems = (input: unknown) => {
  const result = safeParse(accountPartRequestFormSchema, input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('SPEC §5 part request (account)', () => {
  it('cleans the registration by the one rule and upper-cases a typed part name', () => {
    const result = safeParse(accountPartRequestFormSchema, { car_reg: ' ab12 cde ', part_name_manually: '  offside   wing mirror ' });
    expect(result.success && result.data).toEqual({ car_reg: 'AB12CDE', part_name_manually: 'OFFSIDE WING MIRROR' });
    expect(cleanManualPartName('rear\tbumper')).toBe('REAR BUMPER');
  });

  it('cuts a registration to 10 characters', () => {
    const result = safeParse(accountPartRequestFormSchema, { car_reg: 'AB12CDEFGHIJK', part_type: 3 });
    expect(result.success && result.data.car_reg).toBe('AB12CDEFGH');
  });

  it('names both fields at once when the registration and the part are missing', () => {
    expect(problems({ car_reg: '  ' })).toEqual({
      car_reg: 'Please enter your vehicle registration number.',
      part_name_manually: 'Please choose a part type or type the name of the part.',
    });
  });

  it('refuses a registration with other characters, or too short', () => {
    expect(problems({ car_reg: 'AB-12', part_type: 1 })).toEqual({ car_reg: 'Please enter your vehicle registration number.' });
    expect(problems({ car_reg: 'a b', part_type: 1 })).toEqual({ car_reg: 'Please enter at least 3 characters.' });
  });

  it('refuses a part type that is not an id, and a typed name above 100 characters', () => {
    expect(problems({ car_reg: 'AB12CDE', part_type: 0 })).toEqual({ part_type: 'Please select a part type.' });
    expect(problems({ car_reg: 'AB12CDE', part_name_manually: 'x'.repeat(101) })).toEqual({ part_name_manually: 'Please enter at most 100 characters.' });
    expect(problems({ car_reg: 'AB12CDE', part_name_manually: '   ' })).toEqual({ part_name_manually: 'Please choose a part type or type the name of the part.' });
  });

  it('takes a chosen part type over a typed name', () => {
    expect(partOf({ part_type: 7, part_name_manually: 'DOOR' })).toEqual({ typeId: 7 });
    expect(partOf({ part_type: null, part_name_manually: 'door ' })).toEqual({ name: 'DOOR' });
    expect(partOf({})).toBeNull();
  });
});
