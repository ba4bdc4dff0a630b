// The catalogue module as other modules see it: its routes (the searches, listings and product
// pages of SPEC §7, public and kept by stock version), and the stock search of issue 17 (saved
// searches, the garage and alerts resolve, count and match through it); and a part's sale status,
// which orders and the cart's holds move in their own transactions.
export { catalogueRoutes, type CatalogueRoutesOptions } from './routes';
export { createStockSearch, type PartSearchQuery, type StockSearch } from './stock-match';
export { searchIdKeyOf } from './search-id';
export { stockChangedHere } from './answer-cache';
export { productPagesChanged } from './shown-changed';
export { createPartStatus, type PartStatus } from './part-status';
