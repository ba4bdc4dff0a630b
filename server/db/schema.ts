/**
 * The database schema, one definition for both drivers (PGlite and node-postgres). drizzle-kit
 * generates server/db/migrations from this file: change it, then run `npm run db:generate`.
 */

/** SPEC §3 package types, one list for the schema, the API contract and the cart (src/domain). */
export { PACKAGE_TYPES, type PackageType } from '../../src/domain/cart-totals';
export * from './core-schema';
export * from './catalogue-schema';
export * from './requests-schema';
export * from './product-forms-schema';
export * from './checkout-schema';
export * from './payments-schema';
export * from './accounts-schema';
export * from './trade-schema';
export * from './content-schema';
export * from './staff-schema';
export * from './flags-schema';
export * from './stock-schema';
export * from './sales-schema';
export * from './article-pictures-schema';
