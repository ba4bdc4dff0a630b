import { describe, expect, it } from 'vitest';
import { accountPath, accountScreenForHash, ACCOUNT_SCREENS } from './screens';

const pathFor = (hash: string) => accountPath(accountScreenForHash(hash));

describe('the account area addresses of SPEC §2', () => {
  it('opens each spec hash address at its own path', () => {
    expect(pathFor('#/client/orders')).toBe('/panel/client/orders');
    expect(pathFor('#/client/abandoned-carts')).toBe('/panel/client/abandoned-carts');
    expect(pathFor('#/client/discount-thresholds')).toBe('/panel/client/discount-thresholds');
    expect(pathFor('#/client/details')).toBe('/panel/client/details');
    expect(pathFor('#/client/settings/')).toBe('/panel/client/settings');
    expect(pathFor('#/client/payment-preferences?from=mail')).toBe('/panel/client/payment-preferences');
    expect(pathFor('#/client/part-requests')).toBe('/panel/client/part-requests');
    expect(pathFor('#/client/saved-searches')).toBe('/panel/client/saved-searches');
    expect(pathFor('#/client/garage')).toBe('/panel/client/garage');
  });

  it('sends an empty or unknown hash to the orders', () => {
    expect(pathFor('')).toBe('/panel/client/orders');
    expect(pathFor('#/client/nothing')).toBe('/panel/client/orders');
    expect(pathFor('#/elsewhere/orders')).toBe('/panel/client/orders');
  });

  it("keeps SPEC §2's sidebar order with saved searches and the wishlist after part requests", () => {
    expect(ACCOUNT_SCREENS.map((screen) => screen.label)).toEqual([
      'My details',
      'My orders',
      'Abandoned carts',
      'Part requests',
      'Saved searches',
      'My wishlist',
      'My garage',
      'Loyalty program',
      'Payment preferences',
      'Settings',
    ]);
  });
});

import { accountScreenOfPath } from './screens';

describe('paths below /panel', () => {
  it('name a screen only as client/{screen}', () => {
    expect(accountScreenOfPath('client/orders')).toBe('orders');
    expect(accountScreenOfPath('client/settings/')).toBe('settings');
    expect(accountScreenOfPath('')).toBeNull();
    expect(accountScreenOfPath('client/unknown')).toBeNull();
    expect(accountScreenOfPath('orders')).toBeNull();
  });
});
