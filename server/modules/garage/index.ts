// The garage (issue 17) as other modules see it: the routes, the reader the alerts module makes
// vehicle alerts with, the order lines' vehicle snapshots (orders and order history), and its part
// of an account's deletion.
import { vehicleLabel } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import { createGarageRepository } from './repository';
export { garageRoutes } from './routes';
export { createGarageService, createOrderVehicleSnapshots, orderLineVehiclesOf } from './service';

/**
 * A step of a member's account deletion (members' erasure steps, given by the app): their garage
 * goes and their order lines' vehicles keep no registration; on `tx`, the deletion's transaction.
 */
export function eraseMemberGarage(tx: Database, { memberId }: { memberId: number }): Promise<void> {
  return createGarageRepository(tx).eraseMember(memberId, vehicleLabel);
}
