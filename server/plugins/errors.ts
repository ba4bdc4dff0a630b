/**
 * One error handler for the whole app: every failure leaves as the envelope of SPEC §7. Bad input
 * becomes 422 naming each field, a service's domain error its status (errorAnswer, also used by
 * the server render's in-process calls), other 4xx keep their status and message, a database that
 * cannot be reached 503 with Retry-After (a page: a short 'back in a moment' page), and anything
 * else is logged and answered with a plain 500 so no stack trace or SQL reaches the browser.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { Failure, FieldErrors } from '../../src/contract/envelope';
import { isDatabaseUnavailable, unavailableReason } from '../db/unavailable';
import { DomainError, MESSAGES, type DomainErrorKind } from '../errors';
import { HttpError } from '../http/http-error';

/** The HTTP status of each kind of domain error. */
export const DOMAIN_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  'not-found': 404,
  conflict: 409,
  invalid: 422,
  unauthorised: 401,
  forbidden: 403,
  unavailable: 503,
};

/** '/member_profile/mobile' → 'member_profile.mobile'; a whole-object problem is named after its part. */
function fieldErrors(issues: ZodFastifySchemaValidationError[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || (context ?? 'request');
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

export interface ErrorAnswer {
  statusCode: number;
  body: Failure;
  /** Set when the failure is the server's own: log the error with this message. */
  logAs?: string;
  /** Seconds for Retry-After: the failure passes by itself (the database is away). */
  retryAfter?: number;
}

/** What a client is told to wait while the database is away; it is usually back within seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The page a browser gets while the database is away: no data, no scripts, no session. */
export const BACK_IN_A_MOMENT_PAGE =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Back in a moment | PartsFinder UK</title></head>' +
  `<body><main><h1>Back in a moment</h1><p>${MESSAGES.backInAMoment}</p><p><a href="">Try again</a></p></main></body></html>`;

/** The status and §7 envelope an error is answered with, wherever it was thrown. */
export function errorAnswer(error: unknown): ErrorAnswer {
  const envelope = (msg: string, errors?: FieldErrors): Failure => ({ success: false, msg, ...(errors ? { errors } : {}) });
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { statusCode: 422, body: { success: false, msg: MESSAGES.invalidFields, errors: fieldErrors(error.validation, error.validationContext) } };
  }
  if (error instanceof DomainError) {
    const statusCode = DOMAIN_STATUS[error.kind];
    return { statusCode, body: envelope(error.message, error.errors), ...(statusCode >= 500 ? { logAs: error.message } : {}) };
  }
  if (error instanceof HttpError) {
    return { statusCode: error.statusCode, body: envelope(error.message, error.errors), ...(error.statusCode >= 500 ? { logAs: error.message } : {}) };
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, body: envelope(MESSAGES.backInAMoment), logAs: 'the database is unavailable', retryAfter: DATABASE_RETRY_AFTER_SECONDS };
  }
  const status = (error as Partial<FastifyError> | null)?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, rate limit) say nothing internal.
    return { statusCode: status, body: envelope(error instanceof Error ? error.message : MESSAGES.serverError) };
  }
  return { statusCode: 500, body: envelope(MESSAGES.serverError), logAs: 'request failed' };
}

/** A browser asking for a page (not an API call or a file): it gets HTML, not the envelope. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.startsWith('/web-api')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export const errorHandling = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
      const answer = errorAnswer(error);
      if (answer.retryAfter !== undefined) {
        // One line, not a stack per request: while the database is away every call fails alike.
        request.log.warn({ url: request.url, reason: unavailableReason(error) }, answer.logAs);
        reply.header('retry-after', String(answer.retryAfter)).header('cache-control', 'no-store');
        if (isPageRequest(request)) return reply.code(answer.statusCode).type('text/html; charset=utf-8').send(BACK_IN_A_MOMENT_PAGE);
        return reply.code(answer.statusCode).send(answer.body);
      }
      if (answer.logAs !== undefined) request.log.error({ err: error }, answer.logAs);
      return reply.code(answer.statusCode).send(answer.body);
    });
  },
  { name: 'error-handling' },
);
