/**
 * The outbox itself: what the pages ask of it (add, cancel, solve a bot check, send again) and
 * the replay, which sends the queued items one at a time in the order made, each with its
 * Idempotency-Key, and reads each answer by the domain's rules (src/domain/outbox.ts):
 * - delivered: the item is marked sent until a page has told the person (then forgotten);
 * - a network error, 5xx or 429: the same item is tried again after a growing wait; later items
 *   wait for it (order); after OUTBOX_ATTEMPTS_PER_RUN failures in a row the run stops and the item
 *   waits for the next trigger (a Background Sync retry, 'online', the app's next start);
 * - 403: the CSRF token (or the session) went stale: a fresh token is fetched and the item sent
 *   again, up to CSRF_RENEWALS times; one more 403 marks it failed with the reason;
 * - 401: the member's session ended: it waits for them to sign in;
 * - 422 about the shop form's bot check: it waits for a new check; any other 422: it waits for the
 *   person to correct the fields named;
 * - another 4xx: failed, with the server's reason.
 * Nothing is dropped without the person seeing it: only their Cancel, or a page that has shown
 * a sent item, removes one. Written against small ports (store, network, clock) so its rules are
 * tested without a browser (outbox.test.ts); outbox-worker.ts wires it into the service worker.
 */
import {
  backoffMs,
  BOT_CHECK_FIELD,
  CSRF_RENEWALS,
  isExpired,
  needsBotCheck,
  nextToSend,
  OUTBOX_ATTEMPTS_PER_RUN,
  outcomeOf,
  type OutboxItem,
} from '../domain/outbox';
import type { NewOutboxItem } from '../contract/outbox';
import type { OutboxStore } from './outbox-store';

export interface Answer {
  /** 0: no answer (a network error). */
  status: number;
  json: unknown;
}

export interface OutboxPorts {
  store: OutboxStore;
  /** POSTs the item's body with its Idempotency-Key and the CSRF token; never throws. */
  send: (item: OutboxItem, csrfToken: string | undefined) => Promise<Answer>;
  /** A fresh CSRF token (starting a session if the old one has gone); undefined without signal. */
  renewToken: () => Promise<string | undefined>;
  /** Whether the browser believes it has a connection: without one a run stops at the first network error. */
  online: () => boolean;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The list changed (`sending`: the item now on its way). */
  changed: (items: OutboxItem[], sending?: string) => void;
}

export interface ReplayResult {
  /** Items still queued that could not be sent in this run (the network or the server failed). */
  remaining: number;
  /** When the first of them may be tried again (ms since the epoch). */
  retryAt?: number | undefined;
}

const EXPIRED_REASON = 'Not sent within 7 days. Send it again or cancel it.';

export class OutboxRefusal extends Error {}

