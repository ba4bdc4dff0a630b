import * as z from 'zod/mini';
import { defineCall } from './define';

/** GET /check — the 60 s auth re-check of SPEC §4: success false means the session has expired. */
export const checkSession = defineCall({
  method: 'GET',
  path: '/check',
  summary: 'Whether the session is still alive',
  response: z.object({ success: z.boolean() }),
});
