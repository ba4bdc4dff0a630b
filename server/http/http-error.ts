import type { FieldErrors } from '../../src/contract/envelope';

/**
 * A failure to answer with the envelope {success:false, msg, errors?} and this status. Throw it
 * from a route, hook or service; the error handler turns it into the response.
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

/** Messages the person reads, in one place so tests and clients can rely on them. */
export const MESSAGES = {
  notFound: 'Not found',
  invalidFields: 'Please correct the highlighted fields.',
  sessionExpired: 'Your session has expired. Please refresh the page and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Something went wrong. Please try again.',
} as const;
