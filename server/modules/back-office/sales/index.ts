// The back office's sales module as other modules see it: its routes (orders, returns, part
// requests under /web-api/admin), the reconciler that completes refunds left pending (a timer
// registered with the app).
export { refundReconciler } from './refund-reconciler';
export { backOfficeSalesRoutes } from './routes';
