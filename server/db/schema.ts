/**
 * The database schema, one definition for both drivers (PGlite and node-postgres). drizzle-kit
 * generates server/db/migrations from this file: change it, then run `npm run db:generate`.
 *
 * Each table is defined in the file of the code that owns it: server/db/schema/<p>.ts holds the
 * tables of server/<p>/ (schema/modules/orders.ts: server/modules/orders), and only that folder's
 * repositories write them (scripts/table-owners.test.ts checks).
 */

/** SPEC §3 package types, one list for the schema, the API contract and the cart (src/domain). */
export { PACKAGE_TYPES, type PackageType } from '../../src/domain/cart-totals';
export { bytea } from './schema/columns';
export * from './schema/seed';
export * from './schema/modules/catalogue';
export * from './schema/modules/back-office/stock';
export * from './schema/modules/static-pages';
export * from './schema/modules/cart';
export * from './schema/modules/loyalty';
export * from './schema/modules/members';
export * from './schema/modules/orders';
export * from './schema/modules/payments';
export * from './schema/modules/order-history';
export * from './schema/modules/returns';
export * from './schema/modules/warranty';
export * from './schema/modules/wishlist';
export * from './schema/modules/part-requests';
export * from './schema/modules/product-forms';
export * from './schema/modules/jobs';
export * from './schema/modules/articles';
export * from './schema/modules/back-office/flags';
export * from './schema/modules/back-office/staff';
export * from './schema/modules/saved-searches';
export * from './schema/modules/garage';
export * from './schema/modules/alerts';
export * from './schema/modules/push';
export * from './schema/modules/reviews';
export * from './schema/plugins';
export * from './schema/http';
export * from './schema/integrations/mail';
export * from './schema/integrations/bot-check';
export * from './schema/integrations/payments';
