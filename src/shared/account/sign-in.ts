/**
 * POST /members/login (SPEC §7) from the login modal. The server rotates the session (new session
 * and CSRF cookies: the API client reads the cookie first, so the next write carries the new
 * token) and joins the visitor's cart to the member's. Everything the page has read may depend on
 * who is signed in (app props, cart, wishlist hearts, the account screens), so every query is read
 * again.
 */
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { login } from '../../contract/members';
import { apiOf } from '../api/client';
import { writeStored } from '../storage';
import { sendKeptVrn } from '../vehicle/use-save-vrn';
import { announceSignedIn } from './signed-in-event';

/** SPEC §4: sign-in sets the session flag isLoggedIn. */
export const SIGNED_IN_FLAG = 'isLoggedIn';

/**
 * After a sign-in, registration or password set that signed the visitor in: the registration kept
 * on this device joins the member's garage, and the page reads everything again as the member.
 */
export async function refreshAfterSignIn(client: QueryClient): Promise<void> {
  writeStored('session', SIGNED_IN_FLAG, 'true');
  announceSignedIn();
  sendKeptVrn(client);
  await client.invalidateQueries();
}

export function useSignIn() {
  return useMutation({
    mutationKey: ['members', 'login'],
    mutationFn: (body: { email: string; password: string }, { client }) => apiOf(client)(login, { body }),
    onSuccess: (_answer, _body, _result, { client }) => refreshAfterSignIn(client),
  });
}
