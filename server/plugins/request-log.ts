/**
 * One JSON log line per answered request, and the request's id carried back to the caller.
 *
 * Fastify's own request lines carry the full URL and the client's address, which hold personal
 * data (a registration, an email in a query, an IP address); they are turned off in buildApp
 * (`disableRequestLogging`). This line says only the route's pattern (`/web-api/orders/:id.json`,
 * never the id), the method, the status and the time taken, with the request id pino adds to every
 * line the request logs (`reqId`). The same id goes back in `x-request-id`, so a person's report
 * of a failure ("request id …") finds its lines.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A proxy's id is kept when it looks like one (so its log and ours meet); anything else is replaced. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's `genReqId`: the proxy's id when it gave a well-formed one, else a new UUID. */
export function requestIdOf(raw: RawRequestDefaultExpression): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PROXY_REQUEST_ID.test(given) ? given : randomUUID();
}

/** What the log says of a route: its pattern, or that none matched (the path itself is not logged). */
export function routeLabelOf(pattern: string | undefined): string {
  return pattern ?? 'unmatched';
}

export const requestLog = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    // At debug level also the arrival, for following a request that never answers.
    app.addHook('onRequest', async (request) => {
      request.log.debug({ route: routeLabelOf(request.routeOptions.url), method: request.method }, 'incoming request');
    });
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        { route: routeLabelOf(request.routeOptions.url), method: request.method, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
