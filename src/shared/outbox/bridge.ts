/**
 * The page's side of the outbox: the service worker owns the items (src/sw/outbox-worker.ts);
 * the page asks it by postMessage (a MessagePort carries the answer) and hears every change on
 * the worker's BroadcastChannel. It asks for a replay when the app starts and on 'online', so
 * browsers without Background Sync send too; the worker runs one replay at a time, so asking twice
 * sends nothing twice.
 */
import { OUTBOX_CHANNEL, type NewOutboxItem, type OutboxBroadcast, type OutboxReply, type OutboxRequest } from '../../contract/outbox';
import type { OutboxItem } from '../../domain/outbox';
import { openLoginModal } from '../account/login-modal-state';
import { onSignedIn } from '../account/signed-in-event';
import { readCsrfToken } from '../api/csrf';
import { hasSignal, onSignalChange } from '../signal';

/** The active service worker, or undefined where there is none (then nothing can be queued). */
async function activeWorker(): Promise<ServiceWorker | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.active ?? undefined;
}

export class OutboxUnavailable extends Error {}

/** Sends one request to the worker and waits for its answer (the list after it). */
export async function askOutbox(request: OutboxRequest): Promise<OutboxItem[]> {
  const worker = await activeWorker();
  if (!worker) throw new OutboxUnavailable('This browser cannot keep requests until there is signal.');
  const channel = new MessageChannel();
  const reply = new Promise<OutboxReply>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<OutboxReply>) => resolve(event.data);
  });
  worker.postMessage(request, [channel.port2]);
  const answer = await reply;
  channel.port1.close();
  if (!answer.ok) throw new Error(answer.error);
  return answer.items;
}

/** Whether a request can wait in the outbox here (a service worker is running this origin). */
export async function canQueue(): Promise<boolean> {
  return (await activeWorker()) !== undefined;
}

/** Puts a request made without signal in the outbox; it goes when there is signal. */
export async function queueRequest(item: NewOutboxItem): Promise<OutboxItem[]> {
  return askOutbox({ type: 'outbox:add', item, csrfToken: readCsrfToken() });
}

export const replayOutbox = (options: { signedIn?: boolean } = {}) => askOutbox({ type: 'outbox:replay', csrfToken: readCsrfToken(), signedIn: options.signedIn });
export const cancelOutboxItem = (id: string) => askOutbox({ type: 'outbox:cancel', id });
export const solveOutboxBotCheck = (id: string, token: string) => askOutbox({ type: 'outbox:solve', id, token, csrfToken: readCsrfToken() });
export const resendOutboxItem = (id: string, body?: Record<string, unknown>) => askOutbox({ type: 'outbox:resend', id, body, csrfToken: readCsrfToken() });
/** Opens the login modal; what waited for sign-in goes once it succeeds (connectOutbox hears it). */
export function signInToSend(): void {
  openLoginModal();
}

export const markOutboxSeen = (ids: string[]) => askOutbox({ type: 'outbox:seen', ids });

/**
 * Listens to the worker: `onItems` gets the whole list after every change (and once at start).
 * Asks for a replay now (the app's start) and whenever the browser comes back online. Returns the
 * function that stops listening.
 */
export function connectOutbox(onItems: (items: OutboxItem[], sending: string | undefined) => void): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(OUTBOX_CHANNEL);
  if (channel) {
    channel.onmessage = (event: MessageEvent<OutboxBroadcast>) => {
      if (event.data?.type === 'outbox:changed') onItems(event.data.items, event.data.sending);
    };
  }
  const replay = () => {
    if (!hasSignal()) return;
    void replayOutbox().then((items) => onItems(items, undefined), () => undefined);
  };
  let stopped = false;
  // At start: the list as it is, then a replay when there is signal.
  void (async () => {
    // Wait for a worker installed by this very visit (the first one ever).
    if ('serviceWorker' in navigator) await navigator.serviceWorker.ready;
    if (stopped) return;
    try {
      onItems(await askOutbox({ type: 'outbox:list' }), undefined);
    } catch {
      return;
    }
    replay();
  })();
  const stopListening = onSignalChange((online) => {
    if (online) replay();
  });
  // Whatever form the member signed in with (the account page opens its own), what waited for it goes.
  const stopHearingSignIn = onSignedIn(() => void replayOutbox({ signedIn: true }).then((items) => onItems(items, undefined), () => undefined));
  return () => {
    stopped = true;
    channel?.close();
    stopListening();
    stopHearingSignIn();
  };
}
