/**
 * SPEC §8 for the jobs and news lists: an answer with success false shows its msg in a popup
 * (toast); a request that failed (no answer, a server error) empties the list. Either way the
 * screen draws no items. Answers whether the list failed and whether that was the request itself.
 */
import { useEffect } from 'react';
import { toast } from 'sonner';
import { isApiError } from '../../shared/api/api-error';

/** The server answered with its failure envelope (success false and a msg), as opposed to no usable answer. */
export const isRefusal = (error: unknown): boolean => isApiError(error) && error.kind === 'http' && error.status > 0 && error.status < 500;

export function useListFailure(error: unknown): { failed: boolean; requestFailed: boolean } {
  useEffect(() => {
    if (isApiError(error) && isRefusal(error)) toast.error(error.msg);
  }, [error]);
  return { failed: Boolean(error), requestFailed: Boolean(error) && !isRefusal(error) };
}
