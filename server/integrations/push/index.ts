// Web push (issue 17): the port, the web-push adapter and the VAPID keys it signs with.
import type { Agent } from 'node:https';
import type { Config } from '../../config';
import type { PushSender } from './push';
import { vapidKeysOf } from './vapid';
import { createWebPushSender } from './web-push-sender';

export type { PushOutcome, PushSender, PushTarget } from './push';

export function createPushSender(config: Config['push'], dataDir: string, agent?: Agent): PushSender {
  return createWebPushSender({ keys: vapidKeysOf(config.vapid, dataDir), subject: config.subject, timeoutMs: config.timeoutMs, ...(agent ? { agent } : {}) });
}
