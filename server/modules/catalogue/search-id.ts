/**
 * The SearchID of SPEC §7: the search itself, written out and signed, instead of the id of a row
 * stored by the search. Follow-search and recent-stock read the vehicle and part type back from
 * it, so a search writes nothing, any API process (or the same one after a restart) understands
 * another's SearchID, and a SearchID made up by hand is refused by its signature.
 *
 * Format: `<payload>.<signature>`, both base64url; the payload is the JSON array
 * [version, makeId, modelId, year, engineCode, partTypeId]; the signature is the first 16 bytes of
 * the HMAC-SHA256 of the payload under the server's key (config SEARCH_ID_KEY).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SEARCH_ID_PATTERN } from '../../../src/contract/catalogue';

/** What a follow-search needs of a search: its vehicle and the part type it was for. */
export interface SearchDescription {
  makeId: number | null;
  modelId: number | null;
  year: number | null;
  engineCode: string | null;
  partTypeId: number | null;
}

const FORMAT_VERSION = 1;
const SIGNATURE_BYTES = 16;

const isId = (value: unknown): value is number | null => value === null || (Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2_147_483_647);

export function createSearchIds(key: string) {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);

  return {
    encode(search: SearchDescription): string {
      const payload = Buffer.from(
        JSON.stringify([FORMAT_VERSION, search.makeId, search.modelId, search.year, search.engineCode || null, search.partTypeId]),
      ).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },

    /** The search a SearchID describes; undefined when it is not one this shop signed. */
    decode(searchId: string): SearchDescription | undefined {
      if (!SEARCH_ID_PATTERN.test(searchId)) return undefined;
      const [payload = '', signature = ''] = searchId.split('.');
      // Compared as text: base64url's last character carries bits the decoder ignores, so only
      // the one spelling this shop writes is a SearchID.
      const sent = Buffer.from(signature);
      const expected = Buffer.from(sign(payload).toString('base64url'));
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return undefined;
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      if (!Array.isArray(fields) || fields.length !== 6 || fields[0] !== FORMAT_VERSION) return undefined;
      const [, makeId, modelId, year, engineCode, partTypeId] = fields as unknown[];
      if (!isId(makeId) || !isId(modelId) || !isId(partTypeId) || !isId(year)) return undefined;
      if (engineCode !== null && (typeof engineCode !== 'string' || engineCode.length > 40)) return undefined;
      return { makeId, modelId, year, engineCode, partTypeId };
    },
  };
}

export type SearchIds = ReturnType<typeof createSearchIds>;

/**
 * The key SearchIDs are signed with: the configured one, else (production on embedded PGlite, one
 * process owning DATA_DIR) a key made once and kept beside the data, so it survives restarts as
 * the data does.
 */
export function searchIdKeyOf(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'search-id.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Made meanwhile by another start on the same data: that one is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
  return key;
}
