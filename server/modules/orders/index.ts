// The orders module as other modules see it: its routes, the timer that releases held parts, and
// what paying does to an order (payments module, issue 14).
export { orderHoldRelease } from './hold-release';
export { holdOrderPartsForPayment, type PartsCheck } from './payment-hold';
export { createOrderPaymentAccess, type OrderPaymentAccess, type OrderRow } from './payment-repository';
export { orderRoutes } from './routes';
export { releaseExpiredHolds } from './service';
