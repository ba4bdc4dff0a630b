/**
 * Bot-check tokens already accepted, so none is accepted twice. Only a hash is kept: the table
 * never holds a usable token.
 */
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { botCheckTokens } from '../../db/schema';

export interface UsedTokens {
  /**
   * Records the token as used until `expiresAt` (when it would be refused anyway); false when it
   * was used before. The primary key decides between two concurrent claims.
   */
  claim(token: string, expiresAt: Date): Promise<boolean>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createUsedTokens(db: Database): UsedTokens {
  return {
    async claim(token, expiresAt) {
      // Purged lazily, here: a token past its expiry fails its own check before it gets here.
      await db.delete(botCheckTokens).where(lt(botCheckTokens.expiresAt, sql`now()`));
      const claimed = await db
        .insert(botCheckTokens)
        .values({ tokenHash: hashOf(token), expiresAt })
        .onConflictDoNothing()
        .returning({ tokenHash: botCheckTokens.tokenHash });
      return claimed.length === 1;
    },
  };
}
