/**
 * The outbox's rules (issue 16, ARCHITECTURE 'offline'): requests made without signal wait in the
 * service worker's outbox and are sent later, in the order made, each exactly once (its
 * Idempotency-Key, made when the person pressed send, lets the server answer a repeat with the
 * first answer). What an answer means for a queued item, how long to wait after a failure and how
 * long an item is kept are decided here, so the worker and the tests agree.
 */

/**
 * The requests that can wait in the outbox: each is a write whose server call takes an
 * Idempotency-Key, so a replay stores it once.
 */
export const OUTBOX_KINDS = ['part-request', 'account-part-request', 'enquiry', 'notification', 'wishlist', 'saved-search', 'garage-vehicle', 'return'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * Kinds sent as multipart/form-data (a return carries its photos): the body's strings are its
 * fields, an array of files under a field name its file parts. The rest are sent as JSON.
 */
export const isMultipartKind = (kind: OutboxKind): boolean => kind === 'return';

/**
 * - queued: waiting to be sent (or to be tried again after `nextAttemptAt`);
 * - needs-bot-check: a shop part request whose bot check could not be solved offline (or whose
 *   answer the server refused): sent once the person has solved one with signal;
 * - needs-sign-in: the member's session ended; sent once they have signed in again;
 * - needs-attention: the server refused a field (422): `errors` says which, the person corrects
 *   and sends again;
 * - failed: refused for another reason (`reason`), or not sent within the 7 days: the person may
 *   try again or cancel;
 * - sent: delivered; kept only until a page has told the person (then removed).
 */
export const OUTBOX_STATES = ['queued', 'needs-bot-check', 'needs-sign-in', 'needs-attention', 'failed', 'sent'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface OutboxItem {
  /** The Idempotency-Key: made when send was pressed, sent unchanged on every attempt. */
  id: string;
  /** Order made: items are sent in this order. */
  seq: number;
  kind: OutboxKind;
  /** What the person sees in the list, e.g. 'Part request: Alternator for AB12CDE'. */
  label: string;
  /** The request's body, as the form would have sent it (JSON; for a multipart kind, fields and files). */
  body: Record<string, unknown>;
  /** When send was pressed (ms since the epoch). */
  createdAt: number;
  state: OutboxState;
  /** Failed attempts in a row (network errors, 5xx, 429): the next wait grows with them. */
  attempts: number;
  /** Not before this time (ms), after a failed attempt. */
  nextAttemptAt?: number | undefined;
  /** needs-attention: the server's messages by field. */
  errors?: Record<string, string[]> | undefined;
  /** failed and needs-*: what the server or the worker said, for the person. */
  reason?: string | undefined;
  /** sent: the server's message (it carries the request's reference). */
  message?: string | undefined;
}

/** An item is kept 7 days; after that it is marked failed (never dropped without a word). */
export const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Waits after a failed attempt: 100 ms doubling to at most 5 minutes. */
export const OUTBOX_BACKOFF_BASE_MS = 100;
export const OUTBOX_BACKOFF_MAX_MS = 5 * 60 * 1000;
/**
 * How many times a queued write refused with 403 (a stale CSRF token or an ended session) renews
 * its token and is sent again before it counts as failed. More than once: when the signal returns,
 * the page's own reads and the renewal may each start a session at the same moment, and the
 * browser keeps whichever cookie came last, which need not be the one whose token was fetched;
 * the next renewal reads the token of the session the browser kept.
 */
export const CSRF_RENEWALS = 3;

/**
 * Failed attempts in a row one replay makes (waiting between them: 25 s in all) before it stops
 * and leaves the item for the next trigger (a sync retry, 'online', the app's next start).
 */
export const OUTBOX_ATTEMPTS_PER_RUN = 8;

export function backoffMs(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(OUTBOX_BACKOFF_MAX_MS, OUTBOX_BACKOFF_BASE_MS * 2 ** Math.min(attempts - 1, 20));
}

export function isExpired(item: Pick<OutboxItem, 'createdAt'>, now: number): boolean {
  return now - item.createdAt > OUTBOX_KEEP_MS;
}

/** What one attempt's answer means for the item. */
export type Outcome =
  | { type: 'sent'; message: string }
  /** Network error, 5xx or 429: try the same item again later; later items wait (order). */
  | { type: 'retry'; reason: string }
  /** 403: the CSRF token is stale or the session is gone: renew the token and send once more. */
  | { type: 'renew-csrf'; reason: string }
  | { type: 'needs-sign-in'; reason: string }
  | { type: 'needs-bot-check'; reason: string }
  | { type: 'needs-attention'; reason: string; errors: Record<string, string[]> }
  | { type: 'failed'; reason: string };

/** The field the shop's part request carries its bot-check answer in (SPEC §7). */
export const BOT_CHECK_FIELD = 'cf-token';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

function fieldErrors(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== 'object') return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value as Record<string, unknown>)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((each): each is string => typeof each === 'string');
    if (list.length) errors[field] = list;
  }
  return errors;
}

/**
 * Reads an answer: `status` 0 is a network error (no answer); `json` is the envelope
 * ({success, msg, errors} or the enquiry's {status, message}).
 */
export function outcomeOf(kind: OutboxKind, status: number, json: unknown): Outcome {
  const envelope = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const said = text(envelope.msg) ?? text(envelope.message);
  if (status >= 200 && status < 300) return { type: 'sent', message: said ?? '' };
  if (status === 0) return { type: 'retry', reason: 'No connection to the shop.' };
  if (status >= 500 || status === 429 || status === 408) return { type: 'retry', reason: said ?? `The shop could not take it just now (${status}).` };
  if (status === 403) return { type: 'renew-csrf', reason: said ?? 'Your session has expired.' };
  if (status === 401) return { type: 'needs-sign-in', reason: said ?? 'Please sign in to send this request.' };
  if (status === 422) {
    const errors = fieldErrors(envelope.errors);
    if (kind === 'part-request' && errors[BOT_CHECK_FIELD]) return { type: 'needs-bot-check', reason: errors[BOT_CHECK_FIELD][0] ?? 'Please complete the security check.' };
    return { type: 'needs-attention', reason: said ?? 'Please check the highlighted fields.', errors };
  }
  return { type: 'failed', reason: said ?? `The shop refused it (${status}).` };
}

/** Whether an item waits for the worker (and not for the person). */
export const isWaitingToSend = (item: Pick<OutboxItem, 'state'>): boolean => item.state === 'queued';

/** The items a page lists: all but the delivered ones, in the order made. */
export function pendingItems(items: readonly OutboxItem[]): OutboxItem[] {
  return items.filter((item) => item.state !== 'sent').sort((a, b) => a.seq - b.seq);
}

/** The next item to send at `now`, in the order made; undefined when none is due. */
export function nextToSend(items: readonly OutboxItem[], now: number): OutboxItem | undefined {
  const queued = items.filter(isWaitingToSend).sort((a, b) => a.seq - b.seq);
  const first = queued[0];
  // Order: a later item never overtakes an earlier one that is waiting out its backoff.
  if (!first) return undefined;
  return (first.nextAttemptAt ?? 0) <= now ? first : undefined;
}

/** The shop part request's body without a bot-check answer: it needs one before it can go. */
export function needsBotCheck(kind: OutboxKind, body: Record<string, unknown>): boolean {
  return kind === 'part-request' && !text(body[BOT_CHECK_FIELD]);
}
