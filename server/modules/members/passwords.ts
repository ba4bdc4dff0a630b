/**
 * Passwords with argon2id (ARCHITECTURE: at least 19 MiB of memory and 2 passes): 19,456 KiB and
 * 2 passes, one lane, the OWASP minimum for argon2id. @node-rs/argon2's default algorithm is
 * argon2id; the stored PHC string names it ('$argon2id$v=19$m=19456,t=2,p=1$…').
 */
import { hash, verify } from '@node-rs/argon2';

export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a password nobody has, checked when the email is unknown, so both cases take as long. */
let decoy: Promise<string> | undefined;

/** Whether the password matches the stored hash; with no hash (unknown email, guest) always false, in the same time. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword('no account has this password, it only spends the time a real check would');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
