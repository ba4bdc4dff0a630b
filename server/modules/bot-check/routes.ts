import type { FastifyInstance } from 'fastify';
import { getBotCheckChallenge } from '../../../src/contract/bot-check';
import { registerCall } from '../../http/route';
import type { BotCheck } from '../../integrations/bot-check';

export async function botCheckRoutes(api: FastifyInstance, { botCheck }: { botCheck: BotCheck }): Promise<void> {
  registerCall(
    api,
    getBotCheckChallenge,
    async (_request, reply) => {
      // Every form gets its own challenge, usable once.
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await botCheck.challenge()) };
    },
    // Rendering a widget needs no session; the form's submit has one.
    { session: false },
  );
}
