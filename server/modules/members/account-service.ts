/**
 * The member's account (issue 15, SPEC §2 'Registration and sign-in', 'Account area'): registering,
 * the password links and changes, a guest becoming a member, the member's details and deleting the
 * account. Sessions are the routes' business (they rotate and end them); this service reports which
 * member is concerned.
 *
 * Single-use links are 256-bit random tokens; only their SHA-256 is stored (member_tokens), so a
 * copy of the table opens nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CardGateway } from '../../integrations/payments/port';
import { createHash, randomBytes } from 'node:crypto';
import type * as zc from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import type { MemberDetails, MemberDetailsBody, PasswordChangeBody, RegistrationBody } from '../../../src/contract/members';
import type { FieldErrors } from '../../../src/contract/envelope';
import { normaliseCheckoutForm, type CheckoutForm } from '../../../src/domain/checkout-form';
import {
  deletionReasonId,
  memberDetailsFormSchema,
  parseQuestionnaire,
  passwordChangeFormSchema,
  questionnaireJson,
  registrationFormSchema,
  serverFieldKey,
  type MemberDetailsForm,
} from '../../../src/domain/member-forms';
import { t } from '../../../src/domain/messages';
import type { MemberType } from '../../../src/domain/checkout-form';
import type { Database } from '../../db/client';
import { conflict, invalid, invalidField, notFound } from '../../errors';
import { createOutboxMailer } from '../../integrations/mail';
import { createCartAccess } from '../cart/index';
import { createAccountRepository } from './account-repository';
import { hashPassword, verifyPassword } from './passwords';
import { createMemberRepository, type MemberRow, type NewAddress } from './repository';
import { SIGN_UP_STATIC_KEYS, signUpStaticSlug, type SignUpStaticKey } from './sign-up-statics';
import { createTokenRepository, type TokenPurpose } from './token-repository';

/** A reset link works for an hour (issue 15). */
export const RESET_LINK_MS = 60 * 60_000;
/** A guest's link to become a member, in their order e-mail, works for 30 days. */
export const GUEST_LINK_MS = 30 * 24 * 60 * 60_000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The address a deleted account's row and orders keep: unique, and a domain that can never receive mail (RFC 6761). */
export const anonymisedEmail = (memberId: number) => `deleted-${memberId}@deleted.invalid`;

/** Checks input against an account form's rules; the 422 names each field by SPEC §5's server field keys. */
function parseAccountForm<S extends zc.$ZodType>(schema: S, input: unknown): zc.output<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) (errors[serverFieldKey(issue.path as (string | number)[])] ??= []).push(issue.message);
  throw invalid(errors);
}

/** A PostgreSQL unique violation, through either driver and Drizzle's wrapping. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface AccountServiceOptions {
  db: Database;
  /** Feature flag companyAccount (SPEC §6), read at each call: staff may switch it in the back office. */
  companyAccount: () => boolean;
  publicUrl: string;
  now: () => Date;
  /** The card provider, told to forget a deleted member's customer and saved cards. */
  card: Pick<CardGateway, 'deleteCustomer'>;
  log: FastifyBaseLogger;
  /** The other modules' parts of an account's deletion, run in its transaction (given by the app). */
  erasureSteps: readonly MemberErasureStep[];
}

/** The member being deleted, as the other modules' erasure steps see them. */
export interface ErasedMember {
  memberId: number;
  /** The address the member had, for what is kept by address alone (the mail outbox's copies). */
  email: string;
  /** The address the member's rows keep: deleted-{id}@deleted.invalid. */
  anonymisedEmail: string;
  /** What the member's rows (orders' address snapshots, part requests, enquiries) call the customer. */
  anonymisedName: string;
}

/**
 * A module's part of an account's deletion: that module erases or anonymises the member's rows of
 * its own tables, with its own repository, on `tx` (the deletion's one transaction). The modules
 * that own such rows (payments, wishlist, product forms, part requests, cart, orders, returns,
 * warranty, alerts, saved searches, garage, push, reviews) depend on this one, so the app hands
 * their steps to this one (server/app.ts) rather than this one importing them.
 */
export type MemberErasureStep = (tx: Database, member: ErasedMember) => Promise<void>;

type Form = Omit<CheckoutForm, 'is_guest' | 'cart'>;

const storedQuestionnaire = (type: MemberType, json: string) => (json.trim() === '' ? '' : questionnaireJson(type, parseQuestionnaire(type, json)));

