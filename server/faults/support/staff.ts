/**
 * A member of staff signed in to the compiled shop over real HTTP, as the back office signs in:
 * the account made as `npm run admin:create` makes one (in the shop's database), then the password,
 * then the first code of the authenticator computed from the secret the enrolment answered. The
 * staff session lives in the database, so the browser stays signed in across a restart.
 */
import { staffCookieNames } from '../../../src/contract/cookies';
import { createOwner } from '../../modules/back-office/staff/command';
import { codeAt, PASSWORD } from '../../test/staff';
import { withShopDatabase } from './shop-database';
import { cookieBrowser, okJson, type HttpShopper } from './shopper';

export async function signedInOwner(baseUrl: string, env: Record<string, string>, email = 'owner@example.co.uk'): Promise<HttpShopper> {
  const made = await withShopDatabase(env, (db) => createOwner(db, { email, name: 'Olive Owner', password: PASSWORD }));
  if (!made.ok) throw new Error(made.problem);
  const browser = cookieBrowser(baseUrl, staffCookieNames(true));
  // An anonymous staff session first: its CSRF token guards the sign-in.
  await browser.call('GET', '/admin/me');
  const { enrolment } = okJson<{ enrolment: { secret: string } }>(await browser.call('POST', '/admin/sign-in', { email, password: PASSWORD }));
  // The shop runs on the system clock, so the code is the authenticator's of now.
  okJson(await browser.call('POST', '/admin/totp/confirm', { code: codeAt(enrolment.secret, new Date()) }));
  return browser;
}
