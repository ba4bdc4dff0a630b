/**
 * Reference data of the member accounts (issue 15): the reasons a member may give for deleting the
 * account (SPEC §7 GET /reason-for-deletions/get-list, in the order the select lists them) and the
 * registration form's agreement texts (SPEC §3 sign-up agreement texts: trusted HTML written here,
 * stored as content pages so they are edited like the shop's other copy).
 */
import * as z from 'zod';
import type { SignUpStaticKey } from '../../modules/members/sign-up-statics';
import { readReferenceData } from './load';

const text = z.string().min(1);

const accountsFile = z.object({
  deletionReasons: z.array(z.object({ id: z.int().positive(), name: text })).min(1),
  signUpStatics: z.object({ agree_terms: text, agree_privacy: text, agree_marketing: text, agree_direct_marketing: text, gdpr_clause: text }),
});

const FILE = readReferenceData('accounts.json', accountsFile);

export const DELETION_REASONS: readonly { id: number; name: string }[] = FILE.deletionReasons;

export const SIGN_UP_STATICS: Readonly<Record<SignUpStaticKey, string>> = FILE.signUpStatics;
