import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signInFailures } from '../../db/schema';

/** Failed sign-ins by account (the lower-cased email typed) and address (the client's IP). */
export function createThrottleRepository(db: Database) {
  return {
    async record(account: string, address: string, at: Date): Promise<void> {
      await db.insert(signInFailures).values({ account, address, at });
    },

    /** The times of the newest `limit` failures of the account from the address since `since`, newest first. */
    async recentForAccount(account: string, address: string, since: Date, limit: number): Promise<Date[]> {
      const rows = await db
        .select({ at: signInFailures.at })
        .from(signInFailures)
        .where(and(eq(signInFailures.account, account), eq(signInFailures.address, address), gt(signInFailures.at, since)))
        .orderBy(desc(signInFailures.at))
        .limit(limit);
      return rows.map((row) => row.at);
    },

    /** The times of the newest `limit` failures from the address, any account, since `since`, newest first. */
    async recentForAddress(address: string, since: Date, limit: number): Promise<Date[]> {
      const rows = await db
        .select({ at: signInFailures.at })
        .from(signInFailures)
        .where(and(eq(signInFailures.address, address), gt(signInFailures.at, since)))
        .orderBy(desc(signInFailures.at))
        .limit(limit);
      return rows.map((row) => row.at);
    },

    /** A successful sign-in forgets the account's failures from that address. */
    async clear(account: string, address: string): Promise<void> {
      await db.delete(signInFailures).where(and(eq(signInFailures.account, account), eq(signInFailures.address, address)));
    },

    async purgeBefore(before: Date): Promise<void> {
      await db.delete(signInFailures).where(lt(signInFailures.at, before));
    },
  };
}
