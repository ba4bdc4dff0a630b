import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ukCheckRuleOf } from '../../../src/domain/vat-number';
import { createEmbeddedVatLookup, readEmbeddedVatRegistry } from './embedded';
import { FAKE_HMRC_CLIENT_ID, FAKE_HMRC_CLIENT_SECRET, type FakeHmrc, startFakeHmrc } from './fake-hmrc';
import { createHmrcVatLookup } from './hmrc';

describe('embedded VAT register', () => {
  const lookup = createEmbeddedVatLookup();

  it('finds a demo company by its 9 digits', async () => {
    expect(await lookup.lookup('450610877')).toEqual({
      status: 'found',
      registration: { vatNumber: '450610877', name: 'Fleetfix Vehicle Services Ltd', addressLines: ['Unit 4', 'Calder Vale Road', 'Calder Park', 'Wakefield'], postcode: 'WF1 2AB', countryCode: 'GB' },
    });
  });

  it('answers not found for a valid number it does not hold, and unavailable for its demo number', async () => {
    expect(await lookup.lookup('100000034')).toEqual({ status: 'not_found' });
    expect(await lookup.lookup('999999973')).toMatchObject({ status: 'unavailable' });
  });

  it('holds a dozen or more companies, every number valid by modulus 97 or 97-55, both rules used', () => {
    const registry = readEmbeddedVatRegistry();
    expect(registry.companies.length).toBeGreaterThanOrEqual(12);
    const rules = registry.companies.map((company) => ukCheckRuleOf(company.vatNumber));
    expect(new Set(rules)).toEqual(new Set(['mod97', 'mod9755']));
    expect(new Set(registry.companies.map((company) => company.vatNumber)).size).toBe(registry.companies.length);
  });

  it('refuses a register file with a number that fails the check digits, naming where', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'vat-register-'));
    const file = pathToFileURL(path.join(folder, 'register.json'));
    const company = { vatNumber: '123456789', name: 'Wrong Ltd', addressLines: ['1 High Street'], postcode: 'LS1 4AP', countryCode: 'GB' };
    writeFileSync(file, JSON.stringify({ unavailable: [], companies: [company] }));
    try {
      expect(() => readEmbeddedVatRegistry(file)).toThrow('companies.0.vatNumber: not a valid 9-digit UK VAT number');
    } finally {
      rmSync(folder, { recursive: true });
    }
  });
});

describe('HMRC adapter (Check a UK VAT number v2) against a local fake of HMRC', () => {
  let hmrc: FakeHmrc;
  beforeAll(async () => {
    hmrc = await startFakeHmrc({
      companies: {
        '245719348': { name: 'BRITISH TELECOMMUNICATIONS PUBLIC LIMITED COMPANY', lines: ['1 BRAHAM STREET', 'LONDON'], postcode: 'E1 8EE' },
        '450610877': { name: 'FLEETFIX VEHICLE SERVICES LTD', lines: ['UNIT 4', 'CALDER VALE ROAD', ' ', 'WAKEFIELD'], postcode: 'WF1 2AB' },
      },
      expiresIn: 14_400,
    });
  });
  afterEach(() => {
    hmrc.failWith(null);
    hmrc.slowBy(0);
  });
  afterAll(() => hmrc.close());

  let time = new Date('2026-03-02T09:00:00Z').getTime();
  const clock = () => new Date(time);
  const adapter = (options: { clientSecret?: string; timeoutMs?: number } = {}) =>
    createHmrcVatLookup({ clientId: FAKE_HMRC_CLIENT_ID, clientSecret: options.clientSecret ?? FAKE_HMRC_CLIENT_SECRET, url: hmrc.url, timeoutMs: options.timeoutMs ?? 2000, now: clock });

  it('answers the name and address lines of a registered company', async () => {
    expect(await adapter().lookup('245719348')).toEqual({
      status: 'found',
      registration: { vatNumber: '245719348', name: 'BRITISH TELECOMMUNICATIONS PUBLIC LIMITED COMPANY', addressLines: ['1 BRAHAM STREET', 'LONDON'], postcode: 'E1 8EE', countryCode: 'GB' },
    });
    const blank = await adapter().lookup('450610877');
    expect(blank.status === 'found' && blank.registration.addressLines).toEqual(['UNIT 4', 'CALDER VALE ROAD', 'WAKEFIELD']);
  });

  it('reads 404 NOT_FOUND as not found', async () => {
    expect(await adapter().lookup('980780684')).toEqual({ status: 'not_found' });
    expect(hmrc.received.at(-1)).toBe('980780684');
  });

  it('keeps its token until shortly before it expires, then fetches a new one', async () => {
    const lookup = adapter();
    const before = hmrc.tokensIssued();
    await Promise.all([lookup.lookup('245719348'), lookup.lookup('450610877'), lookup.lookup('980780684')]);
    await lookup.lookup('245719348');
    expect(hmrc.tokensIssued()).toBe(before + 1);
    time += 14_400_000 - 30_000; // within the last minute of the token's four hours
    expect((await lookup.lookup('245719348')).status).toBe('found');
    expect(hmrc.tokensIssued()).toBe(before + 2);
  });

  it('fetches a new token once when HMRC no longer honours the kept one', async () => {
    const lookup = adapter();
    await lookup.lookup('245719348');
    const before = hmrc.tokensIssued();
    hmrc.revokeTokens();
    expect((await lookup.lookup('245719348')).status).toBe('found');
    expect(hmrc.tokensIssued()).toBe(before + 1);
  });

  it('reads refused credentials, a 500 and a failing token service as unavailable, never as not found', async () => {
    expect(await adapter({ clientSecret: 'wrong' }).lookup('245719348')).toEqual({ status: 'unavailable', reason: 'HMRC refused a token (401)' });
    hmrc.failWith(500);
    expect(await adapter().lookup('245719348')).toEqual({ status: 'unavailable', reason: 'HMRC answered 500' });
    hmrc.failWith(503, { tokens: true });
    expect(await adapter().lookup('245719348')).toEqual({ status: 'unavailable', reason: 'HMRC refused a token (503)' });
  });

  it('gives up on a slow answer after its timeout', async () => {
    // The fake would answer after a second: 'unavailable' is the adapter giving up first.
    hmrc.slowBy(1000);
    expect(await adapter({ timeoutMs: 150 }).lookup('245719348')).toMatchObject({ status: 'unavailable' });
  });

  it('reads an unreachable service as unavailable', async () => {
    const gone = createHmrcVatLookup({ clientId: FAKE_HMRC_CLIENT_ID, clientSecret: FAKE_HMRC_CLIENT_SECRET, url: 'http://127.0.0.1:9', timeoutMs: 500, now: clock });
    expect(await gone.lookup('245719348')).toMatchObject({ status: 'unavailable' });
  });
});
