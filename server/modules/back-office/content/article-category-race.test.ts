// api-suite: both engines (row locks: PGlite runs one transaction at a time)
/**
 * An article saved while its category is being deleted: the article's category is held until it
 * is saved, so whichever commits first, the other is refused in words (422 naming category_id, or
 * the delete's 409), never a foreign key failure answered 500.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleCategories } from '../../../db/schema';
import { articleForm, storedArticleTerm } from '../../../test/admin-articles';
import { testApp } from '../../../test/app';
import { testDatabase } from '../../../test/database';
import { addOwner, enrolAndSignIn, testClock } from '../../../test/staff';

describe('an article and its category deleted meanwhile', () => {
  it('names category_id with a 422 when the category is gone by the time the article is saved', async () => {
    const clock = testClock();
    const app = await testApp({ clock: clock.now });
    const { db } = await testDatabase();
    await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    const category = await storedArticleTerm(db, 'category');
    const form = await articleForm(db, { category_id: category });
    expect((await owner.post(`/web-api/admin/article-categories/${category}/delete`)).statusCode).toBe(200);

    const response = await owner.post('/web-api/admin/articles/create', { ...form });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, errors: { category_id: ['Choose a category.'] } });
  });

  it('waits for a delete in progress and then names category_id, not a foreign key 500 (PostgreSQL)', async () => {
    const handle = await testDatabase();
    // Embedded PGlite runs one transaction at a time: there is no race to lose there.
    if (handle.driver !== 'postgres') return;
    const clock = testClock();
    const app = await testApp({ clock: clock.now });
    const { db } = handle;
    await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    const category = await storedArticleTerm(db, 'category');
    const form = await articleForm(db, { category_id: category });

    let saving: ReturnType<typeof owner.post> | undefined;
    await db.transaction(async (tx) => {
      // Another member of staff's delete, not yet committed, holds the category's row.
      await tx.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.id, category)).for('update');
      await tx.delete(articleCategories).where(eq(articleCategories.id, category));
      saving = owner.post('/web-api/admin/articles/create', { ...form });
      // Commit only once the save is waiting on the category's row.
      for (;;) {
        const waiting = await db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        if (((waiting as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0) > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    const response = await saving;
    expect(response?.statusCode).toBe(422);
    expect(response?.json()).toMatchObject({ errors: { category_id: ['Choose a category.'] } });
  });
});
