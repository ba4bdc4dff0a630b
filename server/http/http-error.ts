import type { FieldErrors } from '../../src/contract/envelope';

/**
 * A failure of the HTTP exchange itself (a malformed header, a missing CSRF token, too many
 * requests), answered with this status and the envelope {success:false, msg, errors?}. Services
 * throw the domain errors of server/errors.ts instead.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export { MESSAGES } from '../errors';
