/**
 * SQL of the catalogue's vehicles and part searches. Each query returns plain records; the search
 * queries return part ids (with their compatibility level) through narrow indexes, and
 * {@link CatalogueRepository.partRowsByIds} fetches the card fields of just those ids.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { namedRowsOf, rowsOf } from '../../db/rows';
import { makes, models, partTypes, type PartStatusValue } from '../../db/schema';

export interface PartTypeRecord {
  id: number;
  name: string;
  externalName: string;
  compatibilityFlag: boolean;
}

export interface MakeRecord {
  id: number;
  name: string;
  slug: string;
}

export interface ModelRecord {
  id: number;
  makeId: number;
  makeName: string;
  name: string;
  generation: string | null;
  slug: string;
  yearFrom: number;
  yearTo: number | null;
}

/** The vehicle a search is about, in catalogue terms. */
export interface VehicleCriteria {
  makeId: number;
  /** The models the car may be; empty when only the make is known. */
  modelIds: number[];
  year: number | null;
  /** Null when the lookup gave none: fitments for every engine count. */
  engineCode: string | null;
  partTypeId: number | null;
}

/** One donor vehicle's parts: its stock number, and what else the customer's query names. */
export interface DonorCriteria {
  stockNumber: string;
  makeId: number | null;
  /** The models the car may be; empty when no model is named. */
  modelIds: number[];
  year: number | null;
  partTypeId: number | null;
}

/** A part found by a search, with its best compatibility level with the car (100: no car). */
export interface FoundPart extends PartRow {
  level: number;
}

/** How many parts of each status a search returns. */
export type StatusLimits = Partial<Record<PartStatusValue, number>>;

/** The fields of a part a product card shows, as stored; makes, models and types by id. */
export interface PartRow {
  id: number;
  tag: string;
  partTypeId: number;
  makeId: number;
  modelId: number;
  partName: string;
  year: number;
  description: string;
  oem: string;
  grade: string;
  priceNet: number;
  priceOldNet: number | null;
  stockQuantity: number;
  status: PartStatusValue;
  /** The first image; its drawing seed is part of the picture's versioned URL. */
  mainImage: { id: number; alt: string; seed: number } | null;
}

/** A part row with the names of its make, model and type: everything a product card shows. */
export interface CardRecord extends PartRow {
  partTypeName: string;
  partTypeExternalName: string;
  makeName: string;
  modelName: string;
}

/** Levels above every real one, so an unknown fit sorts last; 100 is SPEC §4's 'unsure'. */
const UNSURE_LEVEL = 100;


/** A LIKE pattern matching every value that starts with `prefix`. */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The fitments of the criteria's models, year, engine and (when given) part type. */
export function fitmentConditions(criteria: VehicleCriteria, partTypeId = criteria.partTypeId): SQL {
  const conditions = [sql`f.model_id IN ${criteria.modelIds}`];
  if (partTypeId !== null) conditions.push(sql`f.part_type_id = ${partTypeId}`);
  if (criteria.year !== null) conditions.push(sql`f.year_from <= ${criteria.year} AND f.year_to >= ${criteria.year}`);
  if (criteria.engineCode !== null) conditions.push(sql`(f.engine_code IS NULL OR f.engine_code = ${criteria.engineCode})`);
  return sql.join(conditions, sql` AND `);
}

/** Parts of the criteria's make when no model is known: the donor vehicle's make, type and year. */
export function makeConditions(criteria: VehicleCriteria): SQL {
  const conditions = [sql`p.make_id = ${criteria.makeId}`];
  if (criteria.partTypeId !== null) conditions.push(sql`p.part_type_id = ${criteria.partTypeId}`);
  if (criteria.year !== null) conditions.push(sql`p.year = ${criteria.year}`);
  return sql.join(conditions, sql` AND `);
}

