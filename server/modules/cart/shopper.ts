import type { Session } from '../../plugins/session';
import type { Shopper } from './repository';

/** The shopper whose cart a session holds: its session and, once signed in, its member. */
export const shopperOf = (session: Session): Shopper => ({ sessionId: session.id, memberId: session.memberId });
