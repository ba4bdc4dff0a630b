/**
 * The back office's customers: found by name, e-mail, postcode or order number; a member's page
 * lists their addresses, orders, returns, part requests and garage with statuses, and never holds
 * a password hash, card, authenticator or session datum.
 */
import { describe, expect, it } from 'vitest';
import { adminCustomer, adminCustomerList } from '../../../../src/contract/admin-customers';
import { addresses, carts, countries, garageVehicles, memberProfiles, members, orderProducts, orders, partRequests, returnReasons, returns } from '../../../db/schema';
import { testApp } from '../../../test/app';
import { testDatabase } from '../../../test/database';
import { addOwner, addStaff, enrolAndSignIn, testClock } from '../../../test/staff';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVlb2Z0aGVtZW1iZXI';

describe('the back office customers', () => {
  it('finds a member by name, e-mail, postcode or order number and shows their account without a secret', async () => {
    const clock = testClock();
    const app = await testApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000' } });
    const { db } = await testDatabase();
    await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    await addStaff(owner, 'sales');
    const { browser } = await enrolAndSignIn(app, clock, 'sales@example.com');

    const at = new Date('2026-02-01T10:00:00Z');
    const [jo] = await db.insert(members).values({ email: 'jo.bloggs@example.com', passwordHash: HASH, firstName: 'Joanna', lastName: 'Bloggs', createdAt: at }).returning();
    await db.insert(members).values({ email: 'sam@example.com', passwordHash: HASH, firstName: 'Sam', lastName: 'Other', createdAt: at });
    const memberId = jo!.id;
    await db.insert(memberProfiles).values({ memberId, mobile: '07700 900123', companyName: 'Bloggs Motors' });
    await db.insert(countries).values({ id: 235, name: 'United Kingdom', iso2: 'GB' }).onConflictDoNothing();
    await db.insert(addresses).values({ memberId, postcode: 'LS1 4AP', address1: '1 Park Row', city: 'Leeds', countryId: 235, firstName: 'Joanna', lastName: 'Bloggs' });
    const [cart] = await db.insert(carts).values({ sessionId: 's1', memberId } as never).returning({ id: carts.id });
    const address = { first_name: 'Joanna', postcode: 'LS1 4AP' };
    const [order] = await db
      .insert(orders)
      .values({
        number: 'PF-000123', hash: 'h'.repeat(32), statusId: 2, cartId: cart!.id, memberId, sessionId: 's1', email: 'jo.bloggs@example.com',
        subTotal: 1000, grossSubTotal: 1200, amountDiscountThreshold: 0, deliveryValue: 0, commissionValue: 0, taxValue: 200, totalValue: 1200, toPay: 1200,
        regionId: 1, regionName: 'UK', regionPostcode: 'LS1', deliveryId: 2, deliveryName: 'Courier', packageType: 'REGULAR_PARCELS',
        billingAddress: address, deliveryAddress: address, createdAt: at, holdExpiresAt: at, paidAt: at,
      })
      .returning({ id: orders.id });
    const [line] = await db
      .insert(orderProducts)
      .values({ orderId: order!.id, partId: 1, tag: 'P0000001', name: 'Alternator', quantity: 1, netPrice: 1000, grossPrice: 1200, warrantyName: '30 days', warrantyPrice: 0, warrantyGrossPrice: 0, value: 1000, grossValue: 1200, taxPercentage: 20 } as never)
      .returning({ id: orderProducts.id });
    await db.insert(returnReasons).values({ id: 1, name: 'Not as described' }).onConflictDoNothing();
    await db.insert(returns).values({ orderId: order!.id, orderProductId: line!.id, memberId, returnReasonId: 1, createdAt: at, updatedAt: at });
    await db.insert(partRequests).values({ carReg: 'AB12CDE', email: 'jo.bloggs@example.com', name: 'Joanna', partName: 'Wing mirror', memberId, sessionId: 's1', createdAt: at });
    await db.insert(garageVehicles).values({ memberId, vrn: 'AB12CDE', make: 'Ford', model: 'Focus', year: 2014, isCurrent: true, createdAt: at });

    const find = async (q: string) => adminCustomerList.response.parse((await browser.get(`/web-api/admin/customers/list.json?q=${encodeURIComponent(q)}`)).json()).records.map((record) => record.email);
    expect(await find('joanna bl')).toEqual(['jo.bloggs@example.com']);
    expect(await find('JO.BLOGGS@')).toEqual(['jo.bloggs@example.com']);
    expect(await find('ls14')).toEqual(['jo.bloggs@example.com']);
    expect(await find('pf-000123')).toEqual(['jo.bloggs@example.com']);
    expect(await find('nobody')).toEqual([]);
    const all = adminCustomerList.response.parse((await browser.get('/web-api/admin/customers/list.json')).json());
    expect(all.records.find((record) => record.id === memberId)).toMatchObject({ postcode: 'LS1 4AP', orders: 1 });

    const response = await browser.get(`/web-api/admin/customers/${memberId}`);
    expect(response.statusCode).toBe(200);
    const { customer } = adminCustomer.response.parse(response.json());
    expect(customer).toMatchObject({ first_name: 'Joanna', profile: { company_name: 'Bloggs Motors', mobile: '07700 900123' } });
    expect(customer.addresses).toEqual([expect.objectContaining({ postcode: 'LS1 4AP', lines: ['1 Park Row', 'Leeds'] })]);
    expect(customer.orders).toEqual([expect.objectContaining({ number: 'PF-000123', total_value: 1200, lines: 1, status: expect.objectContaining({ name: expect.any(String) }) })]);
    expect(customer.returns).toEqual([expect.objectContaining({ order_number: 'PF-000123', part: 'Alternator', status: 'AWAITING_REVIEW' })]);
    expect(customer.part_requests).toEqual([expect.objectContaining({ car_reg: 'AB12CDE', part_name: 'Wing mirror', status: { name: 'New', color_rgba: expect.any(String) } })]);
    expect(customer.garage).toEqual([{ id: expect.any(Number), vrn: 'AB12CDE', vehicle: 'Ford Focus 2014', is_current: true }]);

    // Nothing secret, by name or by value, anywhere in the answer.
    const text = response.body;
    expect(text).not.toContain(HASH);
    expect(text).not.toContain('argon2');
    expect(text).not.toMatch(/password|hash|totp|secret|card|session|csrf|token/i);

    expect((await browser.get('/web-api/admin/customers/999999')).statusCode).toBe(404);
  });
});
