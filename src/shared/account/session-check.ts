/**
 * SPEC §4 'Auth': while a member is signed in, the page asks GET /check every 60 s; when the
 * session has ended (a password change elsewhere, an idle or absolute expiry, a deleted account)
 * session storage is cleared and the browser goes to /logout, which signs out for good and goes
 * home. A failed request (offline, the shop restarting) is not an ended session: the next check
 * decides.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../api/api-error';
import { apiOf } from '../api/client';

/** SPEC §9: auth recheck 60000 ms. */
export const SESSION_CHECK_MS = 60_000;

/** Ends the visit in this tab: session storage is cleared and /logout takes over (SPEC §8 'Auth failure'). */
export function leaveAfterEndedSession(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage refused: nothing kept there to clear.
  }
  window.location.assign('/logout');
}

export function useSessionCheck(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    const check = async () => {
      // The call's schema loads with the first check, not with the page.
      const { checkSession } = await import('../../contract/session');
      try {
        const answer = await apiOf(queryClient)(checkSession);
        if (!stopped && !answer.success) leaveAfterEndedSession();
      } catch (error) {
        if (!stopped && isApiError(error) && error.status === 401) leaveAfterEndedSession();
      }
    };
    const timer = window.setInterval(() => void check(), SESSION_CHECK_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [signedIn, queryClient]);
}
