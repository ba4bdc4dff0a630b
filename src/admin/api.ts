/**
 * The back office's API client: `adminApi(call, { params, query, body })` sends a call of
 * src/contract/admin*.ts (made by `defineAdminCall`) with the storefront's typed client
 * (src/shared/api/client.ts: the request from the call's method and path, the answer parsed against
 * its schemas), but with the staff session's CSRF token, never the storefront's: a back-office
 * write carries the token of the staff cookie (server/plugins/staff-session.ts).
 *
 * Failures are the storefront's ApiError: `msg` to show, and for a 422 `errors` naming each field
 * (`fieldErrorsOf` gives one message per field for the form fields of src/admin/ui). A 401 from any
 * call but the sign-in steps means the staff session has ended: the screen goes to sign-in.
 */
import { ADMIN_ACCESS } from '../contract/admin-access';
import { staffCookieNames } from '../contract/cookies';
import type { CallDefinition, CallResponse } from '../contract/define';
import { API_BASE, buildPath, CSRF_HEADER } from '../contract/http';
import { ApiError, isApiError } from '../shared/api/api-error';
import { type CallArgs, callApi, fetchTransport } from '../shared/api/client';
import { parseAnswer } from '../shared/api/parse-answer';
import { sendForm } from '../shared/api/send-form';
import type { ApiTransport } from '../contract/render';

export { ApiError, isApiError };

/** The readable staff CSRF cookie: __Host-staff-csrf over HTTPS in production, shop_staff_csrf otherwise. */
const CSRF_COOKIES = [staffCookieNames(true).csrf, staffCookieNames(false).csrf];

export function readStaffCsrfToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key && CSRF_COOKIES.includes(key)) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** fetch, with the staff CSRF token on every write (the storefront's token, if any, is replaced). */
const staffTransport: ApiTransport = (request) => {
  if (request.method === 'GET') return fetchTransport(request);
  const headers = { ...request.headers };
  delete headers[CSRF_HEADER];
  const token = readStaffCsrfToken();
  if (token) headers[CSRF_HEADER] = token;
  return fetchTransport({ ...request, headers });
};

type SignedOutListener = () => void;
const signedOutListeners = new Set<SignedOutListener>();

/** Called when a call answers 401 because the staff session ended (src/admin/main.tsx goes to sign-in). */
export function onSignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Sends a back-office call without reacting to a 401 (the sign-in screen and GET /admin/me). */
export function sendAdminCall<C extends CallDefinition>(call: C, ...args: CallArgs<C>): Promise<CallResponse<C>> {
  return callApi(staffTransport, call, ...args);
}

/**
 * Sends a back-office call and returns its parsed success answer, or throws an ApiError. A 401 of a
 * call that needs a signed-in member of staff tells the app the session has ended.
 */
export async function adminApi<C extends CallDefinition>(call: C, ...args: CallArgs<C>): Promise<CallResponse<C>> {
  try {
    return await sendAdminCall(call, ...args);
  } catch (error) {
    if (isApiError(error) && error.status === 401 && ADMIN_ACCESS.get(call) !== 'sign-in') for (const listener of signedOutListeners) listener();
    throw error;
  }
}

/**
 * Sends a back-office upload (a part's photos, an article's picture) as multipart/form-data — the
 * browser writes the boundary — with the staff CSRF token, and reads the answer as adminApi does.
 */
export async function adminUpload<C extends CallDefinition>(call: C, params: Record<string, string | number>, body: FormData): Promise<CallResponse<C>> {
  const token = readStaffCsrfToken();
  const { status, json } = await sendForm(`${API_BASE}${buildPath(call.path, params)}`, call.method, body, token ? { [CSRF_HEADER]: token } : {});
  try {
    return parseAnswer(call, status, json);
  } catch (error) {
    if (isApiError(error) && error.status === 401) for (const listener of signedOutListeners) listener();
    throw error;
  }
}

/** The first message of each field of a 422 answer, keyed by field name ('' when none). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const messages: Record<string, string> = {};
  for (const [field, list] of Object.entries(error.errors)) if (list[0]) messages[field] = list[0];
  return messages;
}

/** What to show for a failed call: the server's message, or a plain one for anything else. */
export function messageOf(error: unknown): string {
  if (isApiError(error)) return error.msg;
  return 'Something went wrong. Please try again.';
}
