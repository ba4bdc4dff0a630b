/** GET /bot-check/challenge.json: the widget to show and, for ALTCHA, a fresh challenge (one per form). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBotCheckChallenge, type BotCheckChallenge } from '../../contract/bot-check';
import { apiOf, type Api } from '../api/client';

export async function fetchBotCheckChallenge(api: Api, signal?: AbortSignal): Promise<BotCheckChallenge> {
  return api(getBotCheckChallenge, { signal });
}

export const botCheckKeys = {
  all: ['bot-check'] as const,
  /** `round` moves on whenever the form needs a new check (after a send, or a refused answer); the outbox uses its own rounds (strings). */
  challenge: (round: number | string) => [...botCheckKeys.all, round] as const,
};

export const botCheckChallengeQueryOptions = (round: number | string) =>
  queryOptions({
    queryKey: botCheckKeys.challenge(round),
    queryFn: ({ client, signal }) => fetchBotCheckChallenge(apiOf(client), signal),
    // Each challenge can be solved once: never reuse one from the cache.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useBotCheckChallenge(round: number | string) {
  return useQuery(botCheckChallengeQueryOptions(round));
}
