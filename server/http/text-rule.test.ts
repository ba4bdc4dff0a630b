/**
 * The shared text rule (src/contract/text-rule.ts) on the real app: a NUL or another control
 * character in any text of a request is a 422 naming the field before anything reaches the
 * database (these three calls answered 500 when PostgreSQL met the NUL); a line break is refused
 * in a one-line field and kept in a multi-line one; and the back office checks who is asking
 * before it judges the input, so a visitor learns nothing about a call's fields.
 */
import { describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import '../../src/domain/messages-more';
import { testApp, startVisit, type Visitor } from '../test/app';
import { testDatabase } from '../test/database';
import { addOwner, enrolAndSignIn, testClock } from '../test/staff';
import type { FastifyInstance } from 'fastify';

const CONTROL = t('validation.control_characters');
const ONE_LINE = t('validation.single_line');

function send(app: FastifyInstance, visitor: Visitor, method: 'POST' | 'PATCH', url: string, payload: unknown) {
  return app.inject({ method, url, payload: JSON.stringify(payload), headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken, 'content-type': 'application/json' } });
}

describe('the text rule of every request', () => {
  it('refuses a NUL with a 422 naming the field on the calls where it reached PostgreSQL', async () => {
    const app = await testApp();
    const visitor = await startVisit(app);
    const cases = [
      { method: 'PATCH', url: '/web-api/carts/update-region-and-delivery', payload: { region_id: 1, region_postcode: 'LS1\u00004AP', delivery_id: 2 }, field: 'region_postcode' },
      { method: 'POST', url: '/web-api/discount-codes/check-code.json', payload: { code: 'SAVE\u000010' }, field: 'code' },
      { method: 'POST', url: '/web-api/payments/sandbox/card/authenticate', payload: { client_secret: 'pi_1\u0000_secret', outcome: 'complete' }, field: 'client_secret' },
    ] as const;
    for (const { method, url, payload, field } of cases) {
      const response = await send(app, visitor, method, url, payload);
      expect(response.statusCode, url).toBe(422);
      expect(response.json(), url).toEqual({ success: false, msg: 'Please correct the highlighted fields.', errors: { [field]: [CONTROL] } });
    }
    // Other control characters too, in nested fields, in a path parameter and in a query.
    const nested = await send(app, visitor, 'POST', '/web-api/carts/add-item', { product: { tag: 'AB\u001b12' } });
    expect(nested.json()).toMatchObject({ errors: { 'product.tag': [CONTROL] } });
    const param = await app.inject({ method: 'GET', url: '/web-api/products/part/AB%0012.json', headers: { cookie: visitor.cookie } });
    expect(param.statusCode).toBe(422);
    expect(param.json()).toMatchObject({ success: false, errors: { tag: [CONTROL] } });
    const query = await app.inject({ method: 'GET', url: '/web-api/products/models.json?make=Ford%7F', headers: { cookie: visitor.cookie } });
    expect(query.statusCode).toBe(422);
    expect(query.json()).toMatchObject({ errors: { make: [CONTROL] } });
    // And the shop goes on answering.
    expect((await app.inject({ method: 'GET', url: '/web-api/app-props.json', headers: { cookie: visitor.cookie } })).statusCode).toBe(200);
  });

  it('refuses a line break in a one-line field and lets a multi-line field keep it', async () => {
    const app = await testApp();
    const visitor = await startVisit(app);
    const code = await send(app, visitor, 'POST', '/web-api/discount-codes/check-code.json', { code: 'SAVE\n10' });
    expect(code.statusCode).toBe(422);
    expect(code.json()).toMatchObject({ errors: { code: [ONE_LINE] } });
    // The delivery comments are a textarea: its line breaks pass the text rule (the form then
    // judges the rest), while the tab in the city does not.
    const shipping = await send(app, visitor, 'POST', '/web-api/carts/update-shipping', {
      is_guest: true,
      email: 'jo@example.com',
      member_address: { city: 'Leeds\tWest' },
      cart: { comments_delivery: 'Leave it\nat the back door' },
    });
    expect(shipping.statusCode).toBe(422);
    const errors = (shipping.json() as { errors: Record<string, string[]> }).errors;
    expect(errors['member_address.city']).toEqual([ONE_LINE]);
    expect(errors['cart.comments_delivery']).toBeUndefined();
  });

  it('asks a back-office caller to sign in before it judges the input', async () => {
    const clock = testClock();
    const app = await testApp({ clock: clock.now });
    const { db } = await testDatabase();
    await addOwner(db, clock);
    const visitor = await app.inject({ method: 'GET', url: '/web-api/admin/pages/no-such-page.json' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false });
    expect(visitor.json()).not.toHaveProperty('errors');
    const nul = await app.inject({ method: 'GET', url: '/web-api/admin/pages/a%00b.json' });
    expect(nul.statusCode).toBe(401);
    // Signed in, the same reads are judged: an unknown page and a NUL are 422s naming `slug`.
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    const unknown = await owner.get('/web-api/admin/pages/no-such-page.json');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { slug: expect.any(Array) } });
    const control = await owner.get('/web-api/admin/pages/a%00b.json');
    expect(control.statusCode).toBe(422);
    expect(control.json()).toMatchObject({ errors: { slug: [CONTROL] } });
  });
});