function limitedStatuses(limits: StatusLimits): [PartStatusValue, number][] {
  return (Object.entries(limits) as [PartStatusValue, number][]).filter(([, limit]) => limit > 0);
}

/**
 * The card columns of parts p, as PartRow names them. The main image is read per row returned,
 * so queries pick their ids first and join these columns to the few they keep.
 */
/** The card fields of a part (alias p), as PartRow names them. */
export const PART_ROW_COLUMNS = sql`p.id, p.tag, p.part_type_id AS "partTypeId", p.make_id AS "makeId", p.model_id AS "modelId",
  p.part_name AS "partName", p.year, p.description, p.oem, p.grade, p.price_net AS "priceNet", p.price_old_net AS "priceOldNet",
  p.stock_quantity AS "stockQuantity", p.status,
  (SELECT json_build_object('id', i.id, 'alt', i.alt, 'seed', i.drawing_seed) FROM part_images i WHERE i.part_id = p.id ORDER BY i.position LIMIT 1) AS "mainImage"`;

/** The card rows of the parts a query found (columns id and level, as f), in `order`. */
function withPartRows(found: SQL, order: SQL): SQL {
  return sql`SELECT ${PART_ROW_COLUMNS}, f.level FROM (${found}) f JOIN parts p ON p.id = f.id ORDER BY ${order}`;
}

