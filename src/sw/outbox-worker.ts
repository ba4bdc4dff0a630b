/// <reference lib="webworker" />
/**
 * The outbox in the service worker: its store, how an item is POSTed (its Idempotency-Key and
 * the CSRF token as headers, the session cookie with it), where a fresh token comes from, the
 * pages' messages, and the triggers of a replay: Background Sync where the browser has it (so it
 * runs with the app closed: the page's add registers the tag), and a page's request ('online',
 * the app's start, after sign-in) everywhere.
 */
import { CSRF_HEADER } from '../contract/http';
import { IDEMPOTENCY_KEY_HEADER } from '../contract/idempotency';
import { CSRF_RENEW_URL, isOutboxRequest, OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, OUTBOX_URLS, type OutboxBroadcast, type OutboxReply, type OutboxRequest } from '../contract/outbox';
import { outboxRequestBody } from './outbox-body';
import { createOutbox, OutboxRefusal, type Answer, type Outbox } from './outbox';
import { createIndexedDbOutboxStore } from './outbox-store';

/** Background Sync's event and registration (WICG; not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
interface SyncManager {
  register(tag: string): Promise<void>;
}

async function post(url: string, body: BodyInit, headers: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, credentials: 'same-origin', cache: 'no-store' });
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  } catch {
    return { status: 0, json: undefined };
  }
}

export function registerOutbox(self: ServiceWorkerGlobalScope): Outbox {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(OUTBOX_CHANNEL);
  const outbox = createOutbox({
    store: createIndexedDbOutboxStore(self.indexedDB),
    send: (item, token) => {
      const headers: Record<string, string> = { Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: item.id };
      if (token) headers[CSRF_HEADER] = token;
      const { body, contentType } = outboxRequestBody(item);
      return post(OUTBOX_URLS[item.kind], body, contentType ? { ...headers, 'Content-Type': contentType } : headers);
    },
    renewToken: async () => {
      try {
        const response = await fetch(CSRF_RENEW_URL, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
        const json = (await response.json()) as { csrfToken?: unknown };
        return response.ok && typeof json.csrfToken === 'string' ? json.csrfToken : undefined;
      } catch {
        return undefined;
      }
    },
    online: () => self.navigator.onLine,
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    changed: (items, sending) => channel?.postMessage({ type: 'outbox:changed', items, sending } satisfies OutboxBroadcast),
  });

  const sync = (self.registration as ServiceWorkerRegistration & { sync?: SyncManager }).sync;

  /** Asks the browser to wake the worker when there is signal (where it has Background Sync). */
  const registerSync = () => sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined) ?? Promise.resolve();

  /** A replay from a page or after a change; what could not go waits for the next trigger. */
  async function replaySoon(): Promise<void> {
    const result = await outbox.replay();
    if (result.remaining > 0) await registerSync();
  }

  async function handle(request: OutboxRequest): Promise<void> {
    switch (request.type) {
      case 'outbox:add':
        await outbox.add(request.item, request.csrfToken);
        // Queued because there was no signal: the browser says when there is (even with the app closed).
        await registerSync();
        return;
      case 'outbox:list':
        return;
      case 'outbox:cancel':
        return outbox.cancel(request.id);
      case 'outbox:solve':
        return outbox.solve(request.id, request.token, request.csrfToken);
      case 'outbox:resend':
        return outbox.resend(request.id, request.body, request.csrfToken);
      case 'outbox:seen':
        return outbox.seen(request.ids);
      case 'outbox:replay':
        if (request.signedIn) await outbox.signedIn(request.csrfToken);
        else await outbox.rememberToken(request.csrfToken);
        return;
    }
  }

  self.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isOutboxRequest(data)) return;
    const port = event.ports[0];
    const answered = handle(data).then(
      async () => port?.postMessage({ ok: true, items: await outbox.list() } satisfies OutboxReply),
      (error: unknown) => port?.postMessage({ ok: false, error: error instanceof OutboxRefusal ? error.message : 'The outbox could not do that.' } satisfies OutboxReply),
    );
    // A page's request to send (and any change that makes an item sendable) starts a replay; the
    // worker stays alive until it ends.
    const sends = data.type === 'outbox:replay' || data.type === 'outbox:solve' || data.type === 'outbox:resend';
    event.waitUntil(sends ? answered.then(replaySoon) : answered);
  });

  self.addEventListener('sync', (event) => {
    const syncEvent = event as SyncEvent;
    if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
    syncEvent.waitUntil(
      outbox.replay().then((result) => {
        // Rejecting asks the browser to fire the sync again later; on its last chance the items
        // stay queued for the pages' triggers ('online', the app's start).
        if (result.remaining > 0 && !syncEvent.lastChance) throw new Error('The outbox could not send everything yet.');
      }),
    );
  });

  return outbox;
}
