/**
 * The contract fuzz test: every operation of the OpenAPI document (so a new call is covered the
 * day it is added), the back office's with a signed-in member of staff of each role in turn, sent
 * each path parameter, query parameter and top-level body field wrong: wrong types, out-of-range
 * numbers, overlong strings, control and other unicode characters, injection and traversal
 * strings; and each body broken JSON, a wrong content type, an oversize body and, for writes, no
 * CSRF token. No answer may be a 5xx; every refusal is the §7 envelope, saying nothing of a stack,
 * a file path or SQL; and the shop still answers afterwards. The values are a fixed, seeded sample
 * (fast-check, seed below) of a few per field, so a run is the same every time and bounded.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../../src/domain/staff-permissions';
import { startVisit, testApp } from '../test/app';
import { testDatabase } from '../test/database';
import { addOwner, addStaff, enrolAndSignIn, type StaffBrowser, testClock } from '../test/staff';

const SEED = 20_261_128;
/** Values per field: each field gets this many from the pool, chosen by the seed. */
const PER_FIELD = 3;

const POOL: readonly unknown[] = [
  // Wrong types.
  null, true, 0, [], {}, ['a', 1], { nested: { deeper: [null] } },
  // Out-of-range numbers.
  -1, -0, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_VALUE,
  // Overlong strings.
  'x'.repeat(10_000), '9'.repeat(400), `${'a'.repeat(255)}@example.com`,
  // Control characters.
  '\u0000', 'a\u0000b', '\u0007\u0008', '\u001b[31mred', 'line\nbreak', 'tab\there', '\u007f\u0085\u009f',
  // Other unicode.
  '\ud800', '\udfff lone', '\ufeffbom', '\u202eevil', 'ünïcödé 🚗', 'ﬀ\u0301\u0301', '\u2028\u2029', '𝕏'.repeat(300), '\uffff',
  // Injection.
  "' OR '1'='1' --", '1; DROP TABLE members; --', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '%s%n%x', '__proto__', 'constructor',
  // Traversal.
  '../../../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f%2e%2e%2f', '/dev/null', 'file:///etc/passwd',
];

/** The same few values for a field every run: drawn from the pool by the seed and the field's name. */
function valuesFor(name: string): unknown[] {
  let hash = SEED;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return fc.sample(fc.constantFrom(...POOL), { seed: hash, numRuns: PER_FIELD });
}

/** A URL part; a lone surrogate, which has no UTF-8, goes as the bytes of one (malformed UTF-8). */
function encoded(text: string): string {
  return [...text].map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

/** A path or query value as text (what a URL can carry). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/** What no refusal may show: a stack, a file of the server, SQL or a database's own words. */
const LEAKS = [/\n\s+at /, /node_modules/, /\/work\//, /\.ts:\d+/, /\bSELECT\b.+\bFROM\b/i, /\bINSERT INTO\b/i, /relation ".+"/, /syntax error at/, /violates .* constraint/, /invalid byte sequence/];

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  jsonBody: boolean;
}

type DocumentOperation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

function operationsOf(document: { paths: Record<string, Record<string, DocumentOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        bodyFields: Object.keys(json?.schema?.properties ?? {}),
        jsonBody: json !== undefined,
      });
    }
  }
  return operations;
}

