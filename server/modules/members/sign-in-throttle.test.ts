import { describe, expect, it } from 'vitest';
import { signInFailures } from '../../db/schema';
import { accountApp, ACCOUNT_PASSWORD, browserAt, expectStatus, registeredMember, signIn, testClock, useAccountData } from '../../test/accounts';
import { testDatabase } from '../../test/database';
import { createSignInThrottle } from './sign-in-throttle';

useAccountData();

const JO = 'jo.bloggs@example.co.uk';
const X = '203.0.113.10';
const Y = '198.51.100.20';

describe('sign-in throttling', () => {
  it('after 5 failures for an account from address X, X waits (429, Retry-After) while the owner signs in from Y', async () => {
    const clock = testClock();
    const app = await accountApp({ clock });
    await registeredMember(app, {}, '192.0.2.1');
    const guesser = await browserAt(app, X);

    for (let i = 0; i < 5; i++) await expectStatus(signIn(guesser, JO, `wrong-guess-${i}!`), 401);
    const slowed = await expectStatus(signIn(guesser, JO, ACCOUNT_PASSWORD), 429);
    expect(slowed.json().msg).toMatch(/Too many failed sign-in attempts/);
    expect(Number(slowed.headers['retry-after'])).toBe(15 * 60);

    const owner = await browserAt(app, Y);
    await expectStatus(signIn(owner, JO, ACCOUNT_PASSWORD), 200);

    // X may try again once the oldest failure is 15 minutes old.
    clock.advance(15 * 60_000 + 1_000);
    await expectStatus(signIn(guesser, JO, ACCOUNT_PASSWORD), 200);
  });

  it('a success forgets the account\'s failures from that address', async () => {
    const app = await accountApp();
    await registeredMember(app, {}, '192.0.2.1');
    const browser = await browserAt(app, X);
    for (let i = 0; i < 4; i++) await expectStatus(signIn(browser, JO, `typo-${i}!`), 401);
    await expectStatus(signIn(browser, JO, ACCOUNT_PASSWORD), 200);
    for (let i = 0; i < 4; i++) await expectStatus(signIn(browser, JO, `typo-again-${i}!`), 401);
    await expectStatus(signIn(browser, JO, ACCOUNT_PASSWORD), 200);
  });

  it('many failures from one address across accounts slow that address only, and unknown accounts count the same as real ones', async () => {
    const app = await accountApp();
    await registeredMember(app, {}, '192.0.2.1');
    const sprayer = await browserAt(app, X);
    for (let i = 0; i < 30; i++) await expectStatus(signIn(sprayer, `person${i}@example.co.uk`, 'Password-guess-1!'), 401);
    const slowed = await expectStatus(signIn(sprayer, JO, ACCOUNT_PASSWORD), 429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    await expectStatus(signIn(await browserAt(app, Y), JO, ACCOUNT_PASSWORD), 200);
  });

  it('purges failures older than the window and keeps the recent ones', async () => {
    const clock = testClock();
    const { db } = await testDatabase();
    const throttle = createSignInThrottle(db, clock);
    await throttle.failed({ email: 'Old@Example.co.uk', address: X });
    clock.advance(10 * 60_000);
    await throttle.failed({ email: 'recent@example.co.uk', address: X });
    clock.advance(6 * 60_000);

    await throttle.purge();

    const rows = await db.select({ account: signInFailures.account }).from(signInFailures);
    expect(rows).toEqual([{ account: 'recent@example.co.uk' }]);
  });
});
