// The product forms module as other modules see it: its routes and the back-in-stock run that
// whoever puts parts back on sale calls.
import type { Database } from '../../db/client';
import { createProductFormRepository } from './repository';
export { backInStockRounds, runBackInStock, type BackInStockOptions } from './back-in-stock';
export { enquiryRoutes, productNotificationRoutes } from './routes';

/** A step of a member's account deletion (members' erasure steps, given by the app): its back-in-stock requests go and its enquiries keep no personal data; on `tx`, the deletion's transaction. */
export function eraseMemberProductForms(tx: Database, member: { memberId: number; anonymisedEmail: string; anonymisedName: string }): Promise<void> {
  return createProductFormRepository(tx).eraseMember(member);
}
