import type { FastifyInstance } from 'fastify';
import { getAppProps } from '../../../src/contract/app-props';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { ensureSession } from '../../plugins/session';
import { appPropsFor } from './app-props';

export async function storefrontRoutes(api: FastifyInstance, { config, db }: { config: Config; db: Database }): Promise<void> {
  registerCall(api, getAppProps, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await ensureSession(request, reply);
    return { success: true as const, props: await appPropsFor(config, db, session, api.clock(), request), csrfToken: session.csrfToken };
  });
}
