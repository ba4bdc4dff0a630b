// The product forms module as other modules see it: its routes and the back-in-stock run that
// whoever puts parts back on sale calls.
export { backInStockRounds, runBackInStock, type BackInStockOptions } from './back-in-stock';
export { enquiryRoutes, productNotificationRoutes } from './routes';
