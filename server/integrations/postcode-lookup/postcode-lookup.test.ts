import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionOfPostcode } from '../../../src/domain/cart-totals';
import { REGIONS } from '../../seed/data/checkout';
import { createEmbeddedPostcodeLookup } from './embedded';
import { EMBEDDED_POSTCODES } from './embedded-data';
import { FAKE_IDEAL_POSTCODES_KEY, type FakeIdealPostcodes, startFakeIdealPostcodes } from './fake-ideal-postcodes';
import { createIdealPostcodesLookup } from './ideal-postcodes';

describe('embedded postcode lookup', () => {
  const lookup = createEmbeddedPostcodeLookup();

  it('finds the addresses at a postcode, in any case and spacing, in Royal Mail style', async () => {
    const result = await lookup.find('se17pb');
    expect(result).toMatchObject({ status: 'found' });
    if (result.status !== 'found') return;
    expect(result.addresses[0]).toEqual({ address1: '21 Baylis Road', address2: '', address3: '', city: 'London', county: 'Greater London', postcode: 'SE1 7PB' });
    const flats = await lookup.find('SW1A 2AB');
    expect(flats.status === 'found' && flats.addresses[0]).toEqual({ address1: 'Flat 1', address2: '14 Carlton Gardens', address3: '', city: 'London', county: 'Greater London', postcode: 'SW1A 2AB' });
  });

  it('answers not found for a postcode it does not hold', async () => {
    expect(await lookup.find('ZZ1 1ZZ')).toEqual({ status: 'not_found' });
  });

  it('holds postcodes in every UK delivery region', () => {
    const regions = new Set(EMBEDDED_POSTCODES.map((entry) => regionOfPostcode(entry.postcode, REGIONS, 1)));
    expect([...regions].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('Ideal Postcodes adapter', () => {
  let service: FakeIdealPostcodes;
  beforeAll(async () => {
    service = await startFakeIdealPostcodes({
      postcodes: {
        LS14AP: [
          { line_1: '2 Mill Hill', post_town: 'Leeds', county: 'West Yorkshire' },
          { line_1: 'Flat 3', line_2: '4 Mill Hill', post_town: 'Leeds', county: 'West Yorkshire' },
        ],
        EMPTY1AA: [],
      },
      failing: ['BT15GS'],
      slow: { IV11HY: 400 },
      rateLimited: ['M11AE'],
    });
  });
  afterAll(() => service.close());

  const lookup = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    createIdealPostcodesLookup({ apiKey: options.apiKey ?? FAKE_IDEAL_POSTCODES_KEY, url: service.url, timeoutMs: options.timeoutMs ?? 2000 });

  it('answers the addresses of a known postcode, the key in the header and not in the URL', async () => {
    expect(await lookup().find('ls1 4ap')).toEqual({
      status: 'found',
      addresses: [
        { address1: '2 Mill Hill', address2: '', address3: '', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP' },
        { address1: 'Flat 3', address2: '4 Mill Hill', address3: '', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP' },
      ],
    });
    expect(service.received.at(-1)).toBe('LS14AP');
  });

  it('reads 404 (code 4040) and an empty result as not found', async () => {
    expect(await lookup().find('SW1A 2AB')).toEqual({ status: 'not_found' });
  });

  it('reads a refused key, a rate limit and a 500 as unavailable', async () => {
    expect(await lookup({ apiKey: 'ak_wrong' }).find('LS1 4AP')).toEqual({ status: 'unavailable', reason: 'Ideal Postcodes answered 401' });
    expect(await lookup().find('M1 1AE')).toEqual({ status: 'unavailable', reason: 'Ideal Postcodes answered 429' });
    expect(await lookup().find('BT1 5GS')).toEqual({ status: 'unavailable', reason: 'Ideal Postcodes answered 500' });
  });

  it('gives up on a slow answer after its timeout', async () => {
    // The fake answers IV1 1HY after 400 ms: 'unavailable' is the adapter giving up first.
    expect(await lookup({ timeoutMs: 100 }).find('IV1 1HY')).toMatchObject({ status: 'unavailable' });
  });

  it('reads an unreachable service as unavailable', async () => {
    const gone = createIdealPostcodesLookup({ apiKey: FAKE_IDEAL_POSTCODES_KEY, url: 'http://127.0.0.1:9/v1/postcodes', timeoutMs: 500 });
    expect(await gone.find('LS1 4AP')).toMatchObject({ status: 'unavailable' });
  });
});

describe('Ideal Postcodes adapter when the balance is spent', () => {
  it('reads 402 (code 4020) as unavailable', async () => {
    const service = await startFakeIdealPostcodes({ postcodes: { LS14AP: [{ line_1: '2 Mill Hill', post_town: 'Leeds' }] }, balance: 1 });
    try {
      const lookup = createIdealPostcodesLookup({ apiKey: FAKE_IDEAL_POSTCODES_KEY, url: service.url, timeoutMs: 2000 });
      expect((await lookup.find('LS1 4AP')).status).toBe('found');
      expect(await lookup.find('LS1 4AP')).toEqual({ status: 'unavailable', reason: 'Ideal Postcodes answered 402' });
    } finally {
      await service.close();
    }
  });
});
