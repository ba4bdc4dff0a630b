/**
 * Staff sessions on requests (the back office under /web-api/admin): finds the staff session the
 * staff cookie names (once per request), starts an anonymous one for a back-office read (so the
 * sign-in form has a CSRF token), and moves a session to its next stage with new cookies. Apart
 * from the storefront's session plugin: a member's cookie never opens the back office.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { staffCookieNames } from '../../src/contract/cookies';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { StaffSessionStage } from '../db/schema';
import { periodicRounds } from './periodic-rounds';
import { createStaffSessionRepository } from './staff-session-repository';
import { createStaffSessionService, type StaffSession, type StaffSessionService, type StartedStaffSession } from './staff-session-store';

export type { StaffSession } from './staff-session-store';

declare module 'fastify' {
  interface FastifyInstance {
    staffSessions: StaffSessionService;
    staffCookies: { names: { session: string; csrf: string }; secure: boolean };
  }
  interface FastifyContextConfig {
    /** true: a back-office call; its CSRF token is the staff session's, never the storefront's. */
    staff?: true;
  }
}

const PURGE_INTERVAL_MS = 15 * 60_000;

export const staffSessionSupport = fp<{ db: Database; config: Config }>(
  async (app: FastifyInstance, { db, config }) => {
    const sessions = createStaffSessionService(
      createStaffSessionRepository(db),
      { idleMinutes: config.staff.sessionIdleMinutes, absoluteHours: config.staff.sessionAbsoluteHours },
      () => app.clock(),
    );
    app.decorate('staffSessions', sessions);
    app.decorate('staffCookies', { names: staffCookieNames(config.isProduction), secure: config.isProduction });
    periodicRounds(app, { name: 'expired staff sessions purge', intervalMs: PURGE_INTERVAL_MS, timeLimitMs: 60_000, round: () => sessions.purgeExpired() });
  },
  { name: 'staff-sessions', dependencies: ['@fastify/cookie'] },
);

const lookups = new WeakMap<FastifyRequest, Promise<StaffSession | null>>();

/** The live staff session of this request's staff cookie, or null; looked up once per request. */
export function currentStaffSession(request: FastifyRequest): Promise<StaffSession | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = request.server.staffSessions.resolve(request.cookies[request.server.staffCookies.names.session]);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The request's staff session, or a new anonymous one whose cookies go out with this reply. */
export async function ensureStaffSession(request: FastifyRequest, reply: FastifyReply): Promise<StaffSession> {
  const existing = await currentStaffSession(request);
  if (existing) return existing;
  return issue(request, reply, await request.server.staffSessions.startAnonymous());
}

/**
 * Moves the request's staff session to `stage` (new token and CSRF token, the old one ended); null
 * when the old one had been ended meanwhile, so a sign-in step is never completed twice.
 */
export async function advanceStaffSession(request: FastifyRequest, reply: FastifyReply, stage: StaffSessionStage, staffId: number | null): Promise<StaffSession | null> {
  const started = await request.server.staffSessions.advance(await currentStaffSession(request), stage, staffId);
  return started ? issue(request, reply, started) : null;
}

/**
 * Ends every session of a member of staff, this one included, and signs this request in again
 * with a new session (new cookies): after a password change only the browser that made it stays in.
 */
export async function renewStaffSession(request: FastifyRequest, reply: FastifyReply, staffId: number): Promise<StaffSession> {
  await request.server.staffSessions.endForStaff(staffId);
  const started = await request.server.staffSessions.advance(null, 'signed-in', staffId);
  if (!started) throw new Error('a new staff session could not be started');
  return issue(request, reply, started);
}

function issue(request: FastifyRequest, reply: FastifyReply, { token, session }: StartedStaffSession): StaffSession {
  lookups.set(request, Promise.resolve(session));
  const { names, secure } = request.server.staffCookies;
  const options = { path: '/', sameSite: 'strict', secure, expires: session.expiresAt } as const;
  reply.setCookie(names.session, token, { ...options, httpOnly: true });
  reply.setCookie(names.csrf, session.csrfToken, { ...options, httpOnly: false });
  return session;
}
