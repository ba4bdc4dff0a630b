/**
 * TOTP codes (RFC 6238 with HMAC-SHA1, as authenticator apps compute them): the HMAC from
 * node:crypto, the rest from src/domain/totp.ts. And the box TOTP secrets are kept in:
 * AES-256-GCM under the staff TOTP key, so a copy of the database does not hold usable secrets.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { acceptedSteps, counterBytes, TOTP_DIGITS, truncate } from '../../../../src/domain/totp';

/** RFC 4226 HOTP of a counter. */
export function hotp(secret: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string {
  return truncate(createHmac('sha1', secret).update(counterBytes(counter)).digest(), digits);
}

/** The step (of the accepted ones at `at`: the current one and one either side) whose code is `code`, or null. */
export function matchingStep(secret: Uint8Array, code: string, at: Date): number | null {
  if (code.length !== TOTP_DIGITS) return null;
  for (const step of acceptedSteps(at)) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** Seals and opens TOTP secrets with a key made from the configured secret text. */
export function secretBox(keyText: string) {
  const key = createHash('sha256').update(`staff-totp:${keyText}`).digest();
  return {
    seal(secret: Uint8Array): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    /** The secret, or null when the text was not sealed with this key (the key was changed). */
    open(text: string): Uint8Array | null {
      const [version, iv, tag, sealed] = text.split('.');
      if (version !== 'v1' || !iv || !tag || !sealed) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]));
      } catch {
        return null;
      }
    },
  };
}

export type SecretBox = ReturnType<typeof secretBox>;
