/**
 * The member fields of the app props (SPEC §3: isGuest, memberIdentifier, memberFirstName) for a
 * session, so the header greets a member who signed in — at sign-in, or by registering during
 * checkout — by name. Sessions carry only the member's id; the name is read here. For
 * server/modules/storefront/app-props.ts to use (that module belongs to the storefront).
 */
import type { Database } from '../../db/client';
import type { Session } from '../../plugins/session';
import { createMemberRepository } from './repository';

export interface MemberAppProps {
  isGuest: boolean;
  memberIdentifier: string;
  memberFirstName: string;
}

export async function memberAppProps(db: Database, session: Session | null): Promise<MemberAppProps> {
  const member = session?.memberId != null ? await createMemberRepository(db).find(session.memberId) : null;
  // Sessions are signed in only as members; guests stay anonymous (their account is the cart's).
  if (!member) return { isGuest: false, memberIdentifier: '', memberFirstName: '' };
  return { isGuest: member.isGuest, memberIdentifier: String(member.id), memberFirstName: member.firstName };
}
