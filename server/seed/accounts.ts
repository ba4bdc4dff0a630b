/**
 * Seeds the member accounts' reference data (server/seed/data/accounts.ts): the reasons for
 * deleting an account and the registration form's agreement texts (content pages). Upserts by key,
 * so it runs again safely and never touches what members did (their recorded deletions keep
 * pointing at their reason).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contentPages, deletionReasons } from '../db/schema';
import { SIGN_UP_STATIC_KEYS, signUpStaticSlug } from '../modules/members/sign-up-statics';
import { DELETION_REASONS, SIGN_UP_STATICS } from './data/accounts';

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

const TITLES: Readonly<Record<(typeof SIGN_UP_STATIC_KEYS)[number], string>> = {
  agree_terms: 'Terms and conditions agreement',
  agree_privacy: 'Privacy policy agreement',
  agree_marketing: 'Newsletter consent',
  agree_direct_marketing: 'Direct marketing consent',
  gdpr_clause: 'How we use your personal data',
};

export async function seedAccounts(db: Database): Promise<string> {
  await db.transaction(async (tx) => {
    await tx
      .insert(deletionReasons)
      .values(DELETION_REASONS.map((reason, position) => ({ ...reason, position })))
      .onConflictDoUpdate({ target: deletionReasons.id, set: { name: excluded('name'), position: excluded('position') } });
    await tx
      .insert(contentPages)
      .values(SIGN_UP_STATIC_KEYS.map((key) => ({ slug: signUpStaticSlug(key), title: TITLES[key], content: SIGN_UP_STATICS[key] })))
      .onConflictDoUpdate({ target: contentPages.slug, set: { title: excluded('title'), content: excluded('content') } });
  });
  return `accounts: ${DELETION_REASONS.length} deletion reasons, ${SIGN_UP_STATIC_KEYS.length} sign-up texts`;
}
