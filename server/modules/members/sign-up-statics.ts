/**
 * SPEC §3 sign-up agreement texts: kept as content pages (the shop's copy, seeded from
 * server/seed/data/accounts.json), one page per text, under these slugs.
 */
export const SIGN_UP_STATIC_KEYS = ['agree_terms', 'agree_privacy', 'agree_marketing', 'agree_direct_marketing', 'gdpr_clause'] as const;
export type SignUpStaticKey = (typeof SIGN_UP_STATIC_KEYS)[number];

/** 'agree_terms' → 'sign-up-agree-terms'. */
export const signUpStaticSlug = (key: SignUpStaticKey): string => `sign-up-${key.replace(/_/g, '-')}`;
