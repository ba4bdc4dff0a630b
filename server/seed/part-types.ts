/**
 * Part types as a UK breaker sells them (SPEC §3): the name the forms show, the name the parts feed
 * uses (upper snake case, or in square brackets from the second feed), whether fitting depends on
 * the engine or model (CompatabilityFlag), and the package the part ships in; the rows are
 * data/part-types.json.
 */
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Database } from '../db/client';
import { PACKAGE_TYPES, partTypes, type PackageType } from '../db/schema';
import { readReferenceData } from './data/load';

type PartTypeSeed = readonly [name: string, externalName: string, compatibility: boolean, packageType: PackageType];

/** data/part-types.json: one row per part type, in the order the forms list them. */
const partTypesFile = z.array(
  z.object({
    name: z.string().min(1),
    externalName: z.string().min(1),
    compatibility: z.boolean(),
    packageType: z.enum(PACKAGE_TYPES),
  }),
);

export const PART_TYPE_SEEDS: readonly PartTypeSeed[] = readReferenceData('part-types.json', partTypesFile).map(
  (row) => [row.name, row.externalName, row.compatibility, row.packageType] as const,
);

/**
 * Inserts the part types, or brings existing rows (matched by name) up to date, so running the
 * seed twice changes nothing and keeps every ID that products already point to.
 */
export async function seedPartTypes(db: Database): Promise<void> {
  await db
    .insert(partTypes)
    .values(
      PART_TYPE_SEEDS.map(([name, externalName, compatibilityFlag, packageType]) => ({ name, externalName, compatibilityFlag, packageType })),
    )
    .onConflictDoUpdate({
      target: partTypes.name,
      set: {
        externalName: sql`excluded.external_name`,
        compatibilityFlag: sql`excluded.compatibility_flag`,
        packageType: sql`excluded.package_type`,
      },
    });
}
