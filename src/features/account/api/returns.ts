/**
 * Returns (SPEC §7): the reasons (GET /return-reasons), a reason's form (GET
 * /return-reasons/get/{id}) and POST /returns/create, a multipart body — the order's hash, the
 * line, the reason, the form's fields by name and each photo as a file part `{name}[]`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CSRF_HEADER, API_BASE } from '../../../contract/http';
import { createReturn, getReturnReason, getReturnReasons, photoPartName, RETURN_CREATE_KEYS } from '../../../contract/returns';
import { ApiError } from '../../../shared/api/api-error';
import { apiOf } from '../../../shared/api/client';
import { readCsrfToken } from '../../../shared/api/csrf';
import { parseAnswer } from '../../../shared/api/parse-answer';

export const returnReasonsQueryOptions = () =>
  queryOptions({
    queryKey: ['return-reasons'] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getReturnReasons, { signal })).return_reasons,
    staleTime: 10 * 60_000,
  });

export function useReturnReasons() {
  return useQuery(returnReasonsQueryOptions());
}

export function useReturnReason(id: number | null) {
  return useQuery({
    queryKey: ['return-reasons', id] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getReturnReason, { params: { id: id ?? 0 }, signal })).details,
    enabled: id !== null,
    staleTime: 10 * 60_000,
  });
}

export interface NewReturn {
  orderHash: string;
  lineId: number;
  reasonId: number;
  answers: Readonly<Record<string, string>>;
  photos: Readonly<Record<string, readonly File[]>>;
}

/** Sends the return; answers the server's message, or throws an ApiError with its msg and field errors. */
export async function sendReturn({ orderHash, lineId, reasonId, answers, photos }: NewReturn): Promise<string> {
  const body = new FormData();
  body.set(RETURN_CREATE_KEYS.order, orderHash);
  body.set(RETURN_CREATE_KEYS.line, String(lineId));
  body.set(RETURN_CREATE_KEYS.reason, String(reasonId));
  for (const [name, value] of Object.entries(answers)) body.set(name, value);
  for (const [name, files] of Object.entries(photos)) for (const file of files) body.append(photoPartName(name), file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readCsrfToken();
  if (token) headers[CSRF_HEADER] = token;
  let response: Response;
  try {
    // No Content-Type: the browser writes the multipart boundary itself.
    response = await fetch(`${API_BASE}${createReturn.path}`, { method: 'POST', body, headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError({ kind: 'network', status: 0, msg: 'Could not reach the shop. Check your connection and try again.', cause: error });
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  return parseAnswer(createReturn, response.status, json).msg;
}
