/**
 * The payment providers the shop uses, chosen by configuration (issue 14): each is the embedded
 * sandbox unless its keys are set, then the real adapter on the provider's SDK (stripe/, paypal/).
 * A provider's SDK is loaded only when its adapter is chosen: PayPal's alone is about 19 MB resident
 * (docs/performance.md), which a shop on the sandbox, or on Stripe only, need not carry.
 */
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { CardGateway, PaypalGateway } from './port';
import { createSandboxCardGateway, type SandboxCardGateway } from './sandbox/card';
import { createSandboxPaypalGateway, type SandboxPaypalGateway } from './sandbox/paypal';

export * from './port';
export { WEBHOOK_PATHS, sandboxWebhookDelivery } from './sandbox/delivery';
export { sandboxRefundsPage } from './sandbox/refunds-page';
export type { SandboxCardGateway } from './sandbox/card';
export type { SandboxPaypalGateway } from './sandbox/paypal';

export interface GatewayDeps {
  db: Database;
  /** The shop's clock (app.clock): the sandbox's timestamps and webhook times. */
  clock: () => Date;
  /** config.payments.sandboxSecret: signs and checks the sandbox's webhooks. */
  sandboxSecret: string;
}

/** `timeoutMs`: PAYMENT_TIMEOUT_MS, the limit of each call to the provider, retries included. */
export async function createCardGateway(config: Config['payments']['stripe'], deps: GatewayDeps & { timeoutMs: number }): Promise<CardGateway> {
  if (config.adapter === 'sandbox') return createSandboxCardGateway(deps);
  const { createStripeGateway } = await import('./stripe/stripe-gateway');
  return createStripeGateway({ secretKey: config.secretKey, publishableKey: config.publishableKey, webhookSecret: config.webhookSecret, apiUrl: config.apiUrl, timeoutMs: deps.timeoutMs });
}

export async function createPaypalGateway(config: Config['payments']['paypal'], deps: GatewayDeps & { timeoutMs: number }): Promise<PaypalGateway> {
  if (config.adapter === 'sandbox') return createSandboxPaypalGateway(deps);
  const { createPaypalGateway: createPaypalOrdersGateway } = await import('./paypal/paypal-gateway');
  return createPaypalOrdersGateway({ clientId: config.clientId, clientSecret: config.clientSecret, webhookId: config.webhookId, environment: config.environment, timeoutMs: deps.timeoutMs });
}

/** The sandbox's browser-facing calls exist only while the sandbox stands in for the provider. */
export const isSandboxCard = (gateway: CardGateway): gateway is SandboxCardGateway => gateway.mode === 'sandbox';
export const isSandboxPaypal = (gateway: PaypalGateway): gateway is SandboxPaypalGateway => gateway.mode === 'sandbox';
