/**
 * Reading an answer against its call's schemas. Apart from the client so zod loads with the first
 * request instead of with the page: a server-rendered page brings its first answers already
 * parsed, in its dehydrated query cache.
 */
import { safeParse } from 'zod/v4/core';
import type { CallDefinition, CallResponse } from '../../contract/define';
import { failureSchema } from '../../contract/envelope';
import { ApiError } from './api-error';

function statusMessage(status: number): string {
  if (status === 401) return 'Please sign in again.';
  if (status === 403) return 'This request was refused. Reload the page and try again.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed.';
}

/** The parsed success answer of `call`, or the ApiError its answer stands for. */
export function parseAnswer<C extends CallDefinition>(call: C, status: number, json: unknown): CallResponse<C> {
  const ok = status >= 200 && status < 300;
  if (ok) {
    const parsed = safeParse(call.response, json);
    if (parsed.success) return parsed.data as CallResponse<C>;
  }
  // Some calls of SPEC §7 answer 200 with success:false; the failure envelope covers both.
  const failure = safeParse(failureSchema, json);
  if (failure.success) {
    throw new ApiError({ kind: 'http', status, msg: failure.data.msg, errors: failure.data.errors });
  }
  if (!ok) throw new ApiError({ kind: 'http', status, msg: statusMessage(status) });
  throw new ApiError({ kind: 'parse', status, msg: 'The shop sent an answer this page does not understand. Please reload.' });
}
