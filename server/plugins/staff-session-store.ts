/**
 * Staff sessions, kept apart from the storefront's (session-store.ts): a random 256-bit token in
 * the staff cookie, its SHA-256 in `staff_sessions`, idle and absolute expiry shorter than
 * members' (30 minutes and 8 hours by default). A session moves through stages — a visitor of the
 * back office, password accepted (a code awaited, or an authenticator to enrol), signed in — and
 * every move issues a new token and CSRF token. The stages between password and code last
 * PENDING_MINUTES at most.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { StaffSessionStage } from '../db/schema';
import type { StaffSessionRecord, StaffSessionRepository } from './staff-session-repository';

export interface StaffSession {
  id: string;
  csrfToken: string;
  staffId: number | null;
  stage: StaffSessionStage;
  expiresAt: Date;
}

export interface StartedStaffSession {
  /** The cookie value; never stored. */
  token: string;
  session: StaffSession;
}

export interface StaffSessionLifetime {
  idleMinutes: number;
  absoluteHours: number;
}

/** How long the password step holds while the second factor is awaited. */
export const PENDING_MINUTES = 5;
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toSession = ({ id, csrfToken, staffId, stage, expiresAt }: StaffSessionRecord): StaffSession => ({ id, csrfToken, staffId, stage, expiresAt });

export function createStaffSessionService(repository: StaffSessionRepository, lifetime: StaffSessionLifetime, now: () => Date) {
  const idleMs = lifetime.idleMinutes * 60_000;

  async function start(stage: StaffSessionStage, staffId: number | null): Promise<StartedStaffSession> {
    const token = newToken();
    const at = now();
    const absolute = at.getTime() + lifetime.absoluteHours * 3_600_000;
    const pending = stage === 'second-factor' || stage === 'enrol';
    const record: StaffSessionRecord = {
      id: hashToken(token),
      csrfToken: newToken(),
      staffId,
      stage,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(pending ? Math.min(absolute, at.getTime() + PENDING_MINUTES * 60_000) : absolute),
    };
    await repository.insert(record);
    return { token, session: toSession(record) };
  }

  return {
    /** A back-office visitor's session: no one signed in, a CSRF token for the sign-in form. */
    startAnonymous: (): Promise<StartedStaffSession> => start('anonymous', null),

    /** The live session a cookie token names, or null (unknown, past its absolute expiry, or idle too long). */
    async resolve(token: string | undefined): Promise<StaffSession | null> {
      if (!token || !TOKEN_PATTERN.test(token)) return null;
      const record = await repository.findById(hashToken(token));
      if (!record) return null;
      const at = now();
      const idleFor = at.getTime() - record.lastSeenAt.getTime();
      if (record.expiresAt <= at || idleFor >= idleMs) return null;
      if (idleFor >= TOUCH_INTERVAL_MS) await repository.touch(record.id, at);
      return toSession(record);
    },

    /**
     * Ends `previous` and starts the session of the next stage (new token, new CSRF token). Null
     * when `previous` was already ended meanwhile (two requests racing on one sign-in step).
     */
    async advance(previous: StaffSession | null, stage: StaffSessionStage, staffId: number | null): Promise<StartedStaffSession | null> {
      if (previous && !(await repository.remove(previous.id))) return null;
      return start(stage, staffId);
    },

    /** Ends every session of a member of staff (disabled, or their role changed). */
    endForStaff: (staffId: number): Promise<void> => repository.removeForStaff(staffId),

    async purgeExpired(): Promise<void> {
      const at = now();
      await repository.removeExpired(at, new Date(at.getTime() - idleMs));
    },
  };
}

export type StaffSessionService = ReturnType<typeof createStaffSessionService>;
