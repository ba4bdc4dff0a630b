/**
 * Cart and checkout API tests: a small catalogue (the demo parts and a few generated ones) and the
 * checkout's reference data are seeded once per file; before each test every cart, order, member,
 * mail and session is removed and every part's status is put back, so tests can reserve parts
 * freely. A fixture engine (EURO_PALLET) is added for the package-type rules.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach } from 'vitest';
import type { Database } from '../db/client';
import { parts, partTypes } from '../db/schema';
import { seedCatalogue } from '../seed/catalogue/index';
import { seedCheckout } from '../seed/checkout';
import { startVisit, type TestAppOptions, testApp, type Visitor } from './app';
import { resetDatabase, testDatabase } from './database';

/** Demo parts (docs/demo-data.md) and the fixture. Prices are gross. */
export const PARTS = {
  /** AB12 CDE Alternator, available, £79.99. */
  alternator: 'P0012001',
  /** AB12 CDE Alternator, available, £59.99. */
  alternatorB: 'P0012002',
  /** AB12 CDE Starter Motor, available, £69.99. */
  starter: 'P0012003',
  /** AB12 CDE Headlight (Left), available, £129.99, LARGE_PARCELS. */
  headlight: 'P0012004',
  /** AB12 CDE Door Mirror (Left), available, £49.99; cosmetic: the free warranty only. */
  /** AB12 CDE Door Mirror (Left), available, £49.99. */
  mirror: 'P0012006',
  /** Sold. */
  sold: 'P0012008',
  /** Coming soon. */
  comingSoon: 'P0012010',
  /** The fixture engine, available, EURO_PALLET. */
  engine: 'P0099001',
} as const;

const CHECKOUT_TABLES = [
  'discount_code_usages',
  'order_products',
  'orders',
  'cart_products',
  'carts',
  'addresses',
  'member_profiles',
  'members',
  'mail_outbox',
  'sessions',
  'idempotency_keys',
];

let statuses: { id: number; status: string }[] = [];

async function addFixtureEngine(db: Database): Promise<void> {
  const [donor] = await db.select().from(parts).where(eq(parts.tag, PARTS.alternator));
  const [engine] = await db.select().from(partTypes).where(eq(partTypes.name, 'Engine'));
  if (!donor || !engine) throw new Error('the demo catalogue is missing');
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = donor;
  await db.insert(parts).values({
    ...rest,
    tag: PARTS.engine,
    partTypeId: engine.id,
    partName: 'ENGINE',
    description: 'Ford Focus Mk3 1.6 TDCi engine T1DA, 78,000 miles, compression tested.',
    priceNet: 49_999,
    priceOldNet: null,
    status: 'available',
  });
}

/** Seeds the file's data once and cleans up before each test. */
export function useCheckoutData(): void {
  beforeAll(async () => {
    const { db } = await testDatabase();
    await resetDatabase(db);
    await seedCatalogue(db, { parts: 60, seed: 1 });
    await addFixtureEngine(db);
    await seedCheckout(db);
    statuses = await db.select({ id: parts.id, status: parts.status }).from(parts);
  });
  beforeEach(async () => {
    const { db } = await testDatabase();
    await db.execute(sql.raw(`TRUNCATE ${CHECKOUT_TABLES.map((table) => `"${table}"`).join(', ')} RESTART IDENTITY CASCADE`));
    await db.execute(sql.raw('DELETE FROM discount_codes'));
    await seedCheckout(db);
    const values = statuses.map((row) => sql`(${row.id}::int, ${row.status}::text)`);
    await db.execute(sql`UPDATE parts p SET status = v.status FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, status) WHERE p.id = v.id AND p.status <> v.status`);
  });
}

export async function shopApp(options: Omit<TestAppOptions, 'reset'> = {}): Promise<FastifyInstance> {
  return testApp({ ...options, reset: false });
}

export interface Shopper extends Visitor {
  app: FastifyInstance;
  /** Sends a call as this browser: its cookies and (unless `csrf: false`) its CSRF token, and any `headers` (an Idempotency-Key). */
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, options?: { csrf?: boolean; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** Takes the cookies a response set (sign-in rotates the session). */
  adopt(response: LightMyRequestResponse): void;
}

/** A browser on the shop with its own session. */
export async function shopper(app: FastifyInstance): Promise<Shopper> {
  const visitor = await startVisit(app);
  const names = app.sessionCookies.names;
  const self: Shopper = {
    ...visitor,
    app,
    call(method, url, payload, options = {}) {
      const headers: Record<string, string> = { ...options.headers, cookie: self.cookie };
      if (method !== 'GET' && options.csrf !== false) headers['x-csrf-token'] = self.csrfToken;
      return app.inject({ method, url: `/web-api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    adopt(response) {
      const sent = new Map(response.cookies.map((cookie) => [cookie.name, cookie.value]));
      const session = sent.get(names.session);
      const csrf = sent.get(names.csrf);
      if (!session || !csrf) return;
      self.sessionToken = session;
      self.csrfToken = csrf;
      self.cookie = `${names.session}=${session}; ${names.csrf}=${csrf}`;
    },
  };
  return self;
}

/** A cart ready for create-order: the parts, England and Wales with a Leeds postcode, the courier, and a guest's addresses. */
export async function readyCart(buyer: Shopper, tags: readonly string[], options: { email?: string } = {}): Promise<void> {
  for (const tag of tags) await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag } }));
  await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
  await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ email: options.email ?? 'sam@turner-motors.co.uk' })));
}

export async function expectOk(pending: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const response = await pending;
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response;
}

/** A guest's complete addresses form (SPEC §3), one address in Leeds. */
export function guestForm(changes: Record<string, unknown> = {}) {
  return {
    is_guest: true,
    email: 'sam@turner-motors.co.uk',
    first_name: 'Sam',
    last_name: 'Turner',
    type: 'PRIVATE',
    same_shipping_address: true,
    member_profile: { mobile: '07700 900123' },
    member_address: { first_name: 'Sam', last_name: 'Turner', address1: '2 Mill Hill', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', country_id: 235 },
    cart: { comments_delivery: 'Side gate is open' },
    agree_terms: true,
    agree_privacy: true,
    ...changes,
  };
}

export const PASSWORD = 'Brake-pads-and-discs!';
