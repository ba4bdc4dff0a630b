/**
 * One error handler for the whole app: every failure leaves as the envelope of SPEC §7. Bad input
 * becomes 422 naming each field, other 4xx keep their status and message, and anything else is
 * logged and answered with a plain 500 so no stack trace or SQL reaches the browser.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { Failure, FieldErrors } from '../../src/contract/envelope';
import { HttpError, MESSAGES } from '../http/http-error';

/** '/member_profile/mobile' → 'member_profile.mobile'; a whole-object problem is named after its part. */
function fieldErrors(issues: ZodFastifySchemaValidationError[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || (context ?? 'request');
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

export const errorHandling = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const failure: Failure = { success: false, msg: MESSAGES.invalidFields, errors: fieldErrors(error.validation, error.validationContext) };
        return reply.code(422).send(failure);
      }
      if (error instanceof HttpError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        const failure: Failure = { success: false, msg: error.message, ...(error.errors ? { errors: error.errors } : {}) };
        return reply.code(error.statusCode).send(failure);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, rate limit) say nothing internal.
        const failure: Failure = { success: false, msg: error.message };
        return reply.code(status).send(failure);
      }
      request.log.error({ err: error }, 'request failed');
      const failure: Failure = { success: false, msg: MESSAGES.serverError };
      return reply.code(500).send(failure);
    });
  },
  { name: 'error-handling' },
);
