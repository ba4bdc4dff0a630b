// The catalogue module as other modules see it: its routes (the searches, listings and product
// pages of SPEC §7, public and kept by stock version).
export { catalogueRoutes, type CatalogueRoutesOptions } from './routes';
