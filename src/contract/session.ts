import * as z from 'zod/mini';
import { defineCall } from './define';
import { lazySchema } from '../domain/lazy-schema';

/**
 * GET /check — the 60 s auth re-check of SPEC §4: 200 `{success: true}` while the session is live
 * and signed in as a member; 401 `{success: false, msg}` otherwise (ended, expired, signed out):
 * the page clears session storage and goes to /logout. Asking never counts as activity.
 */
export const checkSession = defineCall({
  method: 'GET',
  path: '/check',
  summary: 'Whether the session is still alive',
  response: lazySchema(() => z.object({ success: z.boolean() })),
});
