/**
 * Seeds the return reasons (server/seed/data/return-reasons.ts). Upserts by id, so it runs again
 * safely and a changed form reaches the shop; a reason no longer in the file is retired (inactive),
 * not deleted, since the returns that gave it still point at it.
 */
import { count, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { returnReasons } from '../db/schema';
import { RETURN_REASONS } from './data/return-reasons';

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

export async function seedReturnReasons(db: Database): Promise<string> {
  await db.transaction(async (tx) => {
    await tx
      .insert(returnReasons)
      .values(RETURN_REASONS.map((reason, position) => ({ id: reason.id, name: reason.name, position, formFields: reason.formFields, active: true })))
      .onConflictDoUpdate({ target: returnReasons.id, set: { name: excluded('name'), position: excluded('position'), formFields: excluded('form_fields'), active: excluded('active') } });
    await tx
      .update(returnReasons)
      .set({ active: false })
      .where(
        notInArray(
          returnReasons.id,
          RETURN_REASONS.map((reason) => reason.id),
        ),
      );
  });
  return `return reasons: ${RETURN_REASONS.length}`;
}

/** Whether the shop has its return reasons (a database seeded before returns existed has none). */
export async function hasReturnReasons(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(returnReasons);
  return (row?.total ?? 0) > 0;
}
