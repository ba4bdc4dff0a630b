/**
 * GET /gus/index/{nip} (SPEC §7): the company registered under a VAT number, as the billing
 * address takes it. The number is checked by the forms' own rule first (src/domain/vat-number.ts),
 * so the register is asked only about numbers a form would accept.
 */
import { DEFAULT_COUNTRY_ID } from '../../../src/domain/cart';
import { t } from '../../../src/domain/messages';
import { normaliseVatNumber, ukRegistrationNumber, vatNumberProblem } from '../../../src/domain/vat-number';
import type { VatReport } from '../../../src/contract/vat';
import { invalidField, notFound, unavailable } from '../../errors';
import type { VatLookup, VatRegistration } from '../../integrations/vat-lookup';

/**
 * A registration as SPEC §3's address fields: the first line is address1, the last (when there
 * are two or more) the city, the ones between address2. Registers give no county; every UK
 * registration is in the shop's default country (SPEC §9: 235).
 */
export function reportOf(registration: VatRegistration, vatNo: string): VatReport {
  const lines = registration.addressLines;
  const [first = '', ...rest] = lines.length >= 2 ? lines.slice(0, -1) : lines;
  return {
    company_name: registration.name,
    address1: first,
    address2: rest.join(', '),
    city: lines.length >= 2 ? (lines.at(-1) ?? '') : '',
    county: '',
    postcode: registration.postcode.trim().toUpperCase(),
    country_id: DEFAULT_COUNTRY_ID,
    vat_no: vatNo,
  };
}

export function createVatLookupService({ vatLookup }: { vatLookup: VatLookup }) {
  return {
    /**
     * 422 naming `nip` for a number the forms refuse; 404 for a valid number no register holds
     * (government departments, health authorities and SPEC §5's 10-digit numbers are in none the
     * shop can ask); 503 when the register cannot answer (`onUnavailable` hears why).
     */
    async report(nip: string, onUnavailable: (reason: string) => void): Promise<{ report: VatReport; msg: string }> {
      const problem = vatNumberProblem(nip);
      if (problem) throw invalidField('nip', t(problem));
      const registered = ukRegistrationNumber(nip);
      if (registered === null) throw notFound(t('vat_lookup.not_found'));
      const result = await vatLookup.lookup(registered);
      if (result.status === 'not_found') throw notFound(t('vat_lookup.not_found'));
      if (result.status === 'unavailable') {
        onUnavailable(result.reason);
        throw unavailable(t('vat_lookup.unavailable'));
      }
      return { report: reportOf(result.registration, normaliseVatNumber(nip)), msg: t('vat_lookup.found', { name: result.registration.name }) };
    },
  };
}
