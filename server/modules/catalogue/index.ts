// The catalogue module as other modules see it: its routes (the searches, listings and product
// pages of SPEC §7, public and kept by stock version), and the stock search of issue 17 (saved
// searches, the garage and alerts resolve, count and match through it); and the parts' writes
// other modules make in their own transactions: a part's sale status (orders, cart holds) and the
// back office's stock editing.
export { catalogueRoutes, type CatalogueRoutesOptions } from './routes';
export { createStockSearch, type PartSearchQuery, type StockSearch } from './stock-match';
export { searchIdKeyOf } from './search-id';
export { stockChangedHere } from './answer-cache';
export { productPagesChanged } from './shown-changed';
export { createPartStatus, type PartStatus } from './part-status';
export { createPartEditing, type PartEditing, type PartInsert } from './part-editing';
