/**
 * Members at the checkout and at sign-in: a guest account for one checkout, a registration, and
 * signing in with email and password (argon2id). Sessions are rotated by the routes; carts follow
 * (cart-merge.ts).
 */
import { t } from '../../../src/domain/messages';
import type { Database } from '../../db/client';
import { fieldError } from '../../http/fields';
import { HttpError } from '../../http/http-error';
import { hashPassword, verifyPassword } from './passwords';
import { createMemberRepository, type MemberRow } from './repository';

export interface NewMemberDetails {
  email: string;
  firstName: string;
  lastName: string;
  type: 'PRIVATE' | 'COMPANY';
  newsletter: boolean;
  sameShippingAddress: boolean;
}

export function createMemberService(db: Database) {
  const repository = createMemberRepository(db);

  return {
    /** Email and password of a member; 401 for anything else, the same answer whatever was wrong. */
    async authenticate(email: string, password: string): Promise<MemberRow> {
      const member = await repository.findByEmail(email);
      const matches = await verifyPassword(member?.passwordHash ?? null, password);
      if (!member || !matches) throw new HttpError(401, t('members.login_failed'));
      await repository.update(member.id, { lastLoginAt: new Date() });
      return member;
    },

    /**
     * A registration during checkout. The password is hashed before the transaction (it takes
     * tens of milliseconds); the unique index on the email settles a race between two.
     */
    async register(tx: Database, details: NewMemberDetails, passwordHash: string): Promise<MemberRow> {
      const members = createMemberRepository(tx);
      const member = await members.insert({ ...details, email: details.email.trim(), passwordHash, isGuest: false });
      if (!member) throw fieldError('email', t('checkout.email_registered'));
      return member;
    },

    async emailRegistered(email: string): Promise<boolean> {
      return (await repository.findByEmail(email)) !== null;
    },

    hashPassword,
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
