/**
 * Members at the checkout and at sign-in: a guest account for one checkout, a registration, and
 * signing in with email and password (argon2id). Sessions are rotated by the routes; carts follow
 * (the cart module's joinCartsAtSignIn).
 */
import { t } from '../../../src/domain/messages';
import type { Database } from '../../db/client';
import { fieldError } from '../../http/fields';
import { unauthorised } from '../../errors';
import { hashPassword, verifyPassword } from './passwords';
import { createMemberRepository, type MemberRow, type NewAddress, type NewMember, type ProfileFields } from './repository';

export interface NewMemberDetails {
  email: string;
  firstName: string;
  lastName: string;
  type: 'PRIVATE' | 'COMPANY';
  newsletter: boolean;
  sameShippingAddress: boolean;
}

export function createMemberService(db: Database, now: () => Date = () => new Date()) {
  const repository = createMemberRepository(db);

  return {
    /** Email and password of a member; 401 for anything else, the same answer whatever was wrong. */
    async authenticate(email: string, password: string): Promise<MemberRow> {
      const member = await repository.findByEmail(email);
      const matches = await verifyPassword(member?.passwordHash ?? null, password);
      if (!member || !matches) throw unauthorised(t('members.login_failed'));
      await repository.update(member.id, { lastLoginAt: now() });
      return member;
    },

    /**
     * A registration during checkout. The password is hashed before the transaction (it takes
     * tens of milliseconds); the unique index on the email settles a race between two.
     */
    async register(tx: Database, details: NewMemberDetails, passwordHash: string): Promise<MemberRow> {
      const members = createMemberRepository(tx);
      const member = await members.insert({ ...details, email: details.email.trim(), passwordHash, isGuest: false, createdAt: now() });
      if (!member) throw fieldError('email', t('checkout.email_registered'));
      return member;
    },

    async emailRegistered(email: string): Promise<boolean> {
      return (await repository.findByEmail(email)) !== null;
    },

    hashPassword,

    // What the checkout keeps of a member (SPEC §2 addresses step), on the handle this service was
    // made with, so the checkout runs them in its transaction.
    find: (id: number): Promise<MemberRow | null> => repository.find(id),
    update: (id: number, changes: Partial<Omit<NewMember, 'id'>>): Promise<void> => repository.update(id, changes),
    /** A guest account for one checkout. */
    async addGuest(details: Omit<NewMember, 'isGuest' | 'passwordHash'>): Promise<MemberRow> {
      const guest = await repository.insert({ ...details, isGuest: true, passwordHash: null, createdAt: now() });
      if (!guest) throw new Error('a guest account could not be stored');
      return guest;
    },
    saveProfile: (memberId: number, profile: ProfileFields): Promise<void> => repository.saveProfile(memberId, profile),
    profile: (memberId: number) => repository.profile(memberId),
    addAddress: (address: NewAddress): Promise<number> => repository.insertAddress(address),
    latestAddress: (memberId: number, types: ('BILLING' | 'DELIVERY' | 'BOTH')[]): Promise<number | null> => repository.latestAddress(memberId, types),
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
