import type { FastifyInstance } from 'fastify';
import { getPartTypes } from '../../../src/contract/part-types';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { createPartTypeRepository } from './repository';

/** Clients fetch the list once and cache it; it changes only when the catalogue is reseeded. */
const PART_TYPES_CACHE_CONTROL = 'public, max-age=3600';

export async function catalogueRoutes(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const partTypes = createPartTypeRepository(db);

  registerCall(
    api,
    getPartTypes,
    async (_request, reply) => {
      reply.header('cache-control', PART_TYPES_CACHE_CONTROL);
      const rows = await partTypes.listInFormOrder();
      return {
        success: true as const,
        data: rows.map((row) => ({
          ID: row.id,
          Name: row.name,
          ExternalName: row.externalName,
          CompatabilityFlag: row.compatibilityFlag ? ('TRUE' as const) : ('FALSE' as const),
        })),
      };
    },
    // A public, shared-cacheable answer must not carry a Set-Cookie.
    { session: false },
  );
}
