/** Back-office customer test helpers: a member to look at. */
import type { Database } from '../db/client';
import { members } from '../db/schema';

let made = 0;

/** A new member (no password: a guest-like row is enough to be looked at); answers their id. */
export async function addTestMember(db: Database): Promise<number> {
  made += 1;
  const [member] = await db.insert(members).values({ email: `customer${made}@example.com`, firstName: 'Jo', lastName: 'Bloggs' }).returning({ id: members.id });
  if (!member) throw new Error('no member');
  return member.id;
}
