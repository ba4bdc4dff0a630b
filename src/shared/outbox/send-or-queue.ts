/**
 * The submit path of the forms that may be sent without signal (the shop's and the account's part
 * requests, product enquiries, back-in-stock notifications): with signal the form sends as ever;
 * without (the browser says it is offline, or the request got no answer) the same request, with
 * the same Idempotency-Key made when send was pressed, goes to the outbox. A request whose answer
 * was lost after the server stored it is therefore answered by the server's stored answer when
 * the outbox sends it, never stored twice.
 */
import type { NewOutboxItem } from '../../contract/outbox';
import { isApiError } from '../api/api-error';
import { canQueue, queueRequest } from './bridge';
import { hasSignal } from '../signal';

export type SendOrQueue<T> = { sent: true; answer: T } | { sent: false };

/** The app's one notion of offline (src/shared/signal.ts). */
export const isOffline = (): boolean => !hasSignal();

/**
 * Sends with `send`, or queues `item` when there is no signal. Throws what `send` threw when the
 * request cannot be queued (a refusal by the server, or no service worker here).
 */
export async function sendOrQueue<T>(item: NewOutboxItem, send: () => Promise<T>): Promise<SendOrQueue<T>> {
  if (isOffline() && (await canQueue())) {
    await queueRequest(item);
    return { sent: false };
  }
  try {
    return { sent: true, answer: await send() };
  } catch (error) {
    if (isApiError(error) && error.kind === 'network' && (await canQueue())) {
      await queueRequest(item);
      return { sent: false };
    }
    throw error;
  }
}

/** What a form says when its request was queued. */
export const QUEUED_MESSAGE = 'You are offline. Your request is saved on this device and will be sent when you have signal.';
