/**
 * /panel/{…}: the account frame with the screen the path names (/panel/client/orders), or, on
 * /panel itself, the hash redirect of the spec's addresses. Each screen is its own chunk.
 */
import { useParams, useSearch } from '@tanstack/react-router';
import { type ComponentType } from 'react';
import { orderSearch, type OrderSearch } from '../order-search';
import { accountScreenOfPath, type AccountScreenName } from '../screens';
import { AccountHashRedirect } from './account-hash-redirect';
import { AccountLayout } from './account-layout';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const screens: Record<AccountScreenName, ComponentType<{ search: OrderSearch }>> = {
  details: lazyWhenOnline(() => import('./details-screen').then((module) => ({ default: module.DetailsScreen }))),
  orders: lazyWhenOnline(() => import('./orders-screen').then((module) => ({ default: (props: { search: OrderSearch }) => <module.OrdersScreen abandoned={false} search={props.search} /> }))),
  'abandoned-carts': lazyWhenOnline(() => import('./orders-screen').then((module) => ({ default: (props: { search: OrderSearch }) => <module.OrdersScreen abandoned search={props.search} /> }))),
  'part-requests': lazyWhenOnline(() => import('./part-requests-screen').then((module) => ({ default: module.PartRequestsScreen }))),
  'saved-searches': lazyWhenOnline(() => import('./saved-searches-screen').then((module) => ({ default: module.SavedSearchesScreen }))),
  wishlist: lazyWhenOnline(() => import('./wishlist-screen').then((module) => ({ default: module.WishlistScreen }))),
  garage: lazyWhenOnline(() => import('./garage-screen').then((module) => ({ default: module.GarageScreen }))),
  'discount-thresholds': lazyWhenOnline(() => import('./loyalty-screen').then((module) => ({ default: module.LoyaltyScreen }))),
  'payment-preferences': lazyWhenOnline(() => import('./payment-preferences-screen').then((module) => ({ default: module.PaymentPreferencesScreen }))),
  settings: lazyWhenOnline(() => import('./settings-screen').then((module) => ({ default: module.SettingsScreen }))),
};

export function AccountPage() {
  const splat = useParams({ strict: false })._splat ?? '';
  const search = orderSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const screen = accountScreenOfPath(splat);
  // /panel itself (the loader has answered not found for any other unknown path).
  if (!screen) return <AccountHashRedirect />;
  const Screen = screens[screen];
  return (
    <AccountLayout screen={screen}>
      <Screen search={search} />
    </AccountLayout>
  );
}
