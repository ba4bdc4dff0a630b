// Web push (issue 17) as other modules see it: the routes (devices of the account settings),
// queuing a push with what caused it (alerts, an order paid) and sending the queue, and its part
// of an account's deletion.
import type { Database } from '../../db/client';
import { createPushRepository } from './repository';
export { pushRoutes } from './routes';
export { deliverPushes, queuePush } from './service';

/** A step of a member's account deletion (members' erasure steps, given by the app): their devices and the pushes for them go; on `tx`, the deletion's transaction. */
export function eraseMemberPush(tx: Database, { memberId }: { memberId: number }): Promise<void> {
  return createPushRepository(tx).eraseMember(memberId);
}
