import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createDvlaVehicleLookup } from './dvla';
import { createEmbeddedVehicleLookup } from './embedded-repository';
import type { VehicleLookup } from './vehicle-lookup';

/** The adapter the configuration names (DVLA_API_KEY set: the DVLA; otherwise the embedded registry). */
export function createVehicleLookup(config: Config['vehicleLookup'], db: Database): VehicleLookup {
  if (config.adapter === 'dvla') return createDvlaVehicleLookup(config);
  return createEmbeddedVehicleLookup(db);
}
