// The part requests module as other modules see it: its routes.
import type { Database } from '../../db/client';
import { createPartRequestRepository } from './repository';
export { partRequestRoutes } from './routes';
export { createPartRequestStatusService, type PartRequestStatusService } from './status-service';

/** A step of a member's account deletion (members' erasure steps, given by the app): its part requests keep no personal data; on `tx`, the deletion's transaction. */
export function eraseMemberPartRequests(tx: Database, member: { memberId: number; anonymisedEmail: string; anonymisedName: string }): Promise<void> {
  return createPartRequestRepository(tx).eraseMember(member);
}
