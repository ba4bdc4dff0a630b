/**
 * Member accounts (SPEC §7 members/*): sign-in and sign-out (logout is the storefront path /logout
 * in the spec, here a call the page makes before going there), registration, the password calls,
 * member details, account deletion and its reasons, the sign-up agreement texts and the auth
 * re-check. Registration during checkout is POST /carts/update-shipping (checkout.ts).
 *
 * The account calls answer the signed-in member's own data only; signed out they answer 401.
 */
import * as z from 'zod/mini';
import { memberDetailsShape, registrationShape } from '../domain/member-forms';
import { addressSchema } from './cart';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

/**
 * POST /members/login — signs a member in: the session is rotated (new session and CSRF cookies;
 * the page must read the new CSRF token from the cookie before its next write) and the visitor's
 * cart joins the member's. 401 with `msg` for a wrong email or password (a guest account has no
 * password and cannot sign in); 422 names an empty field; 429 with `msg` and Retry-After after
 * repeated failures for one account from this address (5 in 15 minutes) or many from this address
 * (the account's owner elsewhere is never locked out), and after 10 attempts a minute.
 * `redirect` is where to go next, or null to stay (e.g. the checkout's addresses step).
 */
export const login = defineCall({
  method: 'POST',
  path: '/members/login',
  summary: 'Sign in',
  body: lazySchema(() => z.object({ email: z.string().check(z.maxLength(254, 'At most 254 characters.')), password: z.string().check(z.maxLength(1024, 'Too long.')) })),
  response: lazySchema(() => success({
    msg: z.string(),
    redirect: z.nullable(z.string()),
    id: z.int(),
    first_name: z.string(),
    last_name: z.string(),
  })),
});

/**
 * POST /members/logout — ends the member's session and starts an anonymous one (new cookies). The
 * member's cart stays with the member for the next sign-in.
 */
