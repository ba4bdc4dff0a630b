/**
 * Sends a multipart form (a return with its photos, a CV, a part's photos) as a JSON call is sent:
 * no Content-Type, so the browser writes the multipart boundary itself; a failed fetch is the
 * network ApiError every call throws without signal. Answers the status and the JSON body
 * (undefined when there is none) for the caller's parseAnswer.
 */
import { ApiError } from './api-error';

export async function sendForm(url: string, method: string, body: FormData, headers: Record<string, string>): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { method, body, headers: { Accept: 'application/json', ...headers }, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError({ kind: 'network', status: 0, msg: 'Could not reach the shop. Check your connection and try again.', cause: error });
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}
