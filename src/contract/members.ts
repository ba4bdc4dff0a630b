/**
 * Sign-in and sign-out (SPEC §7 POST /members/login; logout is the storefront path /logout in the
 * spec, here a call the page makes before going there). Registration during checkout is
 * POST /carts/update-shipping (checkout.ts).
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';

/**
 * POST /members/login — signs a member in: the session is rotated (new session and CSRF cookies;
 * the page must read the new CSRF token from the cookie before its next write) and the visitor's
 * cart joins the member's. 401 with `msg` for a wrong email or password (a guest account has no
 * password and cannot sign in); 422 names an empty field; 429 after 10 attempts a minute.
 * `redirect` is where to go next, or null to stay (e.g. the checkout's addresses step).
 */
export const login = defineCall({
  method: 'POST',
  path: '/members/login',
  summary: 'Sign in',
  body: z.object({ email: z.string().check(z.maxLength(254, 'At most 254 characters.')), password: z.string().check(z.maxLength(1024, 'Too long.')) }),
  response: success({
    msg: z.string(),
    redirect: z.nullable(z.string()),
    id: z.int(),
    first_name: z.string(),
    last_name: z.string(),
  }),
});

/**
 * POST /members/logout — ends the member's session and starts an anonymous one (new cookies). The
 * member's cart stays with the member for the next sign-in.
 */
export const logout = defineCall({
  method: 'POST',
  path: '/members/logout',
  summary: 'Sign out',
  response: success({ msg: z.string(), redirect: z.string() }),
});