export const logout = defineCall({
  method: 'POST',
  path: '/members/logout',
  summary: 'Sign out',
  response: lazySchema(() => success({ msg: z.string(), redirect: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// Registration, passwords, member details, deletion (issue 15)

/**
 * SPEC §3 registration form: the checkout's registration form (src/domain/checkout-form.ts
 * formShape without is_guest and cart) with the marketing questionnaire as the JSON string of
 * src/domain/member-forms.ts (questionnaireJson). The rules are member-forms.ts
 * registrationFormSchema; this is the shape.
 */
/**
 * Field errors of the account forms use SPEC §5's server field keys: 'email', 'password',
 * 'confirm_password', 'first_name', 'last_name', 'type', 'member_profile_mobile',
 * 'member_profile_phone', 'member_addresses_0_<field>' (billing: first_name, last_name,
 * company_name, vat_no, address1, address2, county, postcode, city, country_id),
 * 'member_addresses_1_<field>' (delivery, plus phone), 'member_profile_questionnaire' and
 * 'member_profile_questionnaire_<question key>' ('…_other' for the 'Other' text), 'agree_terms'.
 * member-forms.ts formFieldOfServerKey gives the form's field name of a key.
 */
export const registrationBodySchema = registrationShape;
export type RegistrationBody = z.input<typeof registrationBodySchema>;

/**
 * POST /members/register — creates a member (SPEC §2 registration): private, or company (only
 * with flag companyAccount; company name and VAT number required). Signed in afterwards: the
 * session is rotated (new session and CSRF cookies) and the visitor's cart joins the member's.
 * `redirect` is the account area (the page shows `msg` and goes there after 3.5 s); `id` and the
 * names are for the member-logged-in event. 422 with `errors` under the server field keys above
 * (an address that already has an account: 422 on `email`); 429 when this address registers too
 * often.
 */
export const register = defineCall({
  method: 'POST',
  path: '/members/register',
  summary: 'Register a member account',
  body: registrationBodySchema,
  response: lazySchema(() => success({ msg: z.string(), redirect: z.string(), id: z.int(), first_name: z.string(), last_name: z.string() })),
});

/**
 * POST /members/forgotten-password — always the same `msg`, whether or not the address has an
 * account (no account enumeration), in comparable time. A member's address is mailed a link
 * `/members/change-password/{token}` that works once, within 1 hour; a newer request makes older
 * links useless. 422 on `email` when it is empty or not an address; 429 when this address asks too
 * often.
 */
export const forgottenPassword = defineCall({
  method: 'POST',
  path: '/members/forgotten-password',
  summary: 'Mail a password reset link',
  body: lazySchema(() => z.object({ email: z._default(z.string().check(z.maxLength(254, 'At most 254 characters.')), '') })),
  response: lazySchema(() => success({ msg: z.string() })),
});

const passwordBody = lazySchema(() => z.object({
  current_password: z._default(z.string().check(z.maxLength(1024, 'Too long.')), ''),
  password: z._default(z.string().check(z.maxLength(1024, 'Too long.')), ''),
  confirm_password: z._default(z.string().check(z.maxLength(1024, 'Too long.')), ''),
}));
export type PasswordChangeBody = z.input<typeof passwordBody>;

/** The answer of the password forms: SPEC §4 the page shows `msg` and goes to `redirect` (/logout) after 1.5 s. */
const passwordAnswer = lazySchema(() => success({ msg: z.string(), redirect: z.string() }));

/**
 * POST /members/change-password — the signed-in member changes their password: current_password
 * (wrong: 422 on `current_password`), password by the shop's rule, confirm_password equal (422
 * naming each field). Every other session of the member ends; this one is rotated (new cookies).
 * 401 when signed out.
 */
export const changePassword = defineCall({
  method: 'POST',
  path: '/members/change-password',
  summary: 'Change the password (signed in)',
  body: passwordBody,
  response: passwordAnswer,
});

const tokenParams = lazySchema(() => z.object({ token: z.string().check(z.maxLength(100, 'Too long.')) }));

/**
 * POST /members/change-password/{token} — a new password from a reset link, without the current
 * one (current_password ignored): password and confirm_password (422 naming each). The link works
 * once, within 1 hour of being sent; otherwise 404 with `msg` telling the person to ask for a new
 * one. Every session of the member ends.
 */
export const changePasswordWithToken = defineCall({
  method: 'POST',
  path: '/members/change-password/:token',
  summary: 'Set a new password from a reset link',
  params: tokenParams,
  body: passwordBody,
  response: passwordAnswer,
});

/**
 * POST /members/guest-register/{token} — a guest (the link is in their order confirmation e-mail,
 * valid 30 days, once) sets a password and becomes a member who keeps their orders: password and
 * confirm_password (422 naming each). 404 with `msg` for a link that is unknown, used or too old;
 * 409 with `msg` when a member already has the guest's e-mail address (sign in instead; the guest
 * orders stay guest orders).
 */
export const guestRegister = defineCall({
  method: 'POST',
  path: '/members/guest-register/:token',
  summary: 'A guest becomes a member from their order e-mail',
  params: tokenParams,
  body: passwordBody,
  response: passwordAnswer,
});

/**
 * The member's details (SPEC §3 Member record): billing_address and delivery_address as the cart's
 * address shape (null until the member has one; the delivery address is null when it is the
 * billing address, same_shipping_address true); member_profile.questionnaire the stored JSON.
 */
export const memberDetailsSchema = lazySchema(() => z.object({
  id: z.int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  type: z.enum(['PRIVATE', 'COMPANY']),
  newsletter: z.boolean(),
  same_shipping_address: z.boolean(),
  member_profile: z.object({ mobile: z.string(), phone: z.string(), work: z.string(), company_name: z.string(), vat_no: z.string(), questionnaire: z.string() }),
  billing_address: z.nullable(addressSchema),
  delivery_address: z.nullable(addressSchema),
}));
export type MemberDetails = z.infer<typeof memberDetailsSchema>;

/** GET /members/member-details.json — the signed-in member's details; 401 when signed out. */
export const getMemberDetails = defineCall({
  method: 'GET',
  path: '/members/member-details.json',
  summary: "The signed-in member's details",
  response: lazySchema(() => success({ memberDetails: memberDetailsSchema })),
});

/**
 * The details form (member-forms.ts memberDetailsShape): the registration form without passwords
 * and agreements.
 */
export const memberDetailsBodySchema = memberDetailsShape;
export type MemberDetailsBody = z.input<typeof memberDetailsBodySchema>;

/**
 * POST /members/member-details.json — saves the signed-in member's details by SPEC §5's rules
 * (422 under the server field keys; an e-mail address another member has: 422 on `email`). A
 * private member's company name and VAT number are cleared; a delivery address never keeps a VAT
 * number. Answers the saved details. 401 when signed out.
 */
export const saveMemberDetails = defineCall({
  method: 'POST',
  path: '/members/member-details.json',
  summary: "Save the signed-in member's details",
  body: memberDetailsBodySchema,
  response: lazySchema(() => success({ msg: z.string(), memberDetails: memberDetailsSchema })),
});

/**
 * POST /members/delete-account — deletes the signed-in member's account: the reason is required
 * (422 on `reason_for_deletion_id`, also for an unknown reason). Personal data is erased; orders
 * stay for the accounts, anonymised; every session ends (new anonymous cookies come back); the
 * e-mail address is free to register again. The page shows `msg` and goes to `redirect` ('/')
 * after 1.5 s. 401 when signed out.
 */
export const deleteAccount = defineCall({
  method: 'POST',
  path: '/members/delete-account',
  summary: 'Delete the account',
  body: lazySchema(() => z.object({ reason_for_deletion_id: z._default(z.union([z.int(), z.string().check(z.maxLength(20, 'Too long.'))]), '') })),
  response: lazySchema(() => success({ msg: z.string(), redirect: z.string() })),
});

/** GET /reason-for-deletions/get-list — `data` maps a reason's id to its text, in the order the select lists them. */
export const getDeletionReasons = defineCall({
  method: 'GET',
  path: '/reason-for-deletions/get-list',
  summary: 'Reasons for deleting an account',
  response: lazySchema(() => success({ data: z.record(z.string(), z.string()) })),
});

/** SPEC §3 sign-up agreement texts (HTML from the shop's content: the form renders them as such). */
export const signUpStaticsSchema = lazySchema(() => z.object({
  agree_terms: z.string(),
  agree_privacy: z.string(),
  agree_marketing: z.string(),
  agree_direct_marketing: z.string(),
  gdpr_clause: z.string(),
}));
export type SignUpStatics = z.infer<typeof signUpStaticsSchema>;

/**
 * GET /static-contents/get-sign-up-statics.json — the registration form's agreement texts: the
 * terms checkbox (agree_terms with agree_privacy), the newsletter checkbox (agree_marketing,
 * agree_direct_marketing) and the GDPR clause under the form.
 */
export const getSignUpStatics = defineCall({
  method: 'GET',
  path: '/static-contents/get-sign-up-statics.json',
  summary: 'Agreement texts of the registration form',
  response: lazySchema(() => success({ data: signUpStaticsSchema })),
});

/**
 * GET /check — SPEC §4's auth re-check every 60 s while signed in: 200 `{success: true}` while the
 * session is live and signed in as a member; 401 `{success: false, msg}` otherwise (the page
 * clears session storage and goes to /logout). Asking never counts as activity.
 */
export { checkSession } from './session';
