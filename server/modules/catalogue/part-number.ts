import { cleanPartNumber } from '../../../src/domain/validation';

/**
 * SPEC §7 part-number search compares numbers with case, spaces, dashes, dots, slashes and
 * underscores ignored: 'av6n-10300-gc' and 'AV6N 10300 GC' are both 'AV6N10300GC', the form the
 * parts table keeps in oem_normalised (written by the seed with the same rule).
 */
export function partNumberKey(oem: string): string {
  return cleanPartNumber(oem).replace(/[\s\-./\\_]+/g, '');
}
