/**
 * One API call of SPEC §7 as data: method, path under /web-api and zod schemas. The server registers
 * a route from it (validation, serialization, OpenAPI) and the client builds its typed fetcher from
 * the same object, so the two can never disagree about a field name.
 */
import type * as z from 'zod/v4/core';
import { failureSchema } from './envelope';
import type { HttpMethod } from './http';

export { API_BASE, buildPath, callBase, type HttpMethod } from './http';

export interface CallDefinition<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.$ZodType | undefined = z.$ZodType | undefined,
  Query extends z.$ZodType | undefined = z.$ZodType | undefined,
  Body extends z.$ZodType | undefined = z.$ZodType | undefined,
  Res extends z.$ZodType = z.$ZodType,
> {
  method: M;
  /** Path below /web-api in Fastify's syntax, e.g. '/carts/delete-item/:id'. */
  path: P;
  /**
   * Where `path` lives when not under /web-api: '' for the calls SPEC §7 marks 'no API prefix'
   * (POST /form-messages/save.json). Such a call still needs the CSRF header for writes.
   */
  base?: '' | undefined;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success answer (status 200). */
  response: Res;
  /**
   * The failure answer (4xx) when a call's failures carry more than the shared envelope (PayPal's
   * capture: `details` and `debug_id`); it must accept the shared envelope too.
   */
  failure?: z.$ZodType | undefined;
}

export function defineCall<
  const M extends HttpMethod,
  const P extends string,
  Res extends z.$ZodType,
  Params extends z.$ZodType | undefined = undefined,
  Query extends z.$ZodType | undefined = undefined,
  Body extends z.$ZodType | undefined = undefined,
>(call: CallDefinition<M, P, Params, Query, Body, Res>): CallDefinition<M, P, Params, Query, Body, Res> {
  return call;
}

export const failureResponse = failureSchema;

type Infer<T> = T extends z.$ZodType ? z.output<T> : undefined;
type Input<T> = T extends z.$ZodType ? z.input<T> : undefined;

export type CallResponse<C extends CallDefinition> = z.output<C['response']>;
export type CallQuery<C extends CallDefinition> = Input<C['query']>;
export type CallBody<C extends CallDefinition> = Input<C['body']>;
export type CallParams<C extends CallDefinition> = Infer<C['params']>;