export function createCatalogueRepository(db: Database) {
  return {
    /**
     * Every part type in the order the search forms list them (SPEC §5): names not starting with
     * a digit first, then alphabetically. The "C" collation and lower() make the order the same
     * on PGlite and on any PostgreSQL server, whatever its locale.
     */
    async listPartTypesInFormOrder(): Promise<PartTypeRecord[]> {
      return db
        .select({
          id: partTypes.id,
          name: partTypes.name,
          externalName: partTypes.externalName,
          compatibilityFlag: partTypes.compatibilityFlag,
        })
        .from(partTypes)
        .orderBy(sql`${partTypes.name} ~ '^[0-9]'`, sql`lower(${partTypes.name}) COLLATE "C"`, partTypes.id);
    },

    async listMakes(): Promise<MakeRecord[]> {
      return db.select({ id: makes.id, name: makes.name, slug: makes.slug }).from(makes).orderBy(sql`lower(${makes.name}) COLLATE "C"`, makes.id);
    },

    /** Every model (one row per generation), alphabetical within its make, oldest generation first. */
    async listModels(): Promise<ModelRecord[]> {
      return db
        .select({
          id: models.id,
          makeId: models.makeId,
          makeName: makes.name,
          name: models.name,
          generation: models.generation,
          slug: models.slug,
          yearFrom: models.yearFrom,
          yearTo: models.yearTo,
        })
        .from(models)
        .innerJoin(makes, eq(makes.id, models.makeId))
        .orderBy(asc(models.makeId), sql`lower(${models.name}) COLLATE "C"`, asc(models.yearFrom), asc(models.id));
    },

    /**
     * Parts that fit the vehicle, per status up to its limit: with known models through the
     * fitments (best level per part first), else the make's parts (newest first, level unsure).
     */
    async findFittingParts(criteria: VehicleCriteria, limits: StatusLimits): Promise<FoundPart[]> {
      const statuses = limitedStatuses(limits);
      if (statuses.length === 0) return [];
      if (criteria.modelIds.length === 0) {
        const arms = statuses.map(
          ([status, limit]) =>
            sql`(SELECT p.id, ${UNSURE_LEVEL}::int AS level FROM parts p
                 WHERE ${makeConditions(criteria)} AND p.status = ${status} ORDER BY p.id DESC LIMIT ${limit})`,
        );
        return rowsOf<FoundPart>(db, withPartRows(sql.join(arms, sql` UNION ALL `), sql`p.status, p.id DESC`));
      }
      const limitOf = sql.join(
        statuses.map(([status, limit]) => sql`WHEN ${status} THEN ${limit}`),
        sql` `,
      );
      const ranked = sql`
        WITH fitting AS (
          SELECT f.part_id, min(f.level)::int AS level FROM fitments f
          WHERE ${fitmentConditions(criteria)}
          GROUP BY f.part_id
        ), ranked AS (
          SELECT p.id, p.status, fitting.level,
                 row_number() OVER (PARTITION BY p.status ORDER BY fitting.level, p.id) AS position
          FROM fitting JOIN parts p ON p.id = fitting.part_id
          WHERE p.status IN ${statuses.map(([status]) => status)}
        )
        SELECT id, level, position FROM ranked WHERE position <= CASE status ${limitOf} ELSE 0 END`;
      return rowsOf<FoundPart>(db, withPartRows(ranked, sql`p.status, f.position`));
    },

    /**
     * The parts of one donor vehicle, per status up to its limit, in the order they were listed;
     * the (stock_number, status, id) index reads only the rows returned.
     */
    async findDonorParts(donor: DonorCriteria, limits: StatusLimits): Promise<FoundPart[]> {
      const statuses = limitedStatuses(limits);
      if (statuses.length === 0) return [];
      const conditions = [sql`p.stock_number = ${donor.stockNumber}`];
      if (donor.makeId !== null) conditions.push(sql`p.make_id = ${donor.makeId}`);
      if (donor.modelIds.length > 0) conditions.push(sql`p.model_id IN ${donor.modelIds}`);
      if (donor.year !== null) conditions.push(sql`p.year = ${donor.year}`);
      if (donor.partTypeId !== null) conditions.push(sql`p.part_type_id = ${donor.partTypeId}`);
      const arms = statuses.map(
        ([status, limit]) =>
          sql`(SELECT p.id, ${UNSURE_LEVEL}::int AS level FROM parts p
               WHERE ${sql.join(conditions, sql` AND `)} AND p.status = ${status} ORDER BY p.id LIMIT ${limit})`,
      );
      return rowsOf<FoundPart>(db, withPartRows(sql.join(arms, sql` UNION ALL `), sql`p.status, p.id`));
    },

    /**
     * Parts whose normalised part number starts with `key`, per status up to its limit. Ordered
     * by that number, so exact matches (the shortest numbers with that start) come first; the
     * (status, oem_normalised) index reads only the rows returned.
     */
    async findByPartNumber(key: string, limits: StatusLimits): Promise<FoundPart[]> {
      const statuses = limitedStatuses(limits);
      if (statuses.length === 0) return [];
      const pattern = prefixPattern(key);
      const arms = statuses.map(
        ([status, limit]) =>
          sql`(SELECT p.id, ${UNSURE_LEVEL}::int AS level FROM parts p
               WHERE p.status = ${status} AND p.oem_normalised LIKE ${pattern}
               ORDER BY p.oem_normalised USING ~<~, p.id LIMIT ${limit})`,
      );
      return rowsOf<FoundPart>(db, withPartRows(sql.join(arms, sql` UNION ALL `), sql`p.status, p.oem_normalised USING ~<~, p.id`));
    },

    /** The best (lowest) fitment level of each part for the vehicle; parts that do not fit are left out. */
    async bestLevels(partIds: number[], criteria: VehicleCriteria): Promise<Map<number, number>> {
      if (partIds.length === 0) return new Map();
      const vehicle =
        criteria.modelIds.length > 0
          ? fitmentConditions(criteria, null)
          : sql`f.model_id IN (SELECT m.id FROM models m WHERE m.make_id = ${criteria.makeId})
                ${criteria.year === null ? sql`` : sql`AND f.year_from <= ${criteria.year} AND f.year_to >= ${criteria.year}`}`;
      const rows = await rowsOf<{ id: number; level: number }>(
        db,
        sql`SELECT f.part_id AS id, min(f.level)::int AS level FROM fitments f
            WHERE f.part_id = ANY(${sql.param(partIds)}::int[]) AND ${vehicle} GROUP BY f.part_id`,
      );
      return new Map(rows.map((row) => [row.id, row.level]));
    },

    /** One available part per part type other than `excludePartTypeId`, in form order of the types. */
    async findOnePerPartType(criteria: VehicleCriteria, excludePartTypeId: number | null, limit: number): Promise<FoundPart[]> {
      const pick =
        criteria.modelIds.length > 0
          ? sql`SELECT f.part_id AS id, f.level::int AS level FROM fitments f JOIN parts p ON p.id = f.part_id
                WHERE ${fitmentConditions(criteria, null)} AND f.part_type_id = pt.id AND p.status = 'available'
                ORDER BY f.level, f.part_id LIMIT 1`
          : sql`SELECT p.id, ${UNSURE_LEVEL}::int AS level FROM parts p
                WHERE ${makeConditions({ ...criteria, partTypeId: null })} AND p.part_type_id = pt.id AND p.status = 'available'
                LIMIT 1`;
      const picked = sql`SELECT pick.id, pick.level, pt.name AS type_name FROM part_types pt
                         CROSS JOIN LATERAL (${pick}) pick
                         WHERE pt.id <> ${excludePartTypeId ?? 0}
                         ORDER BY pt.name LIMIT ${limit}`;
      return rowsOf<FoundPart>(db, withPartRows(picked, sql`f.type_name`));
    },

    /** The newest available parts, of the vehicle when one is given, else of the part type if given. */
    async findRecent(criteria: VehicleCriteria | null, partTypeId: number | null, limit: number): Promise<FoundPart[]> {
      const newest = sql`ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`;
      let found: SQL;
      if (criteria === null) {
        found = sql`SELECT p.id, ${UNSURE_LEVEL}::int AS level FROM parts p
                    WHERE p.status = 'available' ${partTypeId === null ? sql`` : sql`AND p.part_type_id = ${partTypeId}`} ${newest}`;
      } else if (criteria.modelIds.length === 0) {
        found = sql`SELECT p.id, ${UNSURE_LEVEL}::int AS level FROM parts p
                    WHERE ${makeConditions(criteria)} AND p.status = 'available' ${newest}`;
      } else {
        found = sql`SELECT p.id, fitting.level FROM (
                      SELECT f.part_id, min(f.level)::int AS level FROM fitments f WHERE ${fitmentConditions(criteria)} GROUP BY f.part_id
                    ) fitting JOIN parts p ON p.id = fitting.part_id
                    WHERE p.status = 'available' ${newest}`;
      }
      return rowsOf<FoundPart>(db, withPartRows(found, sql`p.created_at DESC, p.id DESC`));
    },

    /** The card fields of the given parts, in the order of `ids`. */
    async partRowsByIds(ids: readonly number[]): Promise<PartRow[]> {
      if (ids.length === 0) return [];
      // One array parameter: the same statement text whatever the number of ids.
      const rows = await namedRowsOf<PartRow>(db, sql`SELECT ${PART_ROW_COLUMNS} FROM parts p WHERE p.id = ANY(${sql.param([...ids])}::int[])`);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The stock version: a number the parts table's triggers raise with every change of a part
     * (sold, reserved, returned, added, edited; migration 0010). 0 before the first change.
     */
    async stockVersion(): Promise<number> {
      const [row] = await rowsOf<{ version: string }>(db, sql`SELECT version::text AS version FROM catalogue_version WHERE id = 1`);
      return row ? Number(row.version) : 0;
    },

    /**
     * Raises the stock version by hand, as the parts' triggers do, for a change of what product
     * pages show that is no change of a part (a buyer's review approved, issue 32): kept answers
     * are then made afresh.
     */
    async raiseVersion(): Promise<void> {
      await db.execute(sql`INSERT INTO catalogue_version AS v (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = v.version + 1`);
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
