/**
 * The garage (issue 17, src/contract/garage.ts): a member's vehicles, one current; the saved VRN
 * of SPEC §4 made the current vehicle; the fit of parts to it; and the vehicle each order line was
 * bought for. A registration is looked up (the vehicle-lookup port, through the catalogue's stock
 * search) when it is added, and what the vehicle finds is kept with it.
 */
import type { GarageVehicle, OrderLineVehicle } from '../../../src/contract/garage';
import { compatibility } from '../../../src/domain/compatibility';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { vehicleLabel } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import { conflict, invalid, notFound, unauthorised } from '../../errors';
import type { StockSearch } from '../catalogue/index';
import { createIdempotency, type IdempotencyScope } from '../../http/idempotency';
import { createGarageRepository, type GarageRow, type NewGarageVehicle } from './repository';

/** A trade buyer's regular vehicles; a bound on what one member can make the worker do. */
export const GARAGE_LIMIT = 20;
const NOT_FOUND = 'This vehicle is not in your garage.';

export function garageVehicle(row: GarageRow): GarageVehicle {
  return {
    id: row.id,
    vrn: row.vrn,
    make: row.make,
    model: row.model,
    year: row.year,
    engine_code: row.engineCode,
    label: vehicleLabel(row),
    current: row.isCurrent,
    alert_id: row.alertId,
    search: row.vrn ? { vrn: row.vrn } : { make: row.make, ...(row.model ? { model: row.model } : {}), ...(row.year !== null ? { year: row.year } : {}) },
  };
}

/** Badge fields of a level, as product cards carry them. */
export function compatibilityAnswer(level: number) {
  const fit = compatibility(level);
  return {
    CompatabilityLevel: fit.level,
    CompatibilityBadge: fit.showsBadge ? t(fit.labelKey) : '',
    CompatibilityBadgeClass: fit.showsBadge ? fit.className : ('' as const),
  };
}

export interface VehicleInput {
  vrn?: string | undefined;
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  current?: boolean | undefined;
}

