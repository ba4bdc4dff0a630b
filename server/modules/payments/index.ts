// The payments module as other modules and the app see it: its routes (the payment calls, the
// sandbox's browser calls and the providers' webhooks) and the gateways they are given.
export { paymentRoutes, type PaymentRoutesOptions } from './routes';
export { settlePayment, type SettleOutcome } from './settlement';
export { createRefundService, type RefundService } from './refund-service';
