/**
 * The member's garage as every screen reads it (issue 17, contract/garage.ts): the list of
 * vehicles (account screen, home page's one-tap searches) and the fit of the parts a screen shows
 * to the current vehicle. Member-only calls: callers enable them for a signed-in member only.
 * The call's schemas load with the call, never with the page.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiOf } from '../api/client';

export const garageKeys = {
  all: ['garage'] as const,
  list: () => [...garageKeys.all, 'list'] as const,
  fit: (tags: readonly string[]) => [...garageKeys.all, 'fit', tags.join(',')] as const,
};

export const garageQueryOptions = () =>
  queryOptions({
    queryKey: garageKeys.list(),
    queryFn: async ({ client, signal }) => {
      const { getGarage } = await import('../../contract/garage');
      return apiOf(client)(getGarage, { signal });
    },
    staleTime: 0,
  });

/** The compatibility call takes up to 100 Tags. */
export const FIT_TAGS_MAX = 100;

/** Tags asked for, deduplicated and sorted, so the same screen asks with the same key. */
export function fitTags(tags: readonly string[]): string[] {
  return [...new Set(tags)].sort().slice(0, FIT_TAGS_MAX);
}

export const garageFitQueryOptions = (tags: readonly string[]) =>
  queryOptions({
    queryKey: garageKeys.fit(tags),
    queryFn: async ({ client, signal }) => {
      const { getGarageCompatibility } = await import('../../contract/garage');
      return apiOf(client)(getGarageCompatibility, { query: { tags: tags.join(',') }, signal });
    },
    staleTime: 60_000,
  });
