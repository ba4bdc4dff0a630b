/**
 * The VAT lookup of SPEC §7 (GET /gus/index/{nip}): a company's name and registered address by its
 * VAT number, which the registration and member-details forms merge into the billing address
 * (company_name, address lines, postcode, country and vat_no). The server asks its VAT lookup port:
 * HMRC's 'Check a UK VAT number' API when HMRC_CLIENT_ID and HMRC_CLIENT_SECRET are set, an
 * embedded register of demo companies otherwise.
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

/**
 * The company as the billing address takes it (SPEC §3 Address field names). HMRC gives up to
 * five free address lines and a postcode: the first line is address1, the lines between the first
 * and the last joined by ', ' are address2, the last line the city (with a single line, city is
 * ''); the registers give no county, so county is ''. An empty field is one the register does not
 * know: keep what the person typed there. country_id is the shop's country id (235, the United
 * Kingdom, for every UK registration). vat_no is the number as the shop stores it
 * (src/domain/vat-number.ts normaliseVatNumber: no 'GB', no spaces; a branch number keeps its
 * branch digits).
 */
export const vatReportSchema = lazySchema(() => z.object({
  company_name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  county: z.string(),
  postcode: z.string(),
  country_id: z.int(),
  vat_no: z.string(),
}));
export type VatReport = z.infer<typeof vatReportSchema>;

/**
 * GET /gus/index/{nip} — the company registered under a VAT number (any accepted spelling: 'GB'
 * optional, spaces ignored; URL-encode it). No session needed; limited per address like the public
 * forms. Answers:
 * - 200 `{ success: true, report, msg }` — merge `report` into the billing address;
 * - 422 `errors.nip` — not a valid VAT number (src/domain/vat-number.ts vatNumberProblem, the same
 *   text the form shows), nothing asked;
 * - 404 — a valid number no register holds (the person types the address);
 * - 503 — the register cannot answer now (try again later, or type the address).
 */
export const lookupVatNumber = defineCall({
  method: 'GET',
  path: '/gus/index/:nip',
  summary: 'Company name and address by VAT number',
  params: lazySchema(() => z.object({ nip: z.string().check(z.maxLength(40, 'At most 40 characters.')) })),
  response: lazySchema(() => success({ report: vatReportSchema, msg: z.string() })),
});
