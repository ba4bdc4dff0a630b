/**
 * Server-side sessions: a random 256-bit token lives only in the visitor's cookie, the database
 * keeps its SHA-256, and a session ends after an idle period or an absolute lifetime, whichever
 * comes first. Rotating issues a new token and CSRF token (sign-in) so a token planted before
 * sign-in is worthless after it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SessionRecord, SessionRepository } from './session-repository';

export interface Session {
  id: string;
  csrfToken: string;
  memberId: number | null;
  expiresAt: Date;
}

export interface StartedSession {
  /** The cookie value; never stored. */
  token: string;
  session: Session;
}

export interface SessionLifetime {
  idleMinutes: number;
  absoluteHours: number;
}

/** last_seen_at is written at most this often, so reading pages does not mean a write per request. */
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/**
 * How long a replaced session's cookie is recognised as one just replaced: longer than any request
 * still in flight at the moment of sign-in (a postcode lookup, the cart, the auth re-check).
 */
export const REPLACED_GRACE_MS = 5 * 60_000;

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toSession = (record: SessionRecord): Session => ({
  id: record.id,
  csrfToken: record.csrfToken,
  memberId: record.memberId,
  expiresAt: record.expiresAt,
});

export function createSessionService(repository: SessionRepository, lifetime: SessionLifetime, now: () => Date = () => new Date()) {
  const idleMs = lifetime.idleMinutes * 60_000;

  async function start(memberId: number | null = null): Promise<StartedSession> {
    const token = newToken();
    const at = now();
    const record: SessionRecord = {
      id: hashToken(token),
      csrfToken: newToken(),
      memberId,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + lifetime.absoluteHours * 3_600_000),
      replacedAt: null,
    };
    await repository.insert(record);
    return { token, session: toSession(record) };
  }

  return {
    start,

    /**
     * The live session a cookie token names, or null. `touch: false` reads without counting as
     * activity (the auth re-check must not keep an idle session alive).
     */
    async resolve(token: string | undefined, { touch = true } = {}): Promise<Session | null> {
      if (!token || !TOKEN_PATTERN.test(token)) return null;
      const record = await repository.findById(hashToken(token));
      if (!record || record.replacedAt) return null;
      const at = now();
      const idleFor = at.getTime() - record.lastSeenAt.getTime();
      if (record.expiresAt <= at || idleFor >= idleMs) return null;
      if (touch && idleFor >= TOUCH_INTERVAL_MS) await repository.touch(record.id, at);
      return toSession(record);
    },

    /**
     * Ends `previous` (if any) and starts a fresh session for the member. The previous one opens
     * nothing from now on; its row stays, marked, for REPLACED_GRACE_MS (wasJustReplaced).
     */
    async rotate(previous: Session | null, memberId: number | null): Promise<StartedSession> {
      if (previous) await repository.markReplaced(previous.id, now());
      return start(memberId);
    },

    /**
     * True when the cookie names a session replaced moments ago: a request the browser sent
     * before the sign-in's answer arrived. Such a request is answered without a session of its own
     * (transient), since a new session's cookie would overwrite the one the sign-in just set and
     * sign the member out.
     */
    async wasJustReplaced(token: string | undefined): Promise<boolean> {
      if (!token || !TOKEN_PATTERN.test(token)) return false;
      const record = await repository.findById(hashToken(token));
      return Boolean(record?.replacedAt && now().getTime() - record.replacedAt.getTime() < REPLACED_GRACE_MS);
    },

    /** A session for one answer only: never stored, never sent as a cookie, signed in as nobody. */
    transient(): Session {
      return { id: hashToken(newToken()), csrfToken: newToken(), memberId: null, expiresAt: now() };
    },

    /**
     * Ends every session signed in as the member (a password change, a deleted account), except
     * `except` when given: the session that made the change, which the caller then rotates.
     */
    async endMemberSessions(memberId: number, except: Session | null = null): Promise<void> {
      await repository.removeForMember(memberId, except?.id ?? null);
    },

    async purgeExpired(): Promise<void> {
      const at = now();
      await repository.removeExpired(at, new Date(at.getTime() - idleMs), new Date(at.getTime() - REPLACED_GRACE_MS));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
