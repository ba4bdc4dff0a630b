/**
 * A local stand-in for HMRC's 'Check a UK VAT number' API v2, for tests: POST /oauth/token
 * (client credentials with the read:vat scope; 401 invalid_client for wrong credentials) and GET
 * /organisations/vat/check-vat-number/lookup/{targetVrn}, answered as HMRC documents it — the
 * Accept header must be application/vnd.hmrc.2.0+json (406 otherwise), the Bearer token one it
 * issued and has not revoked (401 otherwise), targetVrn 9 or 12 digits (400 INVALID_REQUEST), 404
 * NOT_FOUND for a number it does not hold. Switches make it fail (500 INTERNAL_SERVER_ERROR) or
 * answer slowly, to see the adapter's 'unavailable'.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenFakeProvider, requestText, sendJson } from '../fake-provider-server';

export const FAKE_HMRC_CLIENT_ID = 'fake-hmrc-client-id';
export const FAKE_HMRC_CLIENT_SECRET = 'fake-hmrc-client-secret';

/** A company as HMRC answers it (target.address.line1…line5, postcode, countryCode). */
export interface FakeHmrcCompany {
  name: string;
  lines: string[];
  postcode?: string;
  countryCode?: string;
}

export interface FakeHmrcOptions {
  /** VAT number (9 digits) → the company registered under it. */
  companies: Record<string, FakeHmrcCompany>;
  /** Seconds a token lasts, as the token answer's expires_in (HMRC: 14400). */
  expiresIn?: number;
}

export interface FakeHmrc {
  /** The API host: give it as HMRC_API_URL. */
  url: string;
  /** The lookups asked for, by targetVrn, in order (after the Accept and token checks). */
  received: string[];
  /** How many tokens it has issued. */
  tokensIssued(): number;
  /** Makes every issued token invalid, as HMRC does when it revokes them. */
  revokeTokens(): void;
  /** From now on: answer lookups (and tokens, with `tokens`) with this status, or normally with null. */
  failWith(status: number | null, options?: { tokens?: boolean }): void;
  /** From now on: answer lookups after this many milliseconds (0: at once). */
  slowBy(ms: number): void;
  close(): Promise<void>;
}


export async function startFakeHmrc(options: FakeHmrcOptions): Promise<FakeHmrc> {
  const received: string[] = [];
  const tokens = new Set<string>();
  let issued = 0;
  let failure: { status: number; tokens: boolean } | null = null;
  let delay = 0;

  const issueToken = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await requestText(request));
    if (failure?.tokens) return sendJson(response, failure.status, { code: 'INTERNAL_SERVER_ERROR', message: 'Unknown error' });
    if (form.get('grant_type') !== 'client_credentials') return sendJson(response, 400, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
    if (form.get('client_id') !== FAKE_HMRC_CLIENT_ID || form.get('client_secret') !== FAKE_HMRC_CLIENT_SECRET) {
      return sendJson(response, 401, { error: 'invalid_client', error_description: 'invalid client id or secret' });
    }
    if (!(form.get('scope') ?? '').split(' ').includes('read:vat')) return sendJson(response, 400, { error: 'invalid_scope', error_description: 'scope is invalid' });
    const token = randomBytes(16).toString('hex');
    tokens.add(token);
    issued += 1;
    return sendJson(response, 200, { access_token: token, scope: 'read:vat', expires_in: options.expiresIn ?? 14_400, token_type: 'bearer' });
  };

  const lookup = (request: IncomingMessage, response: ServerResponse, targetVrn: string) => {
    if (request.headers.accept !== 'application/vnd.hmrc.2.0+json') {
      return sendJson(response, 406, { code: 'ACCEPT_HEADER_INVALID', message: 'The accept header is missing or invalid' });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer) return sendJson(response, 401, { code: 'MISSING_CREDENTIALS', message: 'Authentication information is not provided' });
    if (!tokens.has(bearer)) return sendJson(response, 401, { code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' });
    received.push(targetVrn);
    const answer = () => {
      if (failure) return sendJson(response, failure.status, { code: 'INTERNAL_SERVER_ERROR', message: 'Unknown error' });
      if (!/^([0-9]{9}|[0-9]{12})$/.test(targetVrn)) {
        return sendJson(response, 400, { code: 'INVALID_REQUEST', message: 'Invalid targetVrn - Vrn parameters should be 9 or 12 digits' });
      }
      const company = options.companies[targetVrn.slice(0, 9)];
      if (!company) return sendJson(response, 404, { code: 'NOT_FOUND', message: 'targetVrn does not match a registered company' });
      const address: Record<string, string> = {};
      company.lines.forEach((line, index) => {
        address[`line${index + 1}`] = line;
      });
      if (company.postcode) address.postcode = company.postcode;
      address.countryCode = company.countryCode ?? 'GB';
      return sendJson(response, 200, { target: { name: company.name, vatNumber: targetVrn, address }, processingDate: '2026-01-31T12:43:17+00:00' });
    };
    server.later(response, delay, answer);
  };

  const server = await listenFakeProvider((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method === 'POST' && path === '/oauth/token') {
      issueToken(request, response).catch(() => sendJson(response, 500, { code: 'INTERNAL_SERVER_ERROR', message: 'Unknown error' }));
      return;
    }
    const match = /^\/organisations\/vat\/check-vat-number\/lookup\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) return lookup(request, response, decodeURIComponent(match[1] ?? ''));
    return sendJson(response, 404, { code: 'MATCHING_RESOURCE_NOT_FOUND', message: 'A resource with the name in the request can not be found in the API' });
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    received,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    failWith(status, { tokens: forTokens = false } = {}) {
      failure = status === null ? null : { status, tokens: forTokens };
    },
    slowBy(ms) {
      delay = ms;
    },
    close: () => server.close(),
  };
}
