/**
 * API calls of the server render, answered in-process: the same route handler the /web-api route
 * runs, found in the app's call registry (route.ts), with no HTTP and no app.inject. What the route
 * gets from Fastify is done here the same way: params and query parsed with the call's own zod
 * schemas (bad input is a 422 naming the fields), the answer parsed with `call.response` (unknown
 * fields never reach the page) and a thrown error turned into the status and §7 envelope the
 * error handler would send (errorAnswer, plugins/errors.ts), so the page's API client raises the
 * ApiError the browser would see.
 *
 * The handler gets a request derived from the page's own (Object.create: the visitor's headers,
 * cookies, IP and session, with the call's params and query) and a reply that collects what the
 * handler sets without sending anything. Only reads run here: a page render changes nothing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { failureSchema, type Failure, type FieldErrors } from '../../src/contract/envelope';
import type { ApiAnswer, ApiRequest, ApiTransport } from '../../src/contract/render';
import { textRuleProblems } from '../../src/contract/text-rule';
import { errorAnswer } from '../plugins/errors';
import { MESSAGES } from './http-error';
import { callKey } from './route';

class InvalidInput extends Error {
  constructor(readonly errors: FieldErrors) {
    super(MESSAGES.invalidFields);
  }
}

function parsed(schema: $ZodType | undefined, value: unknown, part: string): unknown {
  // The text rule every route applies before its schemas (route.ts).
  const textProblems = textRuleProblems(schema, value, part);
  if (textProblems) throw new InvalidInput(textProblems);
  if (!schema) return value;
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || part;
    (errors[field] ??= []).push(issue.message);
  }
  throw new InvalidInput(errors);
}

/** A query string as Fastify's parser reads it: a value per name, an array for a repeated one. */
function queryObject(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const previous = query[name];
    query[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
}

interface CollectedReply {
  statusCode: number;
  headers: Record<string, string | number | string[]>;
  sent: { payload: unknown } | undefined;
}

/** A reply that keeps what the handler sets; cookies go out with the page's own reply. */
function collectingReply(pageReply: FastifyReply): { reply: FastifyReply; collected: CollectedReply } {
  const collected: CollectedReply = { statusCode: 200, headers: {}, sent: undefined };
  const reply = {
    get statusCode() {
      return collected.statusCode;
    },
    code(status: number) {
      collected.statusCode = status;
      return reply;
    },
    status(status: number) {
      collected.statusCode = status;
      return reply;
    },
    header(name: string, value: string | number | string[]) {
      collected.headers[name.toLowerCase()] = value;
      return reply;
    },
    headers(values: Record<string, string | number | string[]>) {
      for (const [name, value] of Object.entries(values)) collected.headers[name.toLowerCase()] = value;
      return reply;
    },
    getHeader(name: string) {
      return collected.headers[name.toLowerCase()];
    },
    type(contentType: string) {
      collected.headers['content-type'] = contentType;
      return reply;
    },
    setCookie(...args: Parameters<FastifyReply['setCookie']>) {
      pageReply.setCookie(...args);
      return reply;
    },
    send(payload?: unknown) {
      collected.sent = { payload };
      return reply;
    },
    get sent() {
      return collected.sent !== undefined;
    },
  };
  return { reply: reply as unknown as FastifyReply, collected };
}

/** The status and §7 envelope the app's error handler answers an error with (errorAnswer). */
function failureOf(error: unknown, request: FastifyRequest): ApiAnswer {
  if (error instanceof InvalidInput) return { status: 422, json: { success: false, msg: error.message, errors: error.errors } satisfies Failure };
  const answer = errorAnswer(error);
  if (answer.logAs !== undefined) request.log.error({ err: error }, answer.logAs);
  return { status: answer.statusCode, json: answer.body };
}

/** The answer as it would leave over HTTP: validated by its schema, then JSON. */
function serialised(schema: $ZodType, value: unknown): unknown {
  const result = safeParse(schema, value);
  if (!result.success) throw new Error(`the answer does not match its schema: ${result.error.message}`);
  return JSON.parse(JSON.stringify(result.data)) as unknown;
}

/**
 * The API transport of one page render: calls run as `pageRequest`'s visitor, under the rate
 * limit that page request already went through.
 */
export function inProcessTransport(pageRequest: FastifyRequest, pageReply: FastifyReply): ApiTransport {
  return async (call: ApiRequest): Promise<ApiAnswer> => {
    const recorded = pageRequest.server.calls.get(callKey(call));
    if (!recorded) return { status: 404, json: { success: false, msg: MESSAGES.notFound } satisfies Failure };
    if (call.method !== 'GET') return { status: 405, json: { success: false, msg: 'A page render only reads.' } satisfies Failure };
    try {
      const schema = recorded.call;
      const params = parsed(schema.params, Object.fromEntries(Object.entries(call.params ?? {}).map(([name, value]) => [name, String(value)])), 'params');
      const query = parsed(schema.query, queryObject(call.search), 'querystring');
      const request = Object.create(pageRequest, {
        params: { value: params, enumerable: true },
        query: { value: query, enumerable: true },
        body: { value: undefined, enumerable: true },
        method: { value: 'GET', enumerable: true },
        url: { value: `${call.base}${call.path}${call.search}`, enumerable: true },
      }) as FastifyRequest;
      const { reply, collected } = collectingReply(pageReply);
      const returned = await recorded.handler(request, reply);
      const answer = returned === reply ? collected.sent?.payload : returned;
      const ok = collected.statusCode >= 200 && collected.statusCode < 300;
      return { status: collected.statusCode, json: serialised(ok ? schema.response : failureSchema, answer) };
    } catch (error) {
      const failure = failureOf(error, pageRequest);
      if (failure.status === 503) unavailableDuring.add(pageRequest);
      return failure;
    }
  };
}

/** Page requests one of whose in-process calls found the database away (answered 503). */
const unavailableDuring = new WeakSet<FastifyRequest>();

/**
 * Whether a call of this page's render found the database away: its error page is then the short
 * 'back in a moment' 503, not a 500 (the database may go in the middle of a render, after the
 * session was read).
 */
export function renderFoundDatabaseAway(pageRequest: FastifyRequest): boolean {
  return unavailableDuring.has(pageRequest);
}
