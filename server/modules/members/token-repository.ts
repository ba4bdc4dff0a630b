import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberTokens, members } from '../../db/schema';

export type TokenPurpose = (typeof memberTokens.$inferSelect)['purpose'];

/** Single-use links of a member (password reset, a guest's way to become a member): only the token's SHA-256 is stored. */
export function createTokenRepository(db: Database) {
  return {
    /**
     * A reset link for the member (never a guest) with this email, case ignored, with the older
     * unused ones made useless: the same two statements whether or not there is such a member.
     * Answers the member's id, names and address, or null.
     */
    async issueForEmail(email: string, purpose: TokenPurpose, tokenHash: string, at: Date, expiresAt: Date) {
      const owner = sql`SELECT ${members.id} FROM ${members} WHERE lower(${members.email}) = lower(${email.trim()}) AND ${members.isGuest} = false`;
      await db
        .update(memberTokens)
        .set({ usedAt: at })
        .where(and(sql`${memberTokens.memberId} IN (${owner})`, eq(memberTokens.purpose, purpose), isNull(memberTokens.usedAt)));
      const inserted = await db.execute<{ member_id: number }>(sql`
        INSERT INTO ${memberTokens} (member_id, purpose, token_hash, expires_at, created_at)
        SELECT id, ${purpose}, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz FROM (${owner}) AS owner
        RETURNING member_id`);
      // Both drivers answer with { rows }, though their result types differ.
      const memberId = (inserted as unknown as { rows: { member_id: number }[] }).rows[0]?.member_id;
      if (memberId === undefined) return null;
      const [member] = await db.select({ id: members.id, email: members.email, firstName: members.firstName }).from(members).where(eq(members.id, memberId));
      return member ?? null;
    },

    /** A link for this member, replacing the older unused ones of the same purpose. */
    async issue(memberId: number, purpose: TokenPurpose, tokenHash: string, at: Date, expiresAt: Date): Promise<void> {
      await db
        .update(memberTokens)
        .set({ usedAt: at })
        .where(and(eq(memberTokens.memberId, memberId), eq(memberTokens.purpose, purpose), isNull(memberTokens.usedAt)));
      await db.insert(memberTokens).values({ memberId, purpose, tokenHash, expiresAt, createdAt: at });
    },

    /**
     * Uses a link: once, before it expires. One conditional UPDATE, so two requests with the same
     * link cannot both succeed. Answers the member's id, or null for a link that is unknown, used
     * or too old.
     */
    async consume(tokenHash: string, purpose: TokenPurpose, at: Date): Promise<number | null> {
      const [row] = await db
        .update(memberTokens)
        .set({ usedAt: at })
        .where(and(eq(memberTokens.tokenHash, tokenHash), eq(memberTokens.purpose, purpose), isNull(memberTokens.usedAt), gt(memberTokens.expiresAt, at)))
        .returning({ memberId: memberTokens.memberId });
      return row?.memberId ?? null;
    },

    /** Every unused link of the member made useless (a changed password makes older reset links worthless). */
    async revokeAll(memberId: number, at: Date): Promise<void> {
      await db
        .update(memberTokens)
        .set({ usedAt: at })
        .where(and(eq(memberTokens.memberId, memberId), isNull(memberTokens.usedAt)));
    },
  };
}

export type TokenRepository = ReturnType<typeof createTokenRepository>;
