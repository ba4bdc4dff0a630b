/**
 * New-stock alerts (issue 17): matching stock gives one mail per alert, grouping its parts, and
 * one push per alert to the member's device through a local fake push service that verifies the
 * VAPID signature and decrypts the payload; nothing more within the hour; a working unsubscribe
 * link without sign-in; a subscription its push service calls gone is removed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAlerts } from '../../../src/contract/alerts';
import { getPushSubscriptions } from '../../../src/contract/push';
import { parts, stockAlerts } from '../../db/schema';
import { type FakePushService, startFakePushService } from '../../integrations/push/fake-push-service';
import { expectOk, guestForm, PARTS, PASSWORD, shopper, useCheckoutData } from '../../test/checkout';
import { payByCard } from '../../test/payments';
import { testDatabase } from '../../test/database';
import { testClock } from '../../test/payments';
import { addStock, alertMails, removeStock, signedIn, tradeApp, VAPID, VAPID_SUBJECT } from '../../test/trade';

useCheckoutData();

const MINUTE = 60_000;
let fake: FakePushService;
let added: string[] = [];

beforeEach(async () => {
  fake = await startFakePushService();
  added = [];
});
afterEach(async () => {
  await fake.close();
  await removeStock((await testDatabase()).db, added);
});

describe('new-stock alerts', () => {
  it('a failed round is told to its caller and ends nothing: the next round runs', async () => {
    const { db } = await testDatabase();
    const app = await tradeApp({ clock: testClock(), push: fake });
    // The database failing under the round (here its table gone for a moment).
    await db.execute(sql`ALTER TABLE stock_alerts RENAME TO stock_alerts_away`);
    try {
      await expect(app.stockAlerts.runRound()).rejects.toThrow();
    } finally {
      await db.execute(sql`ALTER TABLE stock_alerts_away RENAME TO stock_alerts`);
    }
    // A rejection nobody handled would end the process (and fail this file) once the turn is over.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await app.stockAlerts.runRound()).toMatchObject({ messages: 0 });
  });

  it('tells each alert once, grouped, by mail and push; nothing more within the hour; then the new parts', async () => {
    const { db } = await testDatabase();
    const clock = testClock();
    const app = await tradeApp({ clock, push: fake });
    // Whatever earlier tests queued (the seed's parts, statuses put back) is matched while no alert exists.
    await app.stockAlerts.runRound();

    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const device = fake.subscribe();
    await expectOk(jo.call('POST', '/push/subscriptions', { ...device.target, label: 'Chrome on Android' }));
    // A garage vehicle by registration (AB12 CDE: a 2012 Ford Focus Mk3) and a saved make/model/type search, each with an alert.
    const vehicle = (await expectOk(jo.call('POST', '/garage/add', { vrn: 'AB12 CDE' }))).json().vehicle;
    const [alternator] = await db.select({ partTypeId: parts.partTypeId }).from(parts).where(eq(parts.tag, PARTS.alternator));
    const search = (await expectOk(jo.call('POST', '/saved-searches/create', { name: 'Focus alternators', params: { make: 'Ford', model: 'Focus', partType: alternator?.partTypeId } }))).json().record;
    await expectOk(jo.call('POST', '/alerts/create', { garage_vehicle_id: vehicle.id }));
    await expectOk(jo.call('POST', '/alerts/create', { saved_search_id: search.id }));

    // Three alternators arrive; the request that adds them only queues them.
    added.push(...(await addStock(db, PARTS.alternator, 3)));
    expect(await alertMails(db)).toEqual([]);
    const first = await app.stockAlerts.runRound();
    expect(first.messages).toBe(2);

    const mails = await alertMails(db);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.to).toBe('jo@fleetfix.co.uk');
      expect(mail.subject).toMatch(/^3 new parts for /);
      for (const tag of added) expect(mail.text).toContain(tag);
      expect(mail.text).toMatch(/Stop this alert \(no sign-in needed\): https:\/\/shop\.example\/alerts\/unsubscribe\/\d+-[\w-]{22}/);
    }
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['3 new parts for AB12CDE · 2012 Ford Focus Mk3', '3 new parts for Focus alternators'].sort());

    // One push per alert, signed with the shop's VAPID key and decrypted with the device's keys.
    expect(fake.refused).toEqual([]);
    expect(fake.received).toHaveLength(2);
    for (const push of fake.received) {
      expect(push.subscriptionId).toBe(device.id);
      expect(push.vapidPublicKey).toBe(VAPID.publicKey);
      expect(push.claims.sub).toBe(VAPID_SUBJECT);
      const payload = JSON.parse(push.payload) as { title: string; body: string; url: string };
      expect(payload.title).toMatch(/^3 new parts for /);
      expect(payload.url).toMatch(new RegExp(`^/product/.*${added[0]}$`));
    }

    // More stock ten minutes later: matched, but nothing is sent within the hour.
    clock.advance(10 * MINUTE);
    added.push(...(await addStock(db, PARTS.alternator, 1)));
    const second = await app.stockAlerts.runRound();
    expect(second.notifications).toBe(2);
    expect(second.messages).toBe(0);
    clock.advance(49 * MINUTE);
    expect((await app.stockAlerts.runRound()).messages).toBe(0);
    expect(await alertMails(db)).toHaveLength(2);
    expect(fake.received).toHaveLength(2);

    // An hour after the first message: one more per alert, with the one new part only.
    clock.advance(1 * MINUTE);
    expect((await app.stockAlerts.runRound()).messages).toBe(2);
    const later = (await alertMails(db)).slice(2);
    expect(later).toHaveLength(2);
    for (const mail of later) {
      expect(mail.subject).toMatch(/^New part for .*: Ford Focus/);
      expect(mail.text).toContain(added[3]);
      for (const tag of added.slice(0, 3)) expect(mail.text).not.toContain(tag);
    }
    expect(fake.received).toHaveLength(4);
    // Nothing is ever told twice.
    expect((await app.stockAlerts.runRound()).messages).toBe(0);
  });

  it('stops an alert from the mail link without signing in (a GET only asks), and refuses a forged link', async () => {
    const { db } = await testDatabase();
    const clock = testClock();
    const app = await tradeApp({ clock, push: fake });
    await app.stockAlerts.runRound();
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    await expectOk(jo.call('POST', '/alerts/create', { vehicle: { make: 'Ford', model: 'Focus', year: 2012 } }));
    added.push(...(await addStock(db, PARTS.starter, 2)));
    await app.stockAlerts.runRound();
    const [mail] = await alertMails(db);
    expect(mail?.subject).toBe('2 new parts for 2012 Ford Focus');
    const link = /https:\/\/shop\.example(\/alerts\/unsubscribe\/[\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

    // No cookie: a mail program's visit. Asking leaves the alert alone.
    const ask = await app.inject({ method: 'GET', url: link });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('2012 Ford Focus');
    expect(ask.body).toContain('<form method="post">');
    expect(await db.select().from(stockAlerts)).toHaveLength(1);

    const stop = await app.inject({ method: 'POST', url: link });
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain('You will no longer get alerts for <strong>2012 Ford Focus</strong>');
    expect(getAlerts.response.parse((await expectOk(jo.call('GET', '/alerts/getList.json'))).json()).records).toEqual([]);
    expect((await app.inject({ method: 'POST', url: link })).statusCode).toBe(404);

    // The JSON calls for a later page of the app answer alike; a token with another alert's id is forged.
    const forged = link.replace(/\/(\d+)-/, (_, id: string) => `/${Number(id) + 1}-`);
    expect((await app.inject({ method: 'POST', url: `/web-api${forged}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/web-api${forged}.json` })).statusCode).toBe(404);
  });

  it('removes a subscription whose push service answers 410, and keeps mailing', async () => {
    const { db } = await testDatabase();
    const clock = testClock();
    const app = await tradeApp({ clock, push: fake });
    await app.stockAlerts.runRound();
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const device = fake.subscribe();
    await expectOk(jo.call('POST', '/push/subscriptions', device.target));
    await expectOk(jo.call('POST', '/alerts/create', { vehicle: { make: 'Ford', model: 'Focus' } }));
    fake.expire(device.id);
    added.push(...(await addStock(db, PARTS.mirror, 1)));
    const round = await app.stockAlerts.runRound();
    expect(round).toMatchObject({ messages: 1, pushes: 0 });
    expect(await alertMails(db)).toHaveLength(1);
    expect(getPushSubscriptions.response.parse((await expectOk(jo.call('GET', '/push/subscriptions.json'))).json()).records).toEqual([]);
  });

  it("pushes 'order paid' to the member's devices once the payment is settled", async () => {
    const clock = testClock();
    const app = await tradeApp({ clock, push: fake });
    await app.stockAlerts.runRound();
    const buyer = await shopper(app);
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    buyer.adopt(await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk', password: PASSWORD, confirm_password: PASSWORD }))));
    const device = fake.subscribe();
    await expectOk(buyer.call('POST', '/push/subscriptions', device.target));
    const { order } = (await expectOk(buyer.call('PATCH', '/carts/create-order'))).json();
    await payByCard(buyer, order.hash);
    expect(fake.received).toEqual([]);

    expect((await app.stockAlerts.runRound()).pushes).toBe(1);
    expect(fake.received).toHaveLength(1);
    expect(JSON.parse(fake.received[0]?.payload ?? '{}')).toEqual({ title: `Order ${order.number} paid`, body: 'Thank you. We are getting your parts ready.', url: '/panel/client/orders', tag: `order-${order.number}` });
    expect(fake.received[0]?.topic).toBe(`order-${order.number}`);
  });
});
