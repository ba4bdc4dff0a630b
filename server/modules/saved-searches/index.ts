// Saved searches (issue 17) as other modules see them: the routes, the reader the alerts module
// uses to make an alert of a member's saved search, and its part of an account's deletion.
import type { Database } from '../../db/client';
import { createSavedSearchRepository } from './repository';
export { savedSearchRoutes } from './routes';
export { createSavedSearchService } from './service';

/** A step of a member's account deletion (members' erasure steps, given by the app): their saved searches go; on `tx`, the deletion's transaction. */
export function eraseMemberSavedSearches(tx: Database, { memberId }: { memberId: number }): Promise<void> {
  return createSavedSearchRepository(tx).eraseMember(memberId);
}
