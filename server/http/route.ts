/**
 * Registers a call of src/contract as a Fastify route: the contract's zod schemas validate the
 * request, serialize the answer (unknown fields never leak) and feed the OpenAPI document, and the
 * handler is typed from the same call.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type * as z from 'zod/v4/core';
import { callBase, type CallDefinition, failureResponse } from '../../src/contract/define';
import type { FieldErrors } from '../../src/contract/envelope';
import { textRuleProblems } from '../../src/contract/text-rule';
import { HttpError, MESSAGES } from './http-error';

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
 * The shared text rule (src/contract/text-rule.ts) over a request's params, query and body as
 * received: a 422 naming each field with a control character (or a line break outside a
 * multi-line field), before the schemas run and so before anything reaches the database.
 */
export function checkTextRule(call: CallDefinition, request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  const errors: FieldErrors = {};
  for (const [schema, value, part] of [
    [call.params, request.params, 'params'],
    [call.query, request.query, 'query'],
    [call.body, request.body, 'body'],
  ] as const) {
    const problems = textRuleProblems(schema, value, part);
    if (problems) Object.assign(errors, problems);
  }
  if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalidFields, errors);
}

/** A check a call makes before its input is validated (the back office's sign-in check). */
export type BeforeValidation = (request: FastifyRequest) => Promise<void>;

/**
 * @param api the instance registered under the /web-api prefix (see app.ts), so `call.path` is
 *   used as the contract writes it.
 * @param before runs after the CSRF check and before the input is judged, so a back-office call
 *   tells a visitor 401 rather than which fields are wrong.
 */
export function registerCall<C extends CallDefinition>(
  api: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  config: FastifyContextConfig = {},
  before?: BeforeValidation,
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
    preValidation: async (request) => {
      if (before) await before(request);
      checkTextRule(call, request);
    },
    // The zod type provider has validated params, query and body against these very schemas.
    handler: (request, reply) => handler(request as CallRequest<C>, reply),
  });
  api.calls.set(callKey({ method: call.method, base: callBase(call), path: call.path }), { call, handler: (request, reply) => handler(request as CallRequest<C>, reply) });
}
