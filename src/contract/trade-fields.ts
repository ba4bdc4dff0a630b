/**
 * Field schemas shared by issue 17's calls (saved searches, the garage, alerts): a registration
 * as typed, a make/model/year, ids in paths. Same messages as the catalogue's search fields.
 */
import * as z from 'zod/mini';
import { registrationKey, VRN_MAX_LENGTH } from '../domain/validation';
import { lazySchema } from '../domain/lazy-schema';

const MAX_INTEGER = 2_147_483_647;

/** Control characters (NUL above all, which PostgreSQL cannot store) are never stored. */
const noControlCharacters = z.refine<string>((s) => !/\p{Cc}/u.test(s), 'Letters, digits and punctuation only.');

export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`), noControlCharacters);

/** A registration: letters, digits and spaces; stored cleaned (upper case, no spaces), at most 10. */
export const vrnField = lazySchema(() => z
  .string()
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9 ]*$/, 'A registration has letters and digits only.'),
    z.overwrite(registrationKey),
    z.minLength(2, 'Enter a registration.'),
    z.maxLength(VRN_MAX_LENGTH, 'A registration has at most 10 characters.'),
  ));

export const yearField = lazySchema(() => z.int('Must be a year.').check(z.gte(1950, 'Must be 1950 or later.'), z.lte(2100, 'Must be a year.')));
export const idField = lazySchema(() => z.int('Must be a number.').check(z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')));
/** An id in a path: digits. */
export const idParam = lazySchema(() => z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')));
export const penceField = lazySchema(() => z.int('Must be a whole number of pence.').check(z.gte(0, 'Must be 0 or more.'), z.lte(MAX_INTEGER, 'Too large.')));
export const makeField = lazySchema(() => text(60).check(z.minLength(1, 'Choose a make.')));
export const modelField = lazySchema(() => text(80));