export function createOutbox(ports: OutboxPorts) {
  const { store } = ports;
  let sendingId: string | undefined;
  let running: Promise<ReplayResult> | undefined;
  let again = false;
  // Store changes one at a time (messages from pages and the replay interleave).
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  /** Every item in the order made: the pending ones, and the sent ones no page has shown yet. */
  const list = async () => (await store.all()).sort((a, b) => a.seq - b.seq);
  const announce = async () => ports.changed(await list(), sendingId);

  async function change(id: string, update: (item: OutboxItem) => OutboxItem | undefined): Promise<OutboxItem | undefined> {
    return exclusive(async () => {
      const item = await store.get(id);
      if (!item) return undefined;
      const next = update(item);
      if (next) await store.put(next);
      return next;
    });
  }

  async function rememberToken(token: string | undefined) {
    if (token) await store.setToken(token);
  }

  /** Sends one item; resolves with the item as it is left (or undefined when it is gone). */
  async function sendOne(item: OutboxItem): Promise<OutboxItem | undefined> {
    let token = await store.token();
    let renewals = 0;
    for (;;) {
      const answer = await ports.send(item, token);
      const outcome = outcomeOf(item.kind, answer.status, answer.json);
      if (outcome.type === 'renew-csrf' && renewals < CSRF_RENEWALS) {
        renewals += 1;
        const fresh = await ports.renewToken();
        if (fresh === undefined) return change(item.id, (current) => retry(current, 'No connection to the shop.'));
        token = fresh;
        await store.setToken(fresh);
        continue;
      }
      return change(item.id, (current) => {
        const base = { ...current, attempts: 0, nextAttemptAt: undefined, errors: undefined, reason: undefined };
        switch (outcome.type) {
          case 'sent':
            return { ...base, state: 'sent', message: outcome.message };
          case 'retry':
            return retry(current, outcome.reason);
          case 'needs-sign-in':
          case 'needs-bot-check':
            return { ...base, state: outcome.type, reason: outcome.reason, body: outcome.type === 'needs-bot-check' ? { ...current.body, [BOT_CHECK_FIELD]: '' } : current.body };
          case 'needs-attention':
            return { ...base, state: 'needs-attention', reason: outcome.reason, errors: outcome.errors };
          case 'renew-csrf':
          case 'failed':
            return { ...base, state: 'failed', reason: outcome.reason };
        }
      });
    }
  }

  function retry(item: OutboxItem, reason: string): OutboxItem {
    const attempts = item.attempts + 1;
    return { ...item, attempts, nextAttemptAt: ports.now() + backoffMs(attempts), reason };
  }

  async function replayOnce(): Promise<ReplayResult> {
    let failuresInRun = 0;
    // A trigger (sync, 'online', the app's start, a page's request) means "try now": the waits
    // grow within a run, not across the person's returns to signal.
    for (const item of await store.all()) {
      if (item.state === 'queued' && item.nextAttemptAt !== undefined) await change(item.id, (current) => ({ ...current, nextAttemptAt: undefined }));
    }
    for (;;) {
      const now = ports.now();
      const items = (await store.all()).sort((a, b) => a.seq - b.seq);
      // Kept 7 days: then the person is told, and decides.
      const expired = items.filter((item) => (item.state === 'queued' || item.state === 'sent') && isExpired(item, now));
      if (expired.length) {
        for (const item of expired) {
          if (item.state === 'sent') await exclusive(() => store.remove(item.id));
          else await change(item.id, (current) => ({ ...current, state: 'failed', reason: EXPIRED_REASON }));
        }
        continue;
      }
      const queued = items.filter((item) => item.state === 'queued');
      const first = queued[0];
      if (!first) return { remaining: 0 };
      const due = nextToSend(queued, now);
      if (!due) {
        const retryAt = first.nextAttemptAt ?? now;
        if (failuresInRun >= OUTBOX_ATTEMPTS_PER_RUN) return { remaining: queued.length, retryAt };
        await ports.sleep(retryAt - now);
        continue;
      }
      sendingId = due.id;
      ports.changed(items, sendingId);
      const left = await sendOne(due);
      sendingId = undefined;
      await announce();
      if (left?.state === 'queued') {
        failuresInRun += 1;
        // No connection at all: waiting here is pointless; 'online' or the browser's sync comes back.
        if (!ports.online()) return { remaining: queued.length, retryAt: left.nextAttemptAt };
      } else failuresInRun = 0;
    }
  }

  return {
    list,

    async add(item: NewOutboxItem, csrfToken: string | undefined): Promise<void> {
      await rememberToken(csrfToken);
      await exclusive(async () => {
        // The same key twice (a double press reaching the worker twice) is one request.
        if (await store.get(item.id)) return;
        const seq = await store.nextSeq();
        const state = needsBotCheck(item.kind, item.body) ? 'needs-bot-check' : 'queued';
        await store.put({ ...item, seq, createdAt: ports.now(), state, attempts: 0 });
      });
      await announce();
    },

    async cancel(id: string): Promise<void> {
      if (id === sendingId) throw new OutboxRefusal('It is on its way and can no longer be cancelled.');
      await exclusive(() => store.remove(id));
      await announce();
    },

    /** The bot check solved for a shop part request: it goes with the answer. */
    async solve(id: string, token: string, csrfToken: string | undefined): Promise<void> {
      await rememberToken(csrfToken);
      await change(id, (item) => (item.state === 'needs-bot-check' ? { ...item, state: 'queued', attempts: 0, nextAttemptAt: undefined, reason: undefined, body: { ...item.body, [BOT_CHECK_FIELD]: token } } : item));
      await announce();
    },

    /** Send again: corrected fields (merged into the body), or a failed item tried once more. */
    async resend(id: string, body: Record<string, unknown> | undefined, csrfToken: string | undefined): Promise<void> {
      await rememberToken(csrfToken);
      await change(id, (item) => {
        if (item.state === 'sent') return item;
        const merged = body ? { ...item.body, ...body } : item.body;
        // An item past its 7 days gets another 7 once the person chose to send it.
        const createdAt = isExpired(item, ports.now()) ? ports.now() : item.createdAt;
        const state = needsBotCheck(item.kind, merged) ? 'needs-bot-check' : 'queued';
        return { ...item, body: merged, createdAt, state, attempts: 0, nextAttemptAt: undefined, errors: undefined, reason: undefined };
      });
      await announce();
    },

    /** The person signed in again: what waited for it goes back in the queue. */
    async signedIn(csrfToken: string | undefined): Promise<void> {
      await rememberToken(csrfToken);
      for (const item of await store.all()) {
        if (item.state === 'needs-sign-in') await change(item.id, (current) => ({ ...current, state: 'queued', reason: undefined, attempts: 0, nextAttemptAt: undefined }));
      }
      await announce();
    },

    async seen(ids: string[]): Promise<void> {
      await exclusive(async () => {
        for (const id of ids) if ((await store.get(id))?.state === 'sent') await store.remove(id);
      });
      await announce();
    },

    async rememberToken(token: string | undefined): Promise<void> {
      await rememberToken(token);
    },

    /**
     * Sends what is due, in order; one run at a time (a trigger during a run makes it look again
     * when it ends). Resolves with what is left waiting on the network or the server.
     */
    replay(): Promise<ReplayResult> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          let result: ReplayResult;
          do {
            again = false;
            result = await replayOnce();
          } while (again);
          return result;
        } finally {
          running = undefined;
          sendingId = undefined;
        }
      })();
      return running;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
