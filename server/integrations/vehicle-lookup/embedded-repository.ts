/**
 * The embedded vehicle registry: the registrations table, so registration search works with no
 * network and no keys. Like a real service it knows some registrations and not others, and some
 * of its answers name the make but not the model.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { makes, models, registrations } from '../../db/schema';
import { modelLabel } from './model-label';
import type { LookupResult, VehicleLookup } from './vehicle-lookup';

export function createEmbeddedVehicleLookup(db: Database): VehicleLookup {
  // Prepared once per connection: every registration search starts here, and planning this
  // three-table join costs more than running it.
  const byVrn = db
    .select({
      make: makes.name,
      modelName: models.name,
      generation: models.generation,
      year: registrations.year,
      style: registrations.style,
      transmission: registrations.transmission,
      gears: registrations.gears,
      engineCode: registrations.engineCode,
      imageUrl: registrations.imageUrl,
    })
    .from(registrations)
    .innerJoin(makes, eq(makes.id, registrations.makeId))
    .leftJoin(models, eq(models.id, registrations.modelId))
    .where(eq(registrations.vrn, sql.placeholder('vrn')))
    .limit(1)
    .prepare('registration_by_vrn');

  return {
    async lookup(vrn) {
      const [row] = await byVrn.execute({ vrn });
      if (!row) return { status: 'not_found' } satisfies LookupResult;
      const { modelName, generation, ...vehicle } = row;
      return { status: 'found', vehicle: { ...vehicle, model: modelName === null ? null : modelLabel(modelName, generation) } };
    },
  };
}
