/**
 * Names of the session cookie (HttpOnly) and the readable CSRF-token cookie. In production both
 * carry the __Host- prefix, which browsers accept only with Secure, Path=/ and no Domain.
 */
export function sessionCookieNames(isProduction: boolean): { session: string; csrf: string } {
  return isProduction ? { session: '__Host-sid', csrf: '__Host-csrf-token' } : { session: 'sid', csrf: 'csrf-token' };
}
