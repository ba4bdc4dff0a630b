/**
 * Warranty certificates (issue 32): what a used part's warranty covers, when it ends, and the
 * certificate's public number. Pure rules, shared by the server (the PDF, the public check) and
 * the storefront (the confirmation page).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a line's warranty ends: its term in days counted from the moment the order was paid (the
 * part is the buyer's from then, and the shop's records fix that moment; delivery dates are the
 * carrier's). A 30-day warranty paid on 3 June at 10:10 ends on 3 July at 10:10.
 */
export function warrantyEndsAt(paidAt: Date, days: number): Date {
  return new Date(paidAt.getTime() + days * DAY_MS);
}

/** Whether the warranty still runs at `now` (it ends at its end instant, not at the end of that day). */
export function isInWarranty(endsAt: Date, now: Date): boolean {
  return now.getTime() < endsAt.getTime();
}

/** 'WC-7K2Q-M9XD-4HRA-PT3B': 'WC-' and 16 characters of Crockford's base32 in groups of four (80 random bits). */
export const WARRANTY_CERTIFICATE_NUMBER = /^WC(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A certificate number from 10 random bytes: unguessable (2^80), so the public page that confirms
 * a certificate can be reached only by someone who has seen the certificate. Crockford's alphabet
 * has no I, L, O or U, so a number read aloud or typed from paper is not mistaken.
 */
export function warrantyCertificateNumber(random: Uint8Array): string {
  if (random.length !== 10) throw new Error('a certificate number takes 10 random bytes');
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of random) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += CROCKFORD[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return `WC-${text.match(/.{4}/g)?.join('-') ?? text}`;
}

/** The public confirmation page of a certificate: its path in the storefront (the QR code's target). */
export const warrantyCertificatePath = (number: string) => `/warranty/${number}`;

/** What every warranty covers: the shop's warranty terms, as printed on the certificate. */
export const WARRANTY_COVERS = [
  'The part failing to work as a part of its type should, through a fault present when it was sold.',
  'A replacement part of the same type and grade, or a refund of the price paid for the part if none is available.',
  'A contribution towards the labour of refitting, up to the limit in our warranty terms, when a garage fitted the part.',
] as const;

/** What no warranty covers, as printed on the certificate. */
export const WARRANTY_EXCLUDES = [
  'Wear and tear, and damage from accidents, misuse, overheating or incorrect fitting.',
  'Parts fitted to a vehicle other than the one they were bought for, or used for racing or commercial hire.',
  'Consequential loss: recovery, hire cars, loss of earnings or damage to other parts.',
  'Cosmetic marks described by the part\u2019s grade.',
] as const;
