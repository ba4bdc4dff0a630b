/**
 * The cart page's agreements (SPEC §2: terms, required; marketing, optional), kept for this tab so
 * the addresses step sends them with the form (agree_terms, newsletter) without asking twice.
 */
import { readStored, writeStored } from '../storage';

const KEY = 'checkout-agreements';

export interface CheckoutAgreements {
  terms: boolean;
  marketing: boolean;
}

export function readCheckoutAgreements(): CheckoutAgreements {
  try {
    const value = JSON.parse(readStored('session', KEY) ?? '{}') as Partial<CheckoutAgreements>;
    return { terms: value.terms === true, marketing: value.marketing === true };
  } catch {
    return { terms: false, marketing: false };
  }
}

export function saveCheckoutAgreements(agreements: CheckoutAgreements): void {
  writeStored('session', KEY, JSON.stringify(agreements));
}
