/**
 * SPEC §9 session key 'cc-address': the address chosen from the postcode suggestions on the cart
 * page, kept for this tab so the addresses step can start from it. SPEC §5: the addresses step
 * compares its postcode with the one it loads (spaces and case ignored).
 */
import { lookedUpAddressSchema, type LookedUpAddress } from '../../contract/checkout';
import { postcodesMatch } from '../../domain/validation';
import { readStored, removeStored, writeStored } from '../storage';

export const SAVED_ADDRESS_KEY = 'cc-address';

export function readSavedAddress(): LookedUpAddress | null {
  const text = readStored('session', SAVED_ADDRESS_KEY);
  if (!text) return null;
  try {
    const parsed = lookedUpAddressSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveAddress(address: LookedUpAddress): void {
  writeStored('session', SAVED_ADDRESS_KEY, JSON.stringify(address));
}

export function forgetSavedAddress(): void {
  removeStored('session', SAVED_ADDRESS_KEY);
}

/** Keeps the saved address only while it is at the postcode the cart now has. */
export function forgetSavedAddressUnlessAt(postcode: string): void {
  const saved = readSavedAddress();
  if (saved && !postcodesMatch(saved.postcode, postcode)) forgetSavedAddress();
}
