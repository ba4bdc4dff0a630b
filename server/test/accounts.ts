/**
 * Member account API tests (issue 15): the checkout's data (server/test/checkout.ts) plus the
 * accounts' reference data, failed sign-ins, deletions and links emptied before each test; a
 * complete registration; a browser at a chosen address (the sign-in throttle counts by address);
 * a clock the test moves; and the mails sent.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, expect } from 'vitest';
import { questionnaireJson } from '../../src/domain/member-forms';
import type { Clock } from '../http/clock';
import { mailOutbox } from '../db/schema';
import { seedAccounts } from '../seed/accounts';
import type { TestAppOptions } from './app';
import { shopApp, useCheckoutData, type Shopper } from './checkout';
import { testDatabase } from './database';

export const ACCOUNT_PASSWORD = 'Gearbox-and-clutch#1';

/** Seeds the file's data once and empties what the accounts write before each test. */
export function useAccountData(): void {
  useCheckoutData();
  beforeAll(async () => {
    const { db } = await testDatabase();
    await seedAccounts(db);
  });
  beforeEach(async () => {
    const { db } = await testDatabase();
    await db.execute(sql.raw('TRUNCATE "sign_in_failures", "account_deletions", "member_tokens" RESTART IDENTITY'));
  });
}

/** A clock the test moves forward; it starts at a fixed instant. */
export function testClock(start = '2025-06-02T09:00:00Z'): Clock & { advance(ms: number): void } {
  let at = Date.parse(start);
  const clock = (() => new Date(at)) as Clock & { advance(ms: number): void };
  clock.advance = (ms: number) => {
    at += ms;
  };
  return clock;
}

export async function accountApp(options: { clock?: Clock; env?: Record<string, string>; logger?: TestAppOptions['logger'] } = {}): Promise<FastifyInstance> {
  // Many calls from one test address: the per-minute limits are the rate-limit plugin's own tests.
  return shopApp({ ...options, env: { RATE_LIMIT_FORMS_MAX: '1000', RATE_LIMIT_PASSWORD_RESET_MAX: '1000', RATE_LIMIT_SIGN_IN_MAX: '1000', ...options.env } });
}

/** A private person's complete registration (SPEC §3) with the questionnaire answered. */
export function privateRegistration(changes: Record<string, unknown> = {}) {
  return {
    email: 'jo.bloggs@example.co.uk',
    password: ACCOUNT_PASSWORD,
    confirm_password: ACCOUNT_PASSWORD,
    first_name: 'Jo',
    last_name: 'Bloggs',
    type: 'PRIVATE',
    newsletter: true,
    same_shipping_address: true,
    member_profile: {
      mobile: '07700 900456',
      phone: '',
      questionnaire: questionnaireJson('PRIVATE', {
        content_topics: { answers: ['Offers and discounts', 'Other'], other: 'Classic Minis' },
        communication_methods: { answers: ['Email'] },
        how_heard: { answers: ['eBay'] },
      }),
    },
    member_address: { first_name: 'Jo', last_name: 'Bloggs', address1: '4 Canal Street', city: 'Manchester', county: 'Greater Manchester', postcode: 'M1 3HE', country_id: 235 },
    agree_terms: true,
    ...changes,
  };
}

/** A company's complete registration (flag companyAccount) with the company questionnaire. */
export function companyRegistration(changes: Record<string, unknown> = {}) {
  return privateRegistration({
    email: 'parts@fleetfix.co.uk',
    type: 'COMPANY',
    member_profile: {
      mobile: '07700 900789',
      phone: '0113 496 0000',
      questionnaire: questionnaireJson('COMPANY', {
        business_type: { answers: ['Fleet Maintenance Provider'] },
        vehicle_types: { answers: ['Vans'] },
        parts_purchased: { answers: ['Gearboxes', 'Lights'] },
        purchase_frequency: { answers: ['Monthly'] },
        communication_methods: { answers: ['Email', 'Phone'] },
        how_heard: { answers: ['Other'], other: 'Trade show' },
      }),
    },
    member_address: { company_name: 'Fleetfix Ltd', vat_no: 'GB980780684', address1: 'Unit 3, Kirkstall Road', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS3 1LH', country_id: 235 },
    ...changes,
  });
}

/** A browser at an address (its IP), with its own session; otherwise like checkout's shopper. */
export async function browserAt(app: FastifyInstance, remoteAddress = '198.51.100.7'): Promise<Shopper> {
  const first = await app.inject({ method: 'GET', url: '/', remoteAddress });
  const names = app.sessionCookies.names;
  const sent = new Map(first.cookies.map((cookie) => [cookie.name, cookie.value]));
  const sessionToken = sent.get(names.session);
  const csrfToken = sent.get(names.csrf);
  if (!sessionToken || !csrfToken) throw new Error('GET / set no session cookies');
  const self: Shopper = {
    app,
    sessionToken,
    csrfToken,
    cookie: `${names.session}=${sessionToken}; ${names.csrf}=${csrfToken}`,
    call(method, url, payload, options = {}) {
      const headers: Record<string, string> = { cookie: self.cookie };
      if (method !== 'GET' && options.csrf !== false) headers['x-csrf-token'] = self.csrfToken;
      return app.inject({ method, url: `/web-api${url}`, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    adopt(response) {
      const cookies = new Map(response.cookies.map((cookie) => [cookie.name, cookie.value]));
      const session = cookies.get(names.session);
      const csrf = cookies.get(names.csrf);
      if (!session || !csrf) return;
      self.sessionToken = session;
      self.csrfToken = csrf;
      self.cookie = `${names.session}=${session}; ${names.csrf}=${csrf}`;
    },
  };
  return self;
}

export async function expectStatus(pending: Promise<LightMyRequestResponse>, status: number): Promise<LightMyRequestResponse> {
  const response = await pending;
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

/** Registers and answers the browser, signed in as the new member. */
export async function registeredMember(app: FastifyInstance, changes: Record<string, unknown> = {}, remoteAddress?: string): Promise<Shopper & { id: number }> {
  const browser = await browserAt(app, remoteAddress);
  const response = await expectStatus(browser.call('POST', '/members/register', privateRegistration(changes)), 200);
  browser.adopt(response);
  return Object.assign(browser, { id: (response.json() as { id: number }).id });
}

/** Signs a browser in; answers the response. */
export async function signIn(browser: Shopper, email: string, password: string): Promise<LightMyRequestResponse> {
  const response = await browser.call('POST', '/members/login', { email, password });
  browser.adopt(response);
  return response;
}

/** The mails sent to an address, newest first. */
export async function mailsTo(to: string) {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
}

/** Waits (up to 5 s) until `ready` answers something truthy. */
export async function eventually<T>(ready: () => Promise<T | null | undefined | false>): Promise<T> {
  for (let tries = 0; tries < 250; tries++) {
    const value = await ready();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('gave up waiting');
}

/** The link a mail carries to a path, e.g. '/members/change-password/'. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]*${path.replace(/\//g, '\\/')}([A-Za-z0-9_-]{43})`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}
