/**
 * The VAT lookup port: the company registered under a UK VAT number, for GET /gus/index/{nip}
 * (SPEC §7), whose answer fills a company's billing address. HMRC's 'Check a UK VAT number' API
 * answers when HMRC_CLIENT_ID and HMRC_CLIENT_SECRET are set; the embedded register of demo
 * companies otherwise. Its three outcomes are told apart, because the person does something
 * different after each: found (the address is filled in), not found (a number no one is
 * registered under: check it or type the address) and unavailable (the register cannot answer
 * now: not the customer's mistake, try again later or type the address).
 */

/** A VAT registration as the register gives it. */
export interface VatRegistration {
  /** The 9 digits the register holds the company under. */
  vatNumber: string;
  /** The registered name, as the register writes it (HMRC often in capitals). */
  name: string;
  /** The address lines before the postcode, in order, empty lines left out (HMRC gives up to five). */
  addressLines: string[];
  postcode: string;
  /** ISO 3166-1 alpha-2, 'GB' for every UK registration. */
  countryCode: string;
}

export type VatLookupResult =
  | { status: 'found'; registration: VatRegistration }
  | { status: 'not_found' }
  /** The register could not answer (down, slow, refused our credentials or quota). */
  | { status: 'unavailable'; reason: string };

export interface VatLookup {
  /** @param vatNumber the 9 digits of a valid UK VAT number (src/domain/vat-number.ts ukRegistrationNumber). */
  lookup(vatNumber: string): Promise<VatLookupResult>;
}
