/**
 * The account area's screens in SPEC §2's sidebar order (saved searches, issue 17, and my wishlist,
 * issue 15, after part requests), with the spec's hash addresses (/panel/#/client/…) and the paths they open here
 * (/panel/client/{screen}).
 */
export const ACCOUNT_SCREEN_NAMES = [
  'details',
  'orders',
  'abandoned-carts',
  'part-requests',
  'saved-searches',
  'wishlist',
  'garage',
  'discount-thresholds',
  'payment-preferences',
  'settings',
] as const;
export type AccountScreenName = (typeof ACCOUNT_SCREEN_NAMES)[number];

export interface AccountScreen {
  screen: AccountScreenName;
  label: string;
  /** Shown only with the discountThresholds flag (SPEC §2). */
  loyalty?: boolean;
}

export const ACCOUNT_SCREENS: readonly AccountScreen[] = [
  { screen: 'details', label: 'My details' },
  { screen: 'orders', label: 'My orders' },
  { screen: 'abandoned-carts', label: 'Abandoned carts' },
  { screen: 'part-requests', label: 'Part requests' },
  { screen: 'saved-searches', label: 'Saved searches' },
  { screen: 'wishlist', label: 'My wishlist' },
  { screen: 'garage', label: 'My garage' },
  { screen: 'discount-thresholds', label: 'Loyalty program', loyalty: true },
  { screen: 'payment-preferences', label: 'Payment preferences' },
  { screen: 'settings', label: 'Settings' },
];

export function isAccountScreen(value: string): value is AccountScreenName {
  return (ACCOUNT_SCREEN_NAMES as readonly string[]).includes(value);
}

/** The account area's home: the orders (the header's account link goes there, SPEC §2). */
export const ACCOUNT_HOME: AccountScreenName = 'orders';

/** The path a screen is served at. */
export const accountPath = (screen: AccountScreenName) => `/panel/client/${screen}`;

/** Which screen a spec address's hash opens ('#/client/orders', '#/client/orders?x'); the orders otherwise. */
export function accountScreenForHash(hash: string): AccountScreenName {
  const route = hash.replace(/^#/, '').split('?')[0]?.replace(/\/+$/, '') ?? '';
  const name = route.startsWith('/client/') ? route.slice('/client/'.length) : '';
  return isAccountScreen(name) ? name : ACCOUNT_HOME;
}

/** The screen of a path below /panel ('client/orders'); null for /panel itself or anything else. */
export function accountScreenOfPath(splat: string): AccountScreenName | null {
  const name = splat.replace(/\/+$/, '').replace(/^client\//, '');
  return splat.startsWith('client/') && isAccountScreen(name) ? name : null;
}
