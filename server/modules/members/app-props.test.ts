import { describe, expect, it } from 'vitest';
import { memberAppProps } from './app-props';
import { expectOk, guestForm, PARTS, PASSWORD, shopApp, shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';

useCheckoutData();

describe('member fields of the app props', () => {
  it('are empty for a visitor and name the member once signed in', async () => {
    const app = await shopApp();
    const buyer = await shopper(app);
    const { db } = await testDatabase();
    const before = await app.sessions.resolve(buyer.sessionToken);
    expect(await memberAppProps(db, before)).toEqual({ isGuest: false, memberIdentifier: '', memberFirstName: '' });

    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP' }));
    buyer.adopt(await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk', first_name: 'Jo', password: PASSWORD, confirm_password: PASSWORD }))));
    const after = await app.sessions.resolve(buyer.sessionToken);
    expect(await memberAppProps(db, after)).toEqual({ isGuest: false, memberIdentifier: String(after?.memberId), memberFirstName: 'Jo' });
  });
});