describe('the contract, fuzzed', () => {
  it('answers every operation of the OpenAPI document, given every kind of bad input, without a 5xx and in the envelope', { timeout: 600_000 }, async () => {
    const clock = testClock();
    const app = await testApp({ clock: clock.now, env: { RATE_LIMIT_MAX: '1000000', RATE_LIMIT_CATALOGUE_MAX: '1000000', RATE_LIMIT_SIGN_IN_MAX: '1000000', RATE_LIMIT_FORMS_MAX: '1000000', RATE_LIMIT_PASSWORD_RESET_MAX: '1000000' } });
    const { db } = await testDatabase();
    await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    const staffBrowsers: StaffBrowser[] = [owner];
    for (const role of STAFF_ROLES.filter((each) => each !== 'owner')) {
      await addStaff(owner, role);
      staffBrowsers.push((await enrolAndSignIn(app, clock, `${role}@example.com`)).browser);
    }
    const visitor = await startVisit(app);

    const document = (await app.inject({ method: 'GET', url: '/web-api/docs/json' })).json();
    // Calls that end the session they are sent with would leave the rest of the walk signed out.
    const operations = operationsOf(document).filter((operation) => !/sign-out|logout/.test(operation.path));
    expect(operations.length).toBeGreaterThan(150);

    const problems: string[] = [];
    let sent = 0;
    let turn = 0;
    const send = async (operation: Operation, what: string, request: { url: string; payload?: string; headers?: Record<string, string>; csrf?: boolean }) => {
      const admin = operation.path.startsWith('/web-api/admin/');
      const staff = staffBrowsers[turn++ % staffBrowsers.length] as StaffBrowser;
      const cookie = admin ? staff.cookie : visitor.cookie;
      const csrfToken = admin ? staff.csrfToken : visitor.csrfToken;
      const headers: Record<string, string> = { cookie, ...(request.csrf === false ? {} : { 'x-csrf-token': csrfToken }), ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers };
      const response: LightMyRequestResponse = await app.inject({ method: operation.method as 'GET', url: request.url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
      sent += 1;
      if (admin) staff.take(response);
      const label = `${operation.method} ${operation.path} ${what}`;
      if (response.statusCode >= 500) problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (response.statusCode >= 400 && (response.headers['content-type'] ?? '').toString().includes('json')) {
        const body = response.json() as { success?: unknown; msg?: unknown };
        if (body.success !== false || typeof body.msg !== 'string') problems.push(`${label}: not the envelope: ${response.body.slice(0, 200)}`);
        for (const leak of LEAKS) if (leak.test(response.body)) problems.push(`${label}: shows ${leak}: ${response.body.slice(0, 200)}`);
      }
    };
    const urlOf = (operation: Operation, params: Record<string, string> = {}, query = ''): string =>
      `${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encoded(params[name] ?? '999999'))}${query}`;
    const goodBody = (operation: Operation) => Object.fromEntries(operation.bodyFields.map((field) => [field, 'x']));

    for (const operation of operations) {
      for (const name of operation.pathParams) {
        for (const value of valuesFor(`${operation.path} ${name}`)) await send(operation, `path ${name}=${asText(value).slice(0, 20)}`, { url: urlOf(operation, { [name]: asText(value) }), ...(operation.jsonBody ? { payload: JSON.stringify(goodBody(operation)) } : {}) });
      }
      for (const name of operation.queryParams) {
        for (const value of valuesFor(`${operation.path} ?${name}`)) await send(operation, `query ${name}=${asText(value).slice(0, 20)}`, { url: urlOf(operation, {}, `?${encoded(name)}=${encoded(asText(value))}`) });
      }
      if (operation.method === 'GET') continue;
      for (const field of operation.bodyFields) {
        for (const value of valuesFor(`${operation.path} .${field}`)) await send(operation, `body ${field}=${JSON.stringify(value)?.slice(0, 20)}`, { url: urlOf(operation), payload: JSON.stringify({ ...goodBody(operation), [field]: value }) });
      }
      await send(operation, 'broken JSON', { url: urlOf(operation), payload: '{"a": [1, 2' });
      await send(operation, 'a JSON array', { url: urlOf(operation), payload: '[{"__proto__": {"admin": true}}]' });
      await send(operation, 'a wrong content type', { url: urlOf(operation), payload: 'a=1&b=2', headers: { 'content-type': 'text/plain' } });
      await send(operation, 'an oversize body', { url: urlOf(operation), payload: JSON.stringify({ filler: 'x'.repeat(2_000_000) }) });
      await send(operation, 'no CSRF token', { url: urlOf(operation), payload: JSON.stringify(goodBody(operation)), csrf: false });
    }

    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // The shop answers afterwards, the visitor and the back office alike.
    expect((await app.inject({ method: 'GET', url: '/web-api/app-props.json', headers: { cookie: visitor.cookie } })).statusCode).toBe(200);
    expect((await owner.get('/web-api/admin/me')).statusCode).toBe(200);
  });
});

