import type { FieldErrors } from '../../contract/envelope';

/**
 * Why a call failed: 'http' the server answered with the failure envelope (or a bare error status),
 * 'network' no answer at all (offline, DNS, connection dropped), 'parse' an answer this client
 * does not understand (a contract mismatch, worth reporting).
 */
export type ApiErrorKind = 'http' | 'network' | 'parse';

/** The failure of an API call, shaped like the envelope of SPEC §7 so screens show `msg` and `errors`. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The server's message (or ours for network and parse failures), fit to show to a person. */
  readonly msg: string;
  /** Field errors keyed by field name, as the server sent them. */
  readonly errors: FieldErrors;

  constructor(init: { kind: ApiErrorKind; status: number; msg: string; errors?: FieldErrors | undefined; cause?: unknown }) {
    super(init.msg, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.msg = init.msg;
    this.errors = init.errors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
