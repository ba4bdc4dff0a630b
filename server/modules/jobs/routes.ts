import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { applyForJob, featuredJobs, getJob, listJobCategories, listJobLocations, listJobs } from '../../../src/contract/jobs';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { createJobService } from './service';
import { JOB_UPLOAD_LIMITS, readApplication } from './upload';

/** Staff change adverts in the back office and /jobs shows it at once: browsers ask again each time. */
const PUBLIC = 'public, no-cache';

/**
 * Calls of src/contract/jobs.ts. The reads are public (no session is read or started); the
 * application is a write with the CSRF header, and multipart parsing is registered in its own
 * scope only, so no other call accepts a multipart body.
 */
export async function jobRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createJobService({ db, now: api.clock, shopEmail: config.shopEmail, publicUrl: config.publicUrl });

  registerCall(
    api,
    listJobs,
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, ...(await service.list(request.query)) };
    },
    { session: false },
  );

  registerCall(
    api,
    featuredJobs,
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, ...(await service.featured()) };
    },
    { session: false },
  );

  registerCall(
    api,
    listJobCategories,
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, items: await service.categories() };
    },
    { session: false },
  );

  registerCall(
    api,
    listJobLocations,
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, data: await service.locations() };
    },
    { session: false },
  );

  registerCall(
    api,
    getJob,
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, job: await service.job(request.params.id) };
    },
    { session: false },
  );

  await api.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: JOB_UPLOAD_LIMITS, throwFileSizeLimit: false });
    registerCall(uploads, applyForJob, async (request) => ({ success: true as const, ...(await service.apply(request.params.id, await readApplication(request))) }));
  });
}
