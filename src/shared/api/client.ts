/**
 * The typed API client: one function that turns a call of src/contract into a request on a
 * transport, so the method, path and schemas come from the same object the server validates with.
 * The transport is fetch in the browser and the server's in-process runner during a server render
 * (src/contract/render.ts); either way the answer is parsed and its failures raised here, the same.
 * Queries and mutations reach the transport of their QueryClient through `apiOf(client)`: one
 * QueryClient and one transport per page render, so no visitor's call can run as another's.
 */
import type { QueryClient } from '@tanstack/react-query';
// Core types, so calls defined with zod or zod/mini both fit.
import type { $ZodType, input } from 'zod/v4/core';
import type { CallBody, CallDefinition, CallQuery, CallResponse } from '../../contract/define';
import { buildPath, callBase, CSRF_HEADER } from '../../contract/http';
import { ApiError } from './api-error';
import type { ApiTransport } from '../../contract/render';
import { readCsrfToken } from './csrf';
import { hasSignal } from '../signal';
import type { parseAnswer } from './parse-answer';

// The schemas are optional properties of a call, so their types include undefined: strip it
// before asking whether the call has one (a call without one leaves `never`).
type Schema<T> = [NonNullable<T>] extends [never] ? undefined : NonNullable<T> extends $ZodType ? NonNullable<T> : undefined;
type Params<C extends CallDefinition> = Schema<C['params']> extends $ZodType ? { params: input<Schema<C['params']>> } : { params?: undefined };
type Query<C extends CallDefinition> = Schema<C['query']> extends $ZodType ? { query: NonNullable<CallQuery<C>> } : { query?: undefined };
type Body<C extends CallDefinition> = Schema<C['body']> extends $ZodType ? { body: NonNullable<CallBody<C>> } : { body?: undefined };

export type CallOptions<C extends CallDefinition> = Params<C> &
  Query<C> &
  Body<C> & {
    signal?: AbortSignal | undefined;
    /** Extra request headers, e.g. an Idempotency-Key for a write that may be retried. */
    headers?: Record<string, string> | undefined;
  };

/** Options may be left out only when the call needs no params, query or body. */
export type CallArgs<C extends CallDefinition> = object extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

/**
 * Query string of a call: arrays comma-joined, empty values left out but 0 kept (SPEC §3,
 * search parameters).
 */
export function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(key, value.join(','));
      continue;
    }
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function offlineMessage(): string {
  return !hasSignal()
    ? 'You are offline. Check your signal and try again.'
    : 'Could not reach the shop. Check your connection and try again.';
}

/** The browser's transport: fetch on the page's origin. */
export const fetchTransport: ApiTransport = async ({ method, path, base, params, search, body, headers, signal }) => {
  const response = await fetch(`${base}${buildPath(path, params)}${search}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    json = undefined;
  }
  return { status: response.status, json };
};

/** Sends one contract call on `transport` and returns its parsed success answer, or throws an ApiError. */
export async function callApi<C extends CallDefinition>(transport: ApiTransport, call: C, ...[options]: CallArgs<C>): Promise<CallResponse<C>> {
  const { params, query, body, signal, headers: extraHeaders } = (options ?? {}) as { params?: Record<string, string | number>; query?: unknown; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (call.method !== 'GET') {
    const token = readCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }

  // The schemas' reader loads while the request is under way (see parse-answer.ts).
  const parser = import('./parse-answer');
  // Handled below; a failed request must not leave it as an unhandled rejection.
  parser.catch(() => undefined);
  let answer: { status: number; json: unknown };
  try {
    answer = await transport({ method: call.method, path: call.path, base: callBase(call), params, search: toQueryString(query), body, headers, signal });
  } catch (error) {
    // A cancelled request is not a failure to show; let the caller (React Query) see the abort.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ kind: 'network', status: 0, msg: offlineMessage(), cause: error });
  }
  let read: typeof parseAnswer;
  try {
    read = (await parser).parseAnswer;
  } catch (error) {
    // The reader's file could not be fetched: as much a lost connection as a failed request.
    throw new ApiError({ kind: 'network', status: 0, msg: offlineMessage(), cause: error });
  }
  return read(call, answer.status, answer.json);
}

/** Contract calls on one transport. */
export type Api = <C extends CallDefinition>(call: C, ...args: CallArgs<C>) => Promise<CallResponse<C>>;

const transports = new WeakMap<QueryClient, ApiTransport>();

/** Ties a QueryClient to the transport its queries and mutations call the API on (src/router.tsx). */
export function bindTransport(client: QueryClient, transport: ApiTransport): void {
  transports.set(client, transport);
}

/**
 * The API as seen by a query or mutation of `client` (their function context carries it):
 * `queryFn: ({ client, signal }) => apiOf(client)(getPartPage, { params: { tag }, signal })`.
 */
export function apiOf(client: QueryClient): Api {
  const transport = transports.get(client);
  if (!transport) throw new Error('this QueryClient has no API transport (create it with createAppRouter)');
  return (call, ...args) => callApi(transport, call, ...args);
}
