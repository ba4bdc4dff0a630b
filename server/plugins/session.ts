/**
 * Sessions on requests: finds the session a request's cookie names (once per request), starts one
 * when a page or API call needs it, and rotates it at sign-in. The cookies are set here only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessionCookieNames } from '../../src/contract/cookies';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { forbidden } from '../errors';
import { periodicRounds } from './periodic-rounds';
import { createSessionRepository } from './session-repository';
import { createSessionService, type Session, type SessionService, type StartedSession } from './session-store';

export type { Session } from './session-store';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    sessionCookies: { names: { session: string; csrf: string }; secure: boolean };
  }
}

export interface SessionPluginOptions {
  db: Database;
  config: Config;
}

const PURGE_INTERVAL_MS = 60 * 60_000;

export const sessionSupport = fp<SessionPluginOptions>(
  async (app: FastifyInstance, { db, config }) => {
    const sessions = createSessionService(createSessionRepository(db), {
      idleMinutes: config.sessionIdleMinutes,
      absoluteHours: config.sessionAbsoluteHours,
    }, () => app.clock());
    app.decorate('sessions', sessions);
    app.decorate('sessionCookies', { names: sessionCookieNames(config.isProduction), secure: config.isProduction });

    // Housekeeping off the request path; a failed purge is retried at the next round.
    periodicRounds(app, { name: 'expired sessions purge', intervalMs: PURGE_INTERVAL_MS, timeLimitMs: 60_000, round: () => sessions.purgeExpired() });
  },
  { name: 'sessions', dependencies: ['@fastify/cookie'] },
);

const lookups = new WeakMap<FastifyRequest, Promise<Session | null>>();

/** The live session of this request's cookie, or null; looked up once per request. */
export function currentSession(request: FastifyRequest, options: { touch?: boolean } = {}): Promise<Session | null> {
  // A call of the server render runs on a request derived from the page's (Object.create, in
  // server/http/call-runner.ts): it shares the page request's session.
  let lookup = lookups.get(request) ?? lookups.get(Object.getPrototypeOf(request) as FastifyRequest);
  if (!lookup) {
    const token = request.cookies[request.server.sessionCookies.names.session];
    lookup = request.server.sessions.resolve(token, options);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The session of a write: the CSRF check let it through only with a live one. */
export async function writingSession(request: FastifyRequest): Promise<Session> {
  const session = await currentSession(request);
  if (!session) throw forbidden();
  return session;
}

/** The session of a read (the CSRF plugin has started one if there was none). */
export function readingSession(request: FastifyRequest, reply: FastifyReply): Promise<Session> {
  return ensureSession(request, reply);
}

/**
 * The request's session, or a new one whose cookies go out with this reply. A request whose
 * cookie names a session replaced moments ago (sent before a sign-in's answer came back) gets a
 * transient anonymous session and no cookies: the browser already holds the replacement.
 */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<Session> {
  const existing = await currentSession(request);
  if (existing) return existing;
  const { sessions, sessionCookies } = request.server;
  if (await sessions.wasJustReplaced(request.cookies[sessionCookies.names.session])) {
    const transient = sessions.transient();
    lookups.set(request, Promise.resolve(transient));
    return transient;
  }
  return issue(request, reply, await sessions.start());
}

/** Replaces the request's session with a fresh one (new token and CSRF token), e.g. at sign-in. */
export async function rotateSession(request: FastifyRequest, reply: FastifyReply, memberId: number | null): Promise<Session> {
  const previous = await currentSession(request);
  return issue(request, reply, await request.server.sessions.rotate(previous, memberId));
}

function issue(request: FastifyRequest, reply: FastifyReply, { token, session }: StartedSession): Session {
  lookups.set(request, Promise.resolve(session));
  const { names, secure } = request.server.sessionCookies;
  const options = { path: '/', sameSite: 'lax', secure, expires: session.expiresAt } as const;
  reply.setCookie(names.session, token, { ...options, httpOnly: true });
  // Readable by the page's script: the token it sends back in X-CSRF-Token.
  reply.setCookie(names.csrf, session.csrfToken, { ...options, httpOnly: false });
  return session;
}
