import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partTypes } from '../../db/schema';

export interface PartTypeRecord {
  id: number;
  name: string;
  externalName: string;
  compatibilityFlag: boolean;
}

export function createPartTypeRepository(db: Database) {
  return {
    /**
     * Every part type in the order the search forms list them (SPEC §5): names not starting with
     * a digit first, then alphabetically. The "C" collation and lower() make the order the same
     * on PGlite and on any PostgreSQL server, whatever its locale.
     */
    async listInFormOrder(): Promise<PartTypeRecord[]> {
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
  };
}

export type PartTypeRepository = ReturnType<typeof createPartTypeRepository>;
