/**
 * PayPal's webhook bodies as the shop reads them (shared by the PayPal adapter and the sandbox,
 * which sends PayPal-shaped events). Amounts arrive as decimal strings ('12.34') and become pence.
 */
import type { PaymentEvent } from './port';

/** '12.34' → 1234; anything that is not a plain decimal amount is NaN, so a comparison fails. */
export function penceOf(value: string | undefined): number {
  if (!value || !/^\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1234 → '12.34', as PayPal wants amounts. */
export const decimalOf = (pence: number): string => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

interface PaypalMoney {
  value?: string;
  currency_code?: string;
}

export interface PaypalWebhookBody {
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: PaypalMoney;
    custom_id?: string;
    status_details?: { reason?: string };
    seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
    links?: { href: string; rel: string }[];
  };
}

/** The capture a refund belongs to: its 'up' link ends in /captures/{id}. */
function capturedOf(links: { href: string; rel: string }[] | undefined): string {
  const up = links?.find((link) => link.rel === 'up')?.href ?? '';
  return /\/captures\/([^/?#]+)/.exec(up)?.[1] ?? '';
}

/**
 * What a (verified) PayPal event means to the shop: PAYMENT.CAPTURE.COMPLETED pays (reference: the
 * capture id), DENIED fails, REFUNDED refunds (the total refunded so far when PayPal gives it, else
 * this refund's amount). Anything else is ignored.
 */
export function paymentEventOfPaypal(body: PaypalWebhookBody): PaymentEvent {
  const provider = 'paypal' as const;
  const resource = body.resource ?? {};
  const orderHash = resource.custom_id ?? null;
  switch (body.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return {
        kind: 'payment_succeeded',
        eventId: body.id,
        provider,
        reference: resource.id ?? '',
        orderHash,
        amount: penceOf(resource.amount?.value),
        currency: resource.amount?.currency_code ?? '',
        method: 'PAYPAL',
        card: null,
      };
    case 'PAYMENT.CAPTURE.DENIED':
      return { kind: 'payment_failed', eventId: body.id, provider, reference: resource.id ?? '', orderHash, reason: resource.status_details?.reason ?? 'DENIED' };
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const total = resource.seller_payable_breakdown?.total_refunded_amount ?? resource.amount;
      return { kind: 'refunded', eventId: body.id, provider, reference: capturedOf(resource.links), orderHash, amountRefunded: penceOf(total?.value), currency: total?.currency_code ?? '' };
    }
    default:
      return { kind: 'ignored', eventId: body.id, provider, type: body.event_type };
  }
}
