/**
 * The failures a service reports, in the shop's words rather than HTTP's: not found, conflict,
 * invalid (naming each field), unauthorised, forbidden, unavailable. Services throw these and
 * know nothing of statuses or envelopes; plugins/errors.ts (errorAnswer) is the one place that
 * turns them into a status and the §7 envelope. No Fastify here.
 */
import type { FieldErrors } from '../src/contract/envelope';

/** Messages the person reads, in one place so tests and clients can rely on them. */
export const MESSAGES = {
  notFound: 'Not found',
  invalidFields: 'Please correct the highlighted fields.',
  sessionExpired: 'Your session has expired. Please refresh the page and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Something went wrong. Please try again.',
  backInAMoment: 'The shop is back in a moment. Please try again in a few seconds.',
} as const;

export type DomainErrorKind = 'not-found' | 'conflict' | 'invalid' | 'unauthorised' | 'forbidden' | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Per-field messages (invalid), or details the page acts on (a conflict's `gone` Tags). */
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** What was asked for does not exist, or is not this visitor's to see. */
export const notFound = (message: string = MESSAGES.notFound) => new DomainError('not-found', message);
/** The request clashes with the current state (a part sold meanwhile, a code that no longer applies). */
export const conflict = (message: string, details?: FieldErrors) => new DomainError('conflict', message, details);
/** Input the rules refuse, each message under the field it belongs to. */
export const invalid = (errors: FieldErrors, message: string = MESSAGES.invalidFields) => new DomainError('invalid', message, errors);
/** One field the service found wrong after the form's own rules passed. */
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] });
/** The credentials given do not identify anyone. */
export const unauthorised = (message: string) => new DomainError('unauthorised', message);
/** The visitor may not do this now (e.g. a write without a live session). */
export const forbidden = (message: string = MESSAGES.sessionExpired) => new DomainError('forbidden', message);
/** A service the answer depends on cannot be reached just now. */
export const unavailable = (message: string) => new DomainError('unavailable', message);
