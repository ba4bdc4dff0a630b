/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong": a refused or cut connection, a server shutting down or starting up, a pool that could
 * not get a connection in time. Such a failure is answered 503 with Retry-After (plugins/errors.ts)
 * and passes by itself once the database is back; anything else stays a 500.
 */

/** Node's socket errors while connecting or talking to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 53300
 * too_many_connections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own messages for a connection that ended or never came. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function isUnavailableItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return DRIVER_MESSAGES.some((text) => message.includes(text));
}

/** Looks through the error and what it wraps (Drizzle's DrizzleQueryError keeps the driver's in `cause`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (isUnavailableItself(current)) return true;
    if (current instanceof AggregateError && current.errors.some(isUnavailableItself)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The driver's own words for the failure (the innermost cause): no SQL text or parameters, for the log. */
export function unavailableReason(error: unknown): string {
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (current instanceof Error && current.message) message = `${current.message}${typeof code === 'string' ? ` (${code})` : ''}`;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}
