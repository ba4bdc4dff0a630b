/**
 * The pure parts of TOTP (RFC 6238) for the staff's second factor: base32 (RFC 4648, the form
 * authenticator apps read), the time step, the counter as HOTP's 8 bytes and HOTP's dynamic
 * truncation (RFC 4226 §5.3), and the otpauth:// URL an authenticator app scans. The HMAC itself
 * needs a crypto library, so the server computes it (server/modules/back-office/staff/totp.ts); time is always
 * a parameter.
 */

/** RFC 6238 defaults that every common authenticator app uses. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
export const TOTP_WINDOW = 1;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (authenticator apps accept it and it reads better). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * Base32 to bytes; case, spaces, hyphens and '=' padding are ignored (people copy secrets by hand).
 * Null for any other character.
 */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}

/** RFC 6238 T: whole periods since the Unix epoch at `at`. */
export function timeStep(at: Date, periodSeconds: number = TOTP_PERIOD_SECONDS): number {
  return Math.floor(at.getTime() / 1000 / periodSeconds);
}

/** The steps whose codes are accepted at `at`: the current one first, then ±TOTP_WINDOW. */
export function acceptedSteps(at: Date, window: number = TOTP_WINDOW): number[] {
  const current = timeStep(at);
  const steps = [current];
  for (let offset = 1; offset <= window; offset++) steps.push(current - offset, current + offset);
  return steps;
}

/** HOTP's moving factor: the counter as 8 bytes, big-endian (RFC 4226 §5.2). */
export function counterBytes(counter: number): Uint8Array {
  const bytes = new Uint8Array(8);
  let rest = counter;
  for (let index = 7; index >= 0; index--) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

/** RFC 4226 §5.3 dynamic truncation of an HMAC into a code of `digits` digits, zero-padded. */
export function truncate(hmac: Uint8Array, digits: number = TOTP_DIGITS): string {
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = (((hmac[offset] ?? 0) & 0x7f) << 24) | ((hmac[offset + 1] ?? 0) << 16) | ((hmac[offset + 2] ?? 0) << 8) | (hmac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** Whether `code` is shaped like a TOTP code (digits only; spaces people type are removed first). */
export const totpCodeOf = (typed: string): string | null => {
  const code = typed.replace(/\s/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) ? code : null;
};

/**
 * The otpauth:// URL of Google Authenticator's Key URI format, which every authenticator app scans
 * from a QR code: label 'Issuer:account', the secret in base32, the issuer again as a parameter.
 */
export function otpauthUrl({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** Recovery codes: 10, each of 10 base32 characters (50 bits) shown as 'xxxxx-xxxxx'. */
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as typed → its stored form (lower case, no spaces or hyphen), or null if not shaped like one. */
export function recoveryCodeOf(typed: string): string | null {
  const clean = typed.replace(/[\s-]/g, '').toLowerCase();
  return /^[a-z2-7]{10}$/.test(clean) ? clean : null;
}

/** Ten bytes of randomness as a recovery code to show: 'abcde-fghij'. */
export function formatRecoveryCode(random: Uint8Array): string {
  const code = base32Encode(random).slice(0, 10).toLowerCase();
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
