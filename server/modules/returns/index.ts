// The returns module as other modules see it: its routes (reasons, creating a return with photos,
// a return's photo), the latest return and the refunds of order lines, which the order list shows,
// and its part of an account's deletion.
import type { ReturnStatus } from '../../../src/domain/orders';
import { choiceAnswers } from '../../../src/domain/return-form';
import type { Database } from '../../db/client';
import { createReturnsRepository } from './repository';

/**
 * The latest return (by creation) of each of these order lines, by line id; a line never
 * returned is absent. One statement, whatever the number of lines.
 */
export function latestReturnsOfLines(db: Database, lineIds: readonly number[]): Promise<Map<number, { id: number; status: ReturnStatus }>> {
  return createReturnsRepository(db).latestOfLines(lineIds);
}

/** A step of a member's account deletion (members' erasure steps, given by the app): their returns keep no photo and none of their own words; on `tx`, the deletion's transaction. */
export function eraseMemberReturns(tx: Database, member: { memberId: number }): Promise<void> {
  return createReturnsRepository(tx).eraseMember(member.memberId, choiceAnswers);
}

export { refundedOfLines } from './line-refunds';
export { returnRoutes } from './routes';

export { RETURN_UPLOAD_LIMITS } from './upload';
export { createReturnStatusService, type ReturnStatusService } from './status-service';
