/**
 * Slowing password guessers without letting a stranger lock a member out (issue 15): failed
 * sign-ins are recorded by account (the email typed, lower-cased, whether or not it has an
 * account, so the answer says nothing about which exist) and by address. After 5 failures for one
 * account from one address within 15 minutes, that address may not try that account until the
 * oldest of them is 15 minutes old; after 30 failures from one address (any accounts) that address
 * may not sign in at all for as long. The account's owner at another address is never held up, and
 * a successful sign-in forgets the account's failures from that address. Rows older than the
 * window are useless: a timer purges them.
 */
import type { Database } from '../../db/client';
import { createThrottleRepository } from './throttle-repository';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const FAILURES_PER_ADDRESS = 30;

export interface SignInAttempt {
  email: string;
  address: string;
}

const accountOf = (email: string) => email.trim().toLowerCase();

export function createSignInThrottle(db: Database, now: () => Date) {
  const repository = createThrottleRepository(db);

  /** Seconds until the oldest of `limit` recent failures leaves the window, or null while under the limit. */
  const waitFor = (times: readonly Date[], limit: number, at: Date): number | null => {
    const oldest = times[limit - 1];
    if (times.length < limit || !oldest) return null;
    return Math.max(1, Math.ceil((oldest.getTime() + SIGN_IN_WINDOW_MS - at.getTime()) / 1000));
  };

  return {
    /** How many seconds this address must wait before trying this account again; null when it may try now. */
    async retryAfter({ email, address }: SignInAttempt): Promise<number | null> {
      const at = now();
      const since = new Date(at.getTime() - SIGN_IN_WINDOW_MS);
      const [forAccount, forAddress] = await Promise.all([
        repository.recentForAccount(accountOf(email), address, since, FAILURES_PER_ACCOUNT_AND_ADDRESS),
        repository.recentForAddress(address, since, FAILURES_PER_ADDRESS),
      ]);
      const waits = [waitFor(forAccount, FAILURES_PER_ACCOUNT_AND_ADDRESS, at), waitFor(forAddress, FAILURES_PER_ADDRESS, at)].filter((wait): wait is number => wait !== null);
      return waits.length === 0 ? null : Math.max(...waits);
    },

    failed: ({ email, address }: SignInAttempt): Promise<void> => repository.record(accountOf(email), address, now()),

    succeeded: ({ email, address }: SignInAttempt): Promise<void> => repository.clear(accountOf(email), address),

    purge: (): Promise<void> => repository.purgeBefore(new Date(now().getTime() - SIGN_IN_WINDOW_MS)),
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
