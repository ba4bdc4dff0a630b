/**
 * Names of the session cookie (HttpOnly) and the readable CSRF-token cookie. In production both
 * carry the __Host- prefix, which browsers accept only with Secure, Path=/ and no Domain.
 */
export function sessionCookieNames(isProduction: boolean): { session: string; csrf: string } {
  return isProduction ? { session: '__Host-sid', csrf: '__Host-csrf-token' } : { session: 'sid', csrf: 'csrf-token' };
}

/**
 * The back office's own cookies: a staff session is never a storefront session, so it has its own
 * session cookie (HttpOnly) and its own readable CSRF-token cookie, and a member's token is never
 * accepted for a staff write (nor the reverse).
 */
export function staffCookieNames(isProduction: boolean): { session: string; csrf: string } {
  return isProduction ? { session: '__Host-staff', csrf: '__Host-staff-csrf' } : { session: 'shop_staff', csrf: 'shop_staff_csrf' };
}
