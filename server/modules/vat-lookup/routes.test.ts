import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatReportSchema } from '../../../src/contract/vat';
import { t } from '../../../src/domain/messages';
import { FAKE_HMRC_CLIENT_ID, FAKE_HMRC_CLIENT_SECRET, type FakeHmrc, startFakeHmrc } from '../../integrations/vat-lookup/fake-hmrc';
import { testApp } from '../../test/app';

const lookup = (app: Awaited<ReturnType<typeof testApp>>, nip: string) => app.inject({ method: 'GET', url: `/web-api/gus/index/${encodeURIComponent(nip)}` });

describe('GET /web-api/gus/index/{nip} on the embedded register', () => {
  it('answers the company as the billing address takes it, for any spelling of the number, without a session', async () => {
    const app = await testApp();
    const found = await lookup(app, 'gb 450 6108 77');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      success: true,
      report: {
        company_name: 'Fleetfix Vehicle Services Ltd',
        address1: 'Unit 4',
        address2: 'Calder Vale Road, Calder Park',
        city: 'Wakefield',
        county: '',
        postcode: 'WF1 2AB',
        country_id: 235,
        vat_no: '450610877',
      },
      msg: t('vat_lookup.found', { name: 'Fleetfix Vehicle Services Ltd' }),
    });
    expect(vatReportSchema.safeParse(found.json().report).success).toBe(true);
    expect(found.headers['set-cookie']).toBeUndefined();
    // Two lines: the first is the street, the last the town.
    expect((await lookup(app, 'GB119553310')).json().report).toMatchObject({ address1: '2 Mill Hill', address2: '', city: 'Leeds', postcode: 'LS1 4AP' });
  });

  it('looks a branch number up by its registration and keeps the branch in vat_no', async () => {
    const app = await testApp();
    const branch = await lookup(app, 'GB 450 6108 77 002');
    expect(branch.statusCode).toBe(200);
    expect(branch.json().report).toMatchObject({ company_name: 'Fleetfix Vehicle Services Ltd', vat_no: '450610877002' });
  });

  it('answers 422 naming nip, with the form’s message, for a number the forms refuse', async () => {
    const app = await testApp();
    for (const nip of ['GB 450 6108 78', '12345', 'not a number']) {
      const refused = await lookup(app, nip);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ success: false, errors: { nip: [t('validation.error')] } });
    }
  });

  it('answers 404 with a clear message for a valid number no register holds', async () => {
    const app = await testApp();
    for (const nip of ['GB 100 0000 34', 'GD001', '526-025-02-74']) {
      const unknown = await lookup(app, nip);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, msg: t('vat_lookup.not_found') });
    }
  });

  it('answers 503 with a clear message when the register cannot answer (demo number GB 999 9999 73)', async () => {
    const app = await testApp();
    const down = await lookup(app, 'GB 999 9999 73');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ success: false, msg: t('vat_lookup.unavailable') });
  });

  it('is limited per address like the public forms', async () => {
    const app = await testApp({ env: { RATE_LIMIT_FORMS_MAX: '3' } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await lookup(app, 'GB 450 6108 77')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('GET /web-api/gus/index/{nip} with HMRC configured', () => {
  let hmrc: FakeHmrc;
  beforeAll(async () => {
    hmrc = await startFakeHmrc({
      companies: { '245719348': { name: 'BRITISH TELECOMMUNICATIONS PUBLIC LIMITED COMPANY', lines: ['1 BRAHAM STREET', 'LONDON'], postcode: 'E1 8EE' } },
    });
  });
  afterAll(() => hmrc.close());

  const hmrcApp = () => testApp({ env: { HMRC_CLIENT_ID: FAKE_HMRC_CLIENT_ID, HMRC_CLIENT_SECRET: FAKE_HMRC_CLIENT_SECRET, HMRC_API_URL: hmrc.url, HMRC_TIMEOUT_MS: '1000' } });

  it('asks HMRC and answers its company; 404 and 503 as HMRC answers, no credential in any answer', async () => {
    const app = await hmrcApp();
    const found = await lookup(app, 'GB 245 7193 48');
    expect(found.json().report).toEqual({ company_name: 'BRITISH TELECOMMUNICATIONS PUBLIC LIMITED COMPANY', address1: '1 BRAHAM STREET', address2: '', city: 'LONDON', county: '', postcode: 'E1 8EE', country_id: 235, vat_no: '245719348' });
    expect(hmrc.received.at(-1)).toBe('245719348');
    const unknown = await lookup(app, 'GB 450 6108 77');
    expect(unknown.statusCode).toBe(404);
    hmrc.failWith(500);
    try {
      const down = await lookup(app, 'GB 245 7193 48');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ success: false, msg: t('vat_lookup.unavailable') });
      for (const answer of [found, unknown, down]) expect(answer.body).not.toContain(FAKE_HMRC_CLIENT_SECRET);
    } finally {
      hmrc.failWith(null);
    }
  });
});
