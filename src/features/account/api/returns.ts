/**
 * Returns (SPEC §7): the reasons (GET /return-reasons), a reason's form (GET
 * /return-reasons/get/{id}) and POST /returns/create, a multipart body — the order's hash, the
 * line, the reason, the form's fields by name and each photo as a file part `{name}[]`.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CSRF_HEADER, API_BASE } from '../../../contract/http';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import { createReturn, getReturnReason, getReturnReasons, photoPartName, RETURN_CREATE_KEYS } from '../../../contract/returns';
import { apiOf } from '../../../shared/api/client';
import { readCsrfToken } from '../../../shared/api/csrf';
import { sendForm } from '../../../shared/api/send-form';
import { hasSignal } from '../../../shared/signal';
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

const returnReasonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['return-reasons', id] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getReturnReason, { params: { id }, signal })).details,
    staleTime: 10 * 60_000,
  });

export function useReturnReason(id: number | null) {
  return useQuery({ ...returnReasonQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * Reads the reasons and each reason's form while there is signal and a line could be returned, so
 * they are kept (src/shared/query-persist-rules.ts) and a return can be started, and queued, on a
 * later visit without signal.
 */
export function useKeepReturnReasons(wanted: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!wanted || !hasSignal()) return;
    void client
      .fetchQuery(returnReasonsQueryOptions())
      .then((reasons) => Promise.all(reasons.map((reason) => client.prefetchQuery(returnReasonQueryOptions(reason.id)))))
      .catch(() => undefined);
  }, [client, wanted]);
}

export interface NewReturn {
  orderHash: string;
  lineId: number;
  reasonId: number;
  answers: Readonly<Record<string, string>>;
  photos: Readonly<Record<string, readonly File[]>>;
}

/**
 * The multipart form of a return: the order's hash, the line, the reason, the form's fields by
 * name and each photo as a file part `{name}[]` (the outbox keeps it so, and sends it the same way).
 */
export function returnBody({ orderHash, lineId, reasonId, answers, photos }: NewReturn): Record<string, string | File[]> {
  const body: Record<string, string | File[]> = {
    ...answers,
    [RETURN_CREATE_KEYS.order]: orderHash,
    [RETURN_CREATE_KEYS.line]: String(lineId),
    [RETURN_CREATE_KEYS.reason]: String(reasonId),
  };
  for (const [name, files] of Object.entries(photos)) if (files.length > 0) body[photoPartName(name)] = [...files];
  return body;
}

/** Sends the return with its Idempotency-Key; answers the server's message, or throws an ApiError with its msg and field errors. */
export async function sendReturn(fields: Record<string, string | File[]>, idempotencyKey: string): Promise<string> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.set(name, value);
    else for (const file of value) body.append(name, file, file.name);
  }
  const token = readCsrfToken();
  const { status, json } = await sendForm(`${API_BASE}${createReturn.path}`, 'POST', body, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey, ...(token ? { [CSRF_HEADER]: token } : {}) });
  return parseAnswer(createReturn, status, json).msg;
}
