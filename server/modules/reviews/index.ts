// The reviews module as other modules see it (issue 32): the member's review calls, the review
// invitations' round, the moderation the back office's content screens make, and its part of an
// account's deletion.
import type { Database } from '../../db/client';
import { productPagesChanged } from '../catalogue/index';
import { createReviewRepository } from './repository';
export { reviewRoutes } from './routes';
export { reviewInvitationRounds } from './invitations';
export { createReviewModerationService, REVIEW_MESSAGES, type ReviewAudit } from './service';

/**
 * A step of a member's account deletion (members' erasure steps, given by the app): their reviews
 * awaiting moderation go; the approved ones keep their text and stay shown without the member's
 * name (part pages show the member row's first name, which the deletion empties), so the kept
 * product pages and review lists are dropped with the stock version, raised in `tx`, the
 * deletion's transaction (every process sees it at its next poll of the version).
 */
export async function eraseMemberReviews(tx: Database, { memberId }: { memberId: number }): Promise<void> {
  const { shown } = await createReviewRepository(tx).eraseMember(memberId);
  if (shown) await productPagesChanged(tx);
}
