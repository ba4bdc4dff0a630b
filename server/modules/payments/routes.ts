/**
 * The payment calls of src/contract/payments.ts and the providers' two webhooks. Thin: the session
 * and the shopper, then the service. The webhooks read the raw body (signatures are over the exact
 * bytes), are exempt from CSRF and from the session (a provider has neither), and are the only
 * routes that are.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  approveSandboxPaypal,
  authenticateSandboxCard,
  capturePaypalOrder,
  confirmCardPayment,
  confirmSandboxCard,
  createPaymentIntent,
  createPaypalOrder,
  deleteMemberCard,
  getMemberCards,
  getPaymentMethods,
} from '../../../src/contract/payments';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { type CardGateway, type PaymentEvent, type PaypalGateway, WebhookVerificationError } from '../../integrations/payments';
import { readingSession, writingSession } from '../../plugins/session';
import { shopperOf } from '../cart/index';
import { createPaymentService, PaypalCaptureRefused } from './service';
import { RetryLater } from './settlement';

export interface PaymentRoutesOptions {
  db: Database;
  config: Config;
  card: CardGateway;
  paypal: PaypalGateway;
}

export async function paymentRoutes(api: FastifyInstance, { db, config, card, paypal }: PaymentRoutesOptions): Promise<void> {
  const service = createPaymentService({ db, card, paypal, config, now: api.clock });

  registerCall(api, getPaymentMethods, async () => ({ success: true as const, methods: service.methods() }), { session: false });

  registerCall(api, createPaymentIntent, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.createPaymentIntent(shopperOf(session), request.body, request.log)) };
  });

  registerCall(api, confirmCardPayment, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.confirmCardPayment(shopperOf(session), request.body, request.log)) };
  });

  registerCall(api, createPaypalOrder, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.createPaypalOrder(shopperOf(session), request.body)) };
  });

  registerCall(api, capturePaypalOrder, async (request, reply) => {
    const session = await writingSession(request);
    try {
      return { success: true as const, ...(await service.capturePaypalOrder(shopperOf(session), request.params.orderID, request.log)) };
    } catch (error) {
      if (!(error instanceof PaypalCaptureRefused)) throw error;
      // PayPal's own failure shape (§5): the buttons read `details` and `debug_id`.
      return reply.code(422).send({ success: false, msg: error.message, ...(error.details ? { details: error.details } : {}), ...(error.debugId ? { debug_id: error.debugId } : {}) }) as never;
    }
  });

  registerCall(api, getMemberCards, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await readingSession(request, reply);
    return { success: true as const, records: await service.memberCards(shopperOf(session)) };
  });

  registerCall(api, deleteMemberCard, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.deleteMemberCard(shopperOf(session), request.params.id)) };
  });

  // The sandbox's browser-facing calls exist only while a sandbox stands in for the provider.
  if (card.mode === 'sandbox') {
    registerCall(api, confirmSandboxCard, async (request) => ({ success: true as const, ...(await service.confirmSandboxCard(request.body)) }));
    registerCall(api, authenticateSandboxCard, async (request) => ({ success: true as const, ...(await service.authenticateSandboxCard(request.body)) }));
  }
  if (paypal.mode === 'sandbox') {
    registerCall(api, approveSandboxPaypal, async (request) => ({ success: true as const, ...(await service.approveSandboxPaypal(request.params.orderID, request.body.choice)) }));
  }

  await api.register(async (webhooks) => {
    // Only in this scope: JSON bodies stay the exact bytes the provider signed.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const receive = (parse: (raw: Buffer, headers: Record<string, string | string[] | undefined>, at: Date) => Promise<PaymentEvent>) =>
      async (request: { body: unknown; headers: Record<string, string | string[] | undefined>; log: FastifyInstance['log'] }, reply: FastifyReply) => {
        reply.header('cache-control', 'no-store');
        if (!Buffer.isBuffer(request.body)) return reply.code(400).send({ success: false, msg: t('payment.webhook_invalid') });
        let event: PaymentEvent;
        try {
          event = await parse(request.body, request.headers, webhooks.clock());
        } catch (error) {
          if (!(error instanceof WebhookVerificationError) && !(error instanceof SyntaxError)) throw error;
          request.log.warn({ reason: error.message }, 'payment webhook refused');
          return reply.code(400).send({ success: false, msg: t('payment.webhook_invalid') });
        }
        try {
          const outcome = await service.handleEvent(event, request.log);
          return reply.send({ success: true, outcome });
        } catch (error) {
          if (!(error instanceof RetryLater)) throw error;
          request.log.warn({ reason: error.message }, 'payment webhook to be sent again');
          return reply.code(409).send({ success: false, msg: t('payment.webhook_retry') });
        }
      };

    const exempt = { csrf: false, session: false } as const;
    webhooks.post('/payments/stripe/webhook', { config: exempt, schema: { hide: true } }, receive((raw, headers, at) => card.parseWebhook(raw, headers, at)));
    webhooks.post('/payments/paypal/webhook', { config: exempt, schema: { hide: true } }, receive((raw, headers, at) => paypal.parseWebhook(raw, headers, at)));
  });
}
