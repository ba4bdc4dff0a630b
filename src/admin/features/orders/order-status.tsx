import { ORDER_STATUS } from '../../../domain/orders';
import { type BadgeTone, StatusBadge } from '../../ui';

/** The badge's tone says how far along the order is; its words say which status. */
const TONES: Record<number, BadgeTone> = {
  [ORDER_STATUS.NOT_PAID]: 'warning',
  [ORDER_STATUS.PAID]: 'info',
  [ORDER_STATUS.PICKED]: 'info',
  [ORDER_STATUS.DISPATCHED]: 'info',
  [ORDER_STATUS.DELIVERED]: 'success',
  [ORDER_STATUS.REFUNDED]: 'neutral',
  [ORDER_STATUS.CANCELLED]: 'neutral',
};

export function OrderStatus({ id, name }: { id: number; name: string }) {
  return <StatusBadge tone={TONES[id] ?? 'neutral'}>{name}</StatusBadge>;
}

/** SPEC §9 payment methods in words. */
export const PAYMENT_LABELS: Record<string, string> = {
  STRIPE_CARD: 'Card',
  STRIPE_GOOGLE_PAY: 'Google Pay',
  STRIPE_APPLE_PAY: 'Apple Pay',
  PAYPAL: 'PayPal',
};
