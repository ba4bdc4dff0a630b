/**
 * When the data shown offline was answered by the shop (issue 16's 'as of {time}'). A search or a
 * listing opened offline is answered by the service worker from its kept copy, which carries the
 * time the worker fetched it (src/sw/runtime-caching.ts); React Query then sees a fresh answer, so
 * its own time says 'now'. A page drawn from its kept HTML copy brings its data with the time the
 * server rendered it. The notice takes the earlier of the two: it never claims fresher data than
 * the phone may be showing.
 */
import { useEffect, useState } from 'react';
import { buildPath, callBase } from '../../contract/http';
import { CATALOGUE_ANSWERS_CACHE, FETCHED_AT_HEADER } from '../../contract/offline';
import { isApiError } from '../api/api-error';
import { toQueryString } from '../api/client';
import { useOnlineStatus } from '../hooks/use-online-status';

/** The address the API client asks for a call (src/shared/api/client.ts), which the worker keeps its copy under. */
export function callUrl(call: { path: string; base?: '' | undefined }, options: { params?: Record<string, string | number>; query?: unknown } = {}): string {
  return `${callBase(call)}${buildPath(call.path, options.params)}${toQueryString(options.query)}`;
}

/** When the worker fetched its kept copy of an answer (epoch ms), if it keeps one. */
export async function keptAnswerTime(url: string): Promise<number | undefined> {
  if (typeof caches === 'undefined') return undefined;
  const kept = await caches.match(new URL(url, location.href).href, { cacheName: CATALOGUE_ANSWERS_CACHE, ignoreVary: true });
  const stamp = kept?.headers.get(FETCHED_AT_HEADER) ?? kept?.headers.get('date');
  const at = stamp ? Date.parse(stamp) : NaN;
  return Number.isNaN(at) ? undefined : at;
}

/** Whether a query's last try failed for want of signal (its data, if any, is then what was kept). */
export function failedForSignal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'network';
}

/**
 * The 'as of' time of data shown without signal, or undefined while the phone is online and the
 * data came from the shop. `answerUrl` names the worker's kept copy, when the data may come from one.
 */
export function useOfflineAsOf({ dataUpdatedAt, error, answerUrl }: { dataUpdatedAt: number; error: unknown; answerUrl?: string | undefined }): number | undefined {
  const online = useOnlineStatus();
  const showing = (!online || failedForSignal(error)) && dataUpdatedAt > 0;
  const [kept, setKept] = useState<{ url: string; at: number | undefined } | undefined>();
  useEffect(() => {
    if (!showing || !answerUrl) return;
    let live = true;
    void keptAnswerTime(answerUrl)
      .catch(() => undefined)
      .then((at) => {
        if (live) setKept({ url: answerUrl, at });
      });
    return () => {
      live = false;
    };
  }, [showing, answerUrl, dataUpdatedAt]);
  if (!showing) return undefined;
  const at = kept && kept.url === answerUrl ? kept.at : undefined;
  return at === undefined ? dataUpdatedAt : Math.min(at, dataUpdatedAt);
}