export function createGarageService({ db, stock, now }: { db: Database; stock: StockSearch; now: () => Date }) {
  const repository = createGarageRepository(db);

  async function memberId(signedIn: number | null): Promise<number> {
    if (signedIn === null || !(await repository.isMember(signedIn))) throw unauthorised(t('members.sign_in_required'));
    return signedIn;
  }

  async function found(member: number, id: number): Promise<GarageRow> {
    const row = await repository.find(member, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /**
   * What the vehicle is, by the lookup and the catalogue: read before any write's transaction (the
   * catalogue's handle is not usable while one is open on embedded PGlite). A number: the
   * member's vehicle of that registration, already in the garage.
   */
  async function resolveVehicle(member: number, input: VehicleInput): Promise<NewGarageVehicle | number> {
    if (input.vrn) {
      const existing = await repository.findByVrn(member, input.vrn);
      if (existing) return existing.id;
      const car = await stock.carOf(input.vrn);
      if (!car) throw invalid({ vrn: [t('filters.vrn_not_found')] });
      const criteria = await stock.criteriaOf({ vrn: input.vrn, ...(input.model ? { model: input.model } : {}) });
      return { memberId: member, vrn: input.vrn, make: car.Make, model: car.Model ?? input.model ?? null, year: car.Year, engineCode: car.EngineCode, criteria, createdAt: now() };
    }
    const make = input.make ?? '';
    const criteria = await stock.criteriaOf({ make, ...(input.model ? { model: input.model } : {}), ...(input.year !== undefined ? { year: input.year } : {}) });
    if (!criteria) throw invalid(input.model ? { model: ['We do not know this model of that make.'] } : { make: ['We do not know this make.'] });
    return { memberId: member, vrn: null, make, model: input.model ?? null, year: input.year ?? null, engineCode: '', criteria, createdAt: now() };
  }

  /** Adds the resolved vehicle (or finds it) on `db` and answers its id. */
  async function insertVehicle(db: Database, member: number, vehicle: NewGarageVehicle | number): Promise<number> {
    if (typeof vehicle === 'number') return vehicle;
    const writer = createGarageRepository(db);
    if ((await writer.countOf(member)) >= GARAGE_LIMIT) throw conflict(`Your garage holds at most ${GARAGE_LIMIT} vehicles.`);
    return writer.insert(vehicle);
  }

  return {
    async list(signedIn: number | null): Promise<{ vehicles: GarageVehicle[]; current_id: number | null }> {
      const rows = await repository.list(await memberId(signedIn));
      return { vehicles: rows.map(garageVehicle), current_id: rows.find((row) => row.isCurrent)?.id ?? null };
    },

    /** Adds the vehicle once per Idempotency-Key: a repeat answers the vehicle the first one added, as it is now. */
    async add(signedIn: number | null, input: VehicleInput, scope?: IdempotencyScope): Promise<{ vehicle: GarageVehicle; replayed: boolean }> {
      const member = await memberId(signedIn);
      const idempotency = createIdempotency(db);
      const earlier = await idempotency.replay<{ id: number }>(scope);
      if (earlier) return { vehicle: garageVehicle(await found(member, earlier.id)), replayed: true };
      const resolved = await resolveVehicle(member, input);
      const { answer, replayed } = await idempotency.once(scope, async (tx) => {
        const id = await insertVehicle(tx, member, resolved);
        // The first vehicle is current: the fit badges need one.
        const writer = createGarageRepository(tx);
        if (input.current || !(await writer.current(member))) await writer.setCurrent(member, id);
        return { id };
      });
      return { vehicle: garageVehicle(await found(member, answer.id)), replayed };
    },

    async remove(signedIn: number | null, id: number): Promise<void> {
      if (!(await repository.remove(await memberId(signedIn), id))) throw notFound(NOT_FOUND);
    },

    async setCurrent(signedIn: number | null, id: number): Promise<GarageVehicle> {
      const member = await memberId(signedIn);
      await found(member, id);
      await repository.setCurrent(member, id);
      return garageVehicle(await found(member, id));
    },

    /** SPEC §4's saved VRN for a member: its vehicle (added when new) is current; '' leaves none current. */
    async saveVrn(signedIn: number | null, vrn: string): Promise<GarageVehicle | null> {
      const member = await memberId(signedIn);
      if (vrn === '') {
        await repository.setCurrent(member, null);
        return null;
      }
      const id = await insertVehicle(db, member, await resolveVehicle(member, { vrn }));
      await repository.setCurrent(member, id);
      return garageVehicle(await found(member, id));
    },

    /** The SPEC §4 level of each part for the current vehicle (or the given one); 100 without a vehicle. */
    async compatibility(signedIn: number | null, tags: readonly string[], vehicleId: number | undefined) {
      const member = await memberId(signedIn);
      const vehicle = vehicleId === undefined ? await repository.current(member) : await found(member, vehicleId);
      const levels = await stock.levelsOfTags(tags, vehicle?.criteria ?? null);
      return {
        vehicle: vehicle ? garageVehicle(vehicle) : null,
        levels: tags.flatMap((tag) => {
          const level = levels.get(tag);
          return level === undefined ? [] : [{ tag, ...compatibilityAnswer(level) }];
        }),
      };
    },

    /** For the alerts module: the member's vehicle with what it finds (undefined: not theirs). */
    async forAlert(member: number, id: number) {
      const row = await repository.find(member, id);
      return row ? { id: row.id, label: vehicleLabel(row), criteria: row.criteria } : undefined;
    },
  };
}

/**
 * Each order line keeps the vehicle it was bought for: the member's current garage vehicle (for a
 * member, the saved VRN is that vehicle) and the fit the badge showed. Called by the orders module
 * right after create-order's transaction commits (the fit is read through the catalogue's own
 * handle, which embedded PGlite cannot use while that transaction is open); a repeated
 * create-order answering the same order keeps the first snapshot.
 */
export function createOrderVehicleSnapshots(stock: StockSearch) {
  return {
    async record(db: Database, orderHash: string): Promise<void> {
      const repository = createGarageRepository(db);
      const lines = await repository.orderLines(orderHash);
      const memberId = lines[0]?.memberId;
      if (memberId === undefined) return;
      const vehicle = await repository.current(memberId);
      if (!vehicle) return;
      const levels = await stock.levelsOfTags(
        lines.map((line) => line.tag),
        vehicle.criteria,
      );
      await repository.insertLineVehicles(
        lines.map((line) => ({
          orderProductId: line.id,
          vrn: vehicle.vrn,
          make: vehicle.make,
          model: vehicle.model,
          year: vehicle.year,
          label: vehicleLabel(vehicle),
          compatibility: compatibility(levels.get(line.tag) ?? 100).level,
        })),
      );
    },

  };
}

/** The vehicle snapshots of order lines by line id (lines bought without a vehicle are absent). */
export async function orderLineVehiclesOf(db: Database, orderProductIds: readonly number[]): Promise<Map<number, OrderLineVehicle>> {
  const rows = await createGarageRepository(db).lineVehicles(orderProductIds);
  return new Map(rows.map((row) => [row.orderProductId, { vrn: row.vrn, make: row.make, model: row.model, year: row.year, label: row.label, CompatabilityLevel: compatibility(row.compatibility).level }]));
}
