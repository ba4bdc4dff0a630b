import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

/** Part type as SPEC §3 spells it. CompatabilityFlag 'TRUE' shows the compatibility check and badge. */
export const partTypeSchema = lazySchema(() => z.object({
  ID: z.int(),
  Name: z.string(),
  ExternalName: z.string(),
  CompatabilityFlag: z.enum(['TRUE', 'FALSE']),
}));
export type PartType = z.infer<typeof partTypeSchema>;

/** GET /products/types.json — fetched once by clients and cached (SPEC §7). */
export const getPartTypes = defineCall({
  method: 'GET',
  path: '/products/types.json',
  summary: 'All part types, in the order the search forms show them',
  response: lazySchema(() => success({ data: z.array(partTypeSchema) })),
});
