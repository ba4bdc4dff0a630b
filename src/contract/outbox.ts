/**
 * What the page and the service worker say to each other about the outbox (the worker owns it:
 * its IndexedDB store and its replay). The page asks by postMessage to the active worker, with a
 * MessagePort for the answer; the worker tells every open page of changes and outcomes on a
 * BroadcastChannel. Each kind's request is the contract call the form sends online.
 */
import type { OutboxItem, OutboxKind } from '../domain/outbox';
import { getAppProps } from './app-props';
import { addGarageVehicle } from './garage';
import { callBase } from './http';
import { addAccountPartRequest, submitPartRequest } from './part-requests';
import { saveEnquiry, submitProductNotification } from './product-forms';
import { createReturn } from './returns';
import { createSavedSearch } from './saved-searches';
import { toggleWishlist } from './wishlist';

/** Where each kind is POSTed. */
export const OUTBOX_URLS: Readonly<Record<OutboxKind, string>> = {
  'part-request': `${callBase(submitPartRequest)}${submitPartRequest.path}`,
  'account-part-request': `${callBase(addAccountPartRequest)}${addAccountPartRequest.path}`,
  enquiry: `${callBase(saveEnquiry)}${saveEnquiry.path}`,
  notification: `${callBase(submitProductNotification)}${submitProductNotification.path}`,
  wishlist: `${callBase(toggleWishlist)}${toggleWishlist.path}`,
  'saved-search': `${callBase(createSavedSearch)}${createSavedSearch.path}`,
  'garage-vehicle': `${callBase(addGarageVehicle)}${addGarageVehicle.path}`,
  return: `${callBase(createReturn)}${createReturn.path}`,
};

/** Where the worker gets a fresh CSRF token (and a session, when the old one has gone). */
export const CSRF_RENEW_URL = `${callBase(getAppProps)}${getAppProps.path}`;

/** The BroadcastChannel the worker speaks on. */
export const OUTBOX_CHANNEL = 'shop-outbox';
/** The Background Sync tag. */
export const OUTBOX_SYNC_TAG = 'shop-outbox';

/** A request the person has just made: the page gives it its key (id) when send was pressed. */
export interface NewOutboxItem {
  id: string;
  kind: OutboxKind;
  label: string;
  body: Record<string, unknown>;
}

/** Page → worker. `csrfToken` is the page's current token, which the worker sends with the items. */
export type OutboxRequest =
  | { type: 'outbox:add'; item: NewOutboxItem; csrfToken?: string | undefined }
  | { type: 'outbox:list' }
  /** Send what is due now ('online', the app's start, after sign-in: `signedIn` puts items waiting for it back in the queue). */
  | { type: 'outbox:replay'; csrfToken?: string | undefined; signedIn?: boolean | undefined }
  | { type: 'outbox:cancel'; id: string }
  /** A solved bot check for a shop part request. */
  | { type: 'outbox:solve'; id: string; token: string; csrfToken?: string | undefined }
  /** Send again: after correcting fields (`body` replaces the fields given) or after a failure. */
  | { type: 'outbox:resend'; id: string; body?: Record<string, unknown> | undefined; csrfToken?: string | undefined }
  /** The page told the person these were sent: forget them. */
  | { type: 'outbox:seen'; ids: string[] };

/** Worker → page, on the MessagePort of a request. */
export type OutboxReply = { ok: true; items: OutboxItem[] } | { ok: false; error: string };

/** Worker → pages, on the BroadcastChannel: the whole list after any change; `sending` while an item is on its way. */
export type OutboxBroadcast = { type: 'outbox:changed'; items: OutboxItem[]; sending?: string | undefined };

export const isOutboxRequest = (data: unknown): data is OutboxRequest =>
  Boolean(data) && typeof data === 'object' && typeof (data as { type?: unknown }).type === 'string' && (data as { type: string }).type.startsWith('outbox:');
