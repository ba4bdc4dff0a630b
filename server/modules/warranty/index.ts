// The warranty module as other modules see it: its routes (a paid line's warranty certificate, the
// public check of a certificate by its number, the member's warranty claims) and the claims as the
// back office works on them, its part of an account's deletion, and what the order list and the
// returns read of a line's warranty and claims.
import { erasedClaimAnswers } from '../../../src/domain/warranty-claims';
import { isInWarranty, warrantyEndsAt } from '../../../src/domain/warranty-certificates';
import type { Database } from '../../db/client';
import { createClaimsRepository } from './claims-repository';
import { createWarrantyRepository } from './repository';
export { warrantyRoutes } from './routes';
export { createClaimStaffService, type ClaimNews, type ClaimRow, type ClaimStaffService } from './claims-staff';

/**
 * A step of a member's account deletion (members' erasure steps, given by the app): their warranty
 * claims stay as the shop's records of the decision and the money, without the evidence (photos,
 * the garage's invoice) or what the member wrote, and their certificates without the vehicle's
 * registration; on `tx`, the deletion's transaction.
 */
export async function eraseMemberWarranty(tx: Database, member: { memberId: number }): Promise<void> {
  await createClaimsRepository(tx).eraseMember(member.memberId, erasedClaimAnswers);
  await createWarrantyRepository(tx).eraseMemberRegistrations(member.memberId);
}

/** What claims settled by a refund gave back on these order lines (pence), by line id; one statement. */
export function claimRefundsOfLines(db: Database, lineIds: readonly number[]): Promise<Map<number, number>> {
  return createClaimsRepository(db).refundsOfLines(lineIds);
}

/**
 * The warranty of each paid line sold with one, by line id: when it ends (as its certificate says
 * once issued, else from the payment for the warranty's days) and whether it is in force at `now`.
 * A line of an unpaid order or sold without a warranty is absent.
 */
export async function warrantiesOfLines(
  db: Database,
  lines: readonly { id: number; warrantyId: number | null; paidAt: Date | null }[],
  now: Date,
): Promise<Map<number, { endsAt: Date; inWarranty: boolean }>> {
  const covered = lines.filter((line): line is { id: number; warrantyId: number; paidAt: Date } => line.warrantyId !== null && line.paidAt !== null);
  const repo = createWarrantyRepository(db);
  const [certified, days] = await Promise.all([repo.certificateEndsOfLines(covered.map((line) => line.id)), repo.warrantyDaysOf([...new Set(covered.map((line) => line.warrantyId))])]);
  const terms = new Map<number, { endsAt: Date; inWarranty: boolean }>();
  for (const line of covered) {
    const term = days.get(line.warrantyId);
    const endsAt = certified.get(line.id) ?? (term === undefined ? undefined : warrantyEndsAt(line.paidAt, term));
    if (endsAt) terms.set(line.id, { endsAt, inWarranty: isInWarranty(endsAt, now) });
  }
  return terms;
}
