import type { FastifyInstance } from 'fastify';
import { getAppProps } from '../../../src/contract/app-props';
import type { Config } from '../../config';
import { registerCall } from '../../http/route';
import { ensureSession } from '../../plugins/session';
import { appPropsFor } from './app-props';

export async function storefrontRoutes(api: FastifyInstance, { config }: { config: Config }): Promise<void> {
  registerCall(api, getAppProps, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await ensureSession(request, reply);
    return { success: true as const, props: appPropsFor(config, session), csrfToken: session.csrfToken };
  });
}
