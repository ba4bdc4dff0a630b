/**
 * Registers a call of src/contract as a Fastify route: the contract's zod schemas validate the
 * request, serialize the answer (unknown fields never leak) and feed the OpenAPI document, and the
 * handler is typed from the same call.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type * as z from 'zod/v4/core';
import { callBase, type CallDefinition, failureResponse } from '../../src/contract/define';

/** The parsed value of an optional schema of a call (`undefined` when the call has none). */
type Parsed<T> = [Extract<T, z.$ZodType>] extends [never] ? undefined : z.output<Extract<T, z.$ZodType>>;

export type CallRequest<C extends CallDefinition> = FastifyRequest<{
  Params: Parsed<C['params']>;
  Querystring: Parsed<C['query']>;
  Body: Parsed<C['body']>;
}>;

export type CallHandler<C extends CallDefinition> = (request: CallRequest<C>, reply: FastifyReply) => Promise<z.output<C['response']>>;

/** A registered call with its handler, so the server render can run it in-process (call-runner.ts). */
export interface RecordedCall {
  call: CallDefinition;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** Every call the app registered, by `callKey`. */
export type CallRegistry = Map<string, RecordedCall>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's calls and their handlers (decorateCalls; one registry per app). */
    calls: CallRegistry;
  }
}

/** 'GET /web-api/products/part/:tag.json': a call by its method and full path template. */
export const callKey = ({ method, base, path }: { method: string; base: string; path: string }): string => `${method} ${base}${path}`;

/** Gives the app its (empty) registry, before any call is registered; child scopes share it. */
export function decorateCalls(app: FastifyInstance): void {
  app.decorate('calls', new Map());
}

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
    response: { 200: call.response, '4xx': call.failure ?? failureResponse, '5xx': failureResponse },
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
  api.calls.set(callKey({ method: call.method, base: callBase(call), path: call.path }), { call, handler: (request, reply) => handler(request as CallRequest<C>, reply) });
}