export function createAccountService({ db, companyAccount, publicUrl, now, card, log, erasureSteps }: AccountServiceOptions) {
  const members = createMemberRepository(db);
  const accounts = createAccountRepository(db);
  const carts = createCartAccess(db);

  /** Countries the forms name must exist: 422 under the address's country field otherwise. */
  async function checkCountries(billing: { country_id: number }, delivery: { country_id: number } | null): Promise<void> {
    const known = new Set((await carts.countryNames()).map((country) => country.id));
    if (!known.has(billing.country_id)) throw invalidField(serverFieldKey(['member_address', 'country_id']), t('validation.required'));
    if (delivery && !known.has(delivery.country_id)) throw invalidField(serverFieldKey(['shipping', 'country_id']), t('validation.required'));
  }

  /** Stores the profile and, when they differ from the member's latest, new address rows (rows an order may point at never change). */
  async function saveProfileAndAddresses(tx: Database, memberId: number, form: Form): Promise<void> {
    const here = createMemberRepository(tx);
    const { billing, delivery } = normaliseCheckoutForm({ ...form, is_guest: false, cart: { comments_delivery: '' } });
    await here.saveProfile(memberId, {
      mobile: form.member_profile.mobile.trim(),
      phone: form.member_profile.phone.trim(),
      questionnaire: storedQuestionnaire(form.type, form.member_profile.questionnaire),
      companyName: billing.company_name,
      vatNo: billing.vat_no,
    });
    const billingRow: NewAddress = {
      memberId,
      addressType: billing.address_type,
      firstName: billing.first_name,
      lastName: billing.last_name,
      companyName: billing.company_name,
      vatNo: billing.vat_no,
      postcode: billing.postcode,
      address1: billing.address1,
      address2: billing.address2,
      city: billing.city,
      county: billing.county,
      phone: form.member_profile.mobile.trim(),
      countryId: billing.country_id,
    };
    const rows: NewAddress[] = [billingRow];
    if (delivery) {
      rows.push({
        memberId,
        addressType: 'DELIVERY',
        firstName: delivery.first_name,
        lastName: delivery.last_name,
        companyName: delivery.company_name,
        vatNo: '',
        postcode: delivery.postcode,
        address1: delivery.address1,
        address2: delivery.address2,
        city: delivery.city,
        county: delivery.county,
        phone: delivery.phone,
        countryId: delivery.country_id,
      });
    }
    for (const row of rows) {
      const types = row.addressType === 'DELIVERY' ? (['DELIVERY'] as const) : (['BILLING', 'BOTH'] as const);
      const latest = await here.latestAddressRow(memberId, [...types]);
      if (!latest || !sameAddress(latest, row)) await here.insertAddress(row);
    }
  }

  async function details(memberId: number): Promise<MemberDetails> {
    const member = await members.find(memberId);
    if (!member || member.isGuest) throw notFound();
    const profile = await members.profile(memberId);
    const billingId = await members.latestAddress(memberId, ['BILLING', 'BOTH']);
    const deliveryId = member.sameShippingAddress ? null : await members.latestAddress(memberId, ['DELIVERY']);
    const found = await carts.addressesById([billingId, deliveryId]);
    return {
      id: member.id,
      email: member.email,
      first_name: member.firstName,
      last_name: member.lastName,
      type: member.type,
      newsletter: member.newsletter,
      same_shipping_address: member.sameShippingAddress,
      member_profile: {
        mobile: profile?.mobile ?? '',
        phone: profile?.phone ?? '',
        work: profile?.work ?? '',
        company_name: profile?.companyName ?? '',
        vat_no: profile?.vatNo ?? '',
        questionnaire: profile?.questionnaire ?? '',
      },
      billing_address: billingId === null ? null : (found.get(billingId) ?? null),
      delivery_address: deliveryId === null ? null : (found.get(deliveryId) ?? null),
    };
  }

  /** A new password from a link: the link is used up in the same transaction as the change. */
  async function setPasswordByLink(token: string, purpose: TokenPurpose, body: PasswordChangeBody, change: (tx: Database, member: MemberRow, passwordHash: string) => Promise<void>): Promise<MemberRow> {
    const form = parseAccountForm(passwordChangeFormSchema({ withCurrent: false }), body);
    if (!TOKEN_PATTERN.test(token)) throw notFound(t('members.link_invalid'));
    const passwordHash = await hashPassword(form.password);
    const at = now();
    return db.transaction(async (tx) => {
      const memberId = await createTokenRepository(tx).consume(tokenHash(token), purpose, at);
      const member = memberId === null ? null : await createMemberRepository(tx).lock(memberId);
      if (!member) throw notFound(t('members.link_invalid'));
      await change(tx, member, passwordHash);
      await createTokenRepository(tx).revokeAll(member.id, at);
      return member;
    });
  }

  return {
    /** POST /members/register: the new member (the route signs them in). */
    async register(body: RegistrationBody): Promise<MemberRow> {
      const form = parseAccountForm(registrationFormSchema({ companyAccount: companyAccount() }), body);
      const { billing, delivery } = normaliseCheckoutForm({ ...form, is_guest: false, cart: { comments_delivery: '' } });
      await checkCountries(billing, delivery);
      if (await members.findByEmail(form.email)) throw invalidField('email', t('members.email_registered'));
      const passwordHash = await hashPassword(form.password);
      return db.transaction(async (tx) => {
        const member = await createMemberRepository(tx).insert({
          email: form.email.trim(),
          passwordHash,
          isGuest: false,
          firstName: form.first_name.trim(),
          lastName: form.last_name.trim(),
          type: form.type,
          newsletter: form.newsletter,
          sameShippingAddress: form.same_shipping_address,
          lastLoginAt: now(),
          createdAt: now(),
        });
        // The unique index decides a race between two registrations of one address.
        if (!member) throw invalidField('email', t('members.email_registered'));
        await saveProfileAndAddresses(tx, member.id, form);
        return member;
      });
    },

    /**
     * POST /members/forgotten-password's work: for a member (not a guest, not deleted) with the
     * address, a link valid for an hour replaces the older ones and is mailed. The same statements
     * run for any address (token-repository issueForEmail).
     */
    async requestPasswordReset(email: string): Promise<void> {
      const token = newToken();
      const at = now();
      await db.transaction(async (tx) => {
        const member = await createTokenRepository(tx).issueForEmail(email, 'password_reset', tokenHash(token), at, new Date(at.getTime() + RESET_LINK_MS));
        if (!member) return;
        await createOutboxMailer(tx).send({
          to: member.email,
          subject: t('members.reset_mail_subject'),
          text: t('members.reset_mail_text', { name: member.firstName, url: `${publicUrl}/members/change-password/${token}` }),
        });
      });
    },

    /** POST /members/change-password: the signed-in member's current password, then the new one. */
    async changePassword(memberId: number, body: PasswordChangeBody): Promise<void> {
      const form = parseAccountForm(passwordChangeFormSchema({ withCurrent: true }), body);
      const member = await members.find(memberId);
      if (!member || member.isGuest) throw notFound();
      if (!(await verifyPassword(member.passwordHash, form.current_password))) throw invalidField('current_password', t('members.current_password_wrong'));
      const passwordHash = await hashPassword(form.password);
      await db.transaction(async (tx) => {
        await createMemberRepository(tx).update(memberId, { passwordHash });
        await createTokenRepository(tx).revokeAll(memberId, now());
      });
    },

    /** POST /members/change-password/{token}: the member whose password the link changed. */
    async resetPassword(token: string, body: PasswordChangeBody): Promise<MemberRow> {
      return setPasswordByLink(token, 'password_reset', body, async (tx, member, passwordHash) => {
        if (member.isGuest) throw notFound(t('members.link_invalid'));
        await createMemberRepository(tx).update(member.id, { passwordHash });
      });
    },

    /**
     * POST /members/guest-register/{token}: the guest row becomes a member with a password, so its
     * orders are the member's. 409 when a member already has the address.
     */
    async guestRegister(token: string, body: PasswordChangeBody): Promise<MemberRow> {
      try {
        return await setPasswordByLink(token, 'guest_register', body, async (tx, member, passwordHash) => {
          if (!member.isGuest) throw notFound(t('members.link_invalid'));
          const here = createMemberRepository(tx);
          if (await here.findByEmail(member.email)) throw conflict(t('members.guest_member_exists'));
          await here.update(member.id, { isGuest: false, passwordHash });
        });
      } catch (error) {
        // Another guest of the same address became a member at the same moment.
        if (isUniqueViolation(error)) throw conflict(t('members.guest_member_exists'));
        throw error;
      }
    },

    details,

    /** POST /members/member-details.json: SPEC §5's rules, then the member, profile and (new) addresses. */
    async saveDetails(memberId: number, body: MemberDetailsBody): Promise<MemberDetails> {
      const member = await members.find(memberId);
      if (!member || member.isGuest) throw notFound();
      const form: MemberDetailsForm = parseAccountForm(memberDetailsFormSchema({ companyAccount: companyAccount() }), body);
      const full: Form = { ...form, password: '', confirm_password: '', agree_terms: false, agree_privacy: false };
      const { billing, delivery } = normaliseCheckoutForm({ ...full, is_guest: false, cart: { comments_delivery: '' } });
      await checkCountries(billing, delivery);
      if (await members.emailTaken(form.email, memberId)) throw invalidField('email', t('members.email_registered'));
      try {
        await db.transaction(async (tx) => {
          await createMemberRepository(tx).update(memberId, {
            email: form.email.trim(),
            firstName: form.first_name.trim(),
            lastName: form.last_name.trim(),
            type: form.type,
            newsletter: form.newsletter,
            sameShippingAddress: form.same_shipping_address,
          });
          await saveProfileAndAddresses(tx, memberId, full);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidField('email', t('members.email_registered'));
        throw error;
      }
      return details(memberId);
    },

    /** GET /reason-for-deletions/get-list: id → text, in the select's order. */
    async deletionReasons(): Promise<Record<string, string>> {
      return Object.fromEntries((await accounts.deletionReasons()).map((reason) => [String(reason.id), reason.name]));
    },

    /** GET /static-contents/get-sign-up-statics.json: every text, '' for one the shop has not written. */
    async signUpStatics(): Promise<Record<SignUpStaticKey, string>> {
      const found = await accounts.contentBySlug(SIGN_UP_STATIC_KEYS.map(signUpStaticSlug));
      return Object.fromEntries(SIGN_UP_STATIC_KEYS.map((key) => [key, found.get(signUpStaticSlug(key)) ?? ''])) as Record<SignUpStaticKey, string>;
    },

    /**
     * POST /members/delete-account: with a reason, the account's personal data is erased in one
     * transaction (account-repository erase, then every module's erasure step) and the address
     * freed. The routes end the sessions.
     */
    async deleteAccount(memberId: number, reason: string | number): Promise<void> {
      const reasonId = deletionReasonId(reason);
      if (reasonId === null) throw invalidField('reason_for_deletion_id', t('members.deletion_reason_required'));
      if (!(await accounts.deletionReasonExists(reasonId))) throw invalidField('reason_for_deletion_id', t('members.deletion_reason_required'));
      const cardCustomers = await db.transaction(async (tx) => {
        const member = await createMemberRepository(tx).lock(memberId);
        if (!member || member.isGuest) throw notFound();
        const erased = createAccountRepository(tx);
        const customers = await erased.cardCustomers(memberId);
        // Parts held in the open cart go back on sale first: the cart's lines go with the erase,
        // and a hold without its line would keep the part off sale for good.
        await createCartAccess(tx).endOpenCartHoldsOf(memberId, now());
        const erasure = { memberId, email: member.email, anonymisedEmail: anonymisedEmail(memberId), anonymisedName: t('members.deleted_customer') };
        await erased.erase({ ...erasure, reasonId, at: now() });
        for (const step of erasureSteps) await step(tx, erasure);
        return customers;
      });
      // The provider keeps the member's customer and saved cards until told: told once the
      // deletion is stored. A provider that fails does not undo the deletion; staff are alerted
      // to remove the customer by hand.
      for (const customer of cardCustomers) {
        await card.deleteCustomer(customer).catch((error: unknown) => {
          log.error({ err: error, memberId, customer }, 'ALERT: a deleted account’s customer could not be removed at the card provider');
        });
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

function sameAddress(a: NewAddress, b: NewAddress): boolean {
  const keys = ['addressType', 'firstName', 'lastName', 'companyName', 'vatNo', 'postcode', 'address1', 'address2', 'city', 'county', 'phone', 'countryId'] as const;
  return keys.every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

/**
 * A guest's link to become a member, for their order confirmation e-mail: valid 30 days, once;
 * a newer one replaces the guest's older unused links. Run in the order's transaction.
 */
export async function issueGuestRegisterLink(tx: Database, { memberId, at, publicUrl }: { memberId: number; at: Date; publicUrl: string }): Promise<string> {
  const token = newToken();
  await createTokenRepository(tx).issue(memberId, 'guest_register', tokenHash(token), at, new Date(at.getTime() + GUEST_LINK_MS));
  return `${publicUrl}/members/guest-register/${token}`;
}
