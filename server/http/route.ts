/**
 * Registers a call of src/contract as a Fastify route: the contract's zod schemas validate the
 * request, serialize the answer (unknown fields never leak) and feed the OpenAPI document, and the
 * handler is typed from the same call.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type * as z from 'zod/v4/core';
import { type CallDefinition, failureResponse } from '../../src/contract/define';

/** The parsed value of an optional schema of a call (`undefined` when the call has none). */
type Parsed<T> = [Extract<T, z.$ZodType>] extends [never] ? undefined : z.output<Extract<T, z.$ZodType>>;

export type CallRequest<C extends CallDefinition> = FastifyRequest<{
  Params: Parsed<C['params']>;
  Querystring: Parsed<C['query']>;
  Body: Parsed<C['body']>;
}>;

export type CallHandler<C extends CallDefinition> = (request: CallRequest<C>, reply: FastifyReply) => Promise<z.output<C['response']>>;

/**
 * @param api the instance registered under the /web-api prefix (see app.ts), so `call.path` is
 *   used as the contract writes it.
 */
export function registerCall<C extends CallDefinition>(
  api: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  config: FastifyContextConfig = {},
): void {
  const schema: FastifySchema = {
    summary: call.summary,
    tags: [(call.path.split('/')[1] ?? '').replace(/\.json$/, '')],
    response: { 200: call.response, '4xx': failureResponse, '5xx': failureResponse },
  };
  if (call.params) schema.params = call.params;
  if (call.query) schema.querystring = call.query;
  if (call.body) schema.body = call.body;
  api.route({
    method: call.method,
    url: call.path,
    schema,
    config,
    // The zod type provider has validated params, query and body against these very schemas.
    handler: (request, reply) => handler(request as CallRequest<C>, reply),
  });
}
