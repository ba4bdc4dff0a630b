/**
 * The loader of /panel/client/{screen}: what each account screen reads before it is drawn, for a
 * signed-in member only (load.ts), and the page title. An unknown screen is not found.
 */
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { partTypesQueryOptions } from '../../shared/catalogue/get-part-types';
import { savedSearchListQueryOptions } from '../../shared/saved-searches/saved-search-list';
import { garageQueryOptions } from '../../shared/garage/garage-queries';
import { memberCardsQueryOptions } from './api/member-cards';
import { memberDetailsQueryOptions } from './api/member-details';
import { loyaltyStaticsQueryOptions, memberProgressQueryOptions, thresholdsQueryOptions } from './api/loyalty';
import { orderListQueryOptions } from './api/orders';
import { partRequestListQueryOptions } from './api/part-requests';
import { deletionReasonsQueryOptions } from './api/settings';
import { wishlistQueryOptions } from './api/wishlist';
import { loadForMember } from './load';
import { orderSearch } from './order-search';
import { orderListParams } from './order-sort';
import { ACCOUNT_SCREENS, accountScreenOfPath } from './screens';

export async function loadAccountScreen(client: QueryClient, splat: string, query: Record<string, unknown>): Promise<{ title: string }> {
  // /panel itself: the page reads the hash (which never reaches the server) and moves on.
  if (splat.replace(/\/+$/, '') === '') return { title: 'Your account' };
  const screen = accountScreenOfPath(splat);
  if (!screen) throw notFound();
  const search = orderSearch(query);
  const title = ACCOUNT_SCREENS.find((each) => each.screen === screen)?.label ?? 'Your account';
  switch (screen) {
    case 'orders':
    case 'abandoned-carts':
      await loadForMember(client, (each) => each.ensureQueryData(orderListQueryOptions(orderListParams(search, screen === 'abandoned-carts'))));
      break;
    case 'details':
      await loadForMember(client, (each) => each.ensureQueryData(memberDetailsQueryOptions()));
      break;
    case 'part-requests':
      await Promise.all([
        client.ensureQueryData(partTypesQueryOptions()),
        loadForMember(client, (each) => each.ensureQueryData(partRequestListQueryOptions({ page: 1, direction: 'DESC' }))),
      ]);
      break;
    case 'saved-searches':
      // Part types name what each search searches.
      await Promise.all([client.ensureQueryData(partTypesQueryOptions()), loadForMember(client, (each) => each.ensureQueryData(savedSearchListQueryOptions()))]);
      break;
    case 'wishlist':
      await loadForMember(client, (each) => each.ensureQueryData(wishlistQueryOptions()));
      break;
    case 'garage':
      await loadForMember(client, (each) => each.ensureQueryData(garageQueryOptions()));
      break;
    case 'discount-thresholds':
      await loadForMember(
        client,
        (each) => each.ensureQueryData(thresholdsQueryOptions()),
        (each) => each.ensureQueryData(loyaltyStaticsQueryOptions()),
        (each, member) => each.ensureQueryData(memberProgressQueryOptions(member.memberIdentifier)),
      );
      break;
    case 'payment-preferences':
      await loadForMember(client, (each) => each.ensureQueryData(memberCardsQueryOptions()));
      break;
    case 'settings':
      await loadForMember(client, (each) => each.ensureQueryData(deletionReasonsQueryOptions()));
      break;
  }
  return { title };
}
