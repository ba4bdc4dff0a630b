/**
 * A guest's purchase over HTTP, step by step, as the storefront makes it (the API tests' calls in
 * server/test/checkout.ts and payments.ts): a ready cart, create-order, a card payment through the
 * embedded sandbox (create-payment-intent, the sandbox's card form, the shop's confirm). Each step
 * records what the shop acknowledged, so a test that breaks the shop in the middle can check that
 * every acknowledged step is still done afterwards, and then retry what was cut off as the person
 * would until the purchase is complete.
 */
import { httpShopper, guestForm, SANDBOX_CARD, type HttpShopper, type ShopAddress } from './shopper';
import type { Answer } from './load';

export interface Purchase {
  email: string;
  tag: string;
  shopper: HttpShopper;
  /** The order's hash once create-order answered 200. */
  orderHash?: string;
  /** The intent once create-payment-intent answered 200. */
  intent?: { cs: string; cs_session: string };
  cardConfirmed: boolean;
  /** True once the shop's confirm answered paid: true. */
  paidAcknowledged: boolean;
  /** Every answer of every step, for counts and messages. */
  answers: Answer[];
}

/** A shopper with a cart ready for create-order: the part, England and Wales (Leeds), the courier, a guest's addresses. */
export async function readyPurchase(shop: ShopAddress, tag: string, email: string, opening?: { opening: string }): Promise<Purchase> {
  const shopper = await httpShopper(shop, opening);
  await readyCart(shopper, tag, email);
  return { email, tag, shopper, cardConfirmed: false, paidAcknowledged: false, answers: [] };
}

/** Makes this shopper's cart ready for create-order, as readyPurchase does (a member's too, after registering). */
export async function readyCart(shopper: HttpShopper, tag: string, email: string): Promise<void> {
  const steps: [method: 'POST' | 'PATCH', path: string, body: unknown][] = [
    ['POST', '/carts/add-item', { product: { tag } }],
    ['PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }],
    ['POST', '/carts/update-shipping', guestForm(email)],
  ];
  for (const [method, path, body] of steps) {
    const answer = await shopper.call(method, path, body);
    if (answer.status !== 200) throw new Error(`${method} ${path} for ${tag} answered ${answer.status}: ${answer.error ?? answer.body.slice(0, 300)}`);
  }
}

/**
 * Runs the purchase's next steps until it is paid or a step does not succeed (the shop is down,
 * or answered an error): the person would see an error and try again later. Answers whether it is
 * complete. `hangMs` bounds each call.
 */
export async function advancePurchase(purchase: Purchase, hangMs = 15_000): Promise<boolean> {
  const { shopper } = purchase;
  const step = async (method: 'POST' | 'PATCH', path: string, body?: unknown) => {
    const answer = await shopper.call(method, path, body, { hangMs });
    purchase.answers.push(answer);
    if (answer.status !== 200) return undefined;
    return JSON.parse(answer.body) as Record<string, unknown>;
  };
  if (!purchase.orderHash) {
    const created = await step('PATCH', '/carts/create-order');
    const order = created?.order as { hash?: string } | undefined;
    if (!order?.hash) return false;
    purchase.orderHash = order.hash;
  }
  if (purchase.paidAcknowledged) return true;
  if (!purchase.intent) {
    const started = await step('POST', '/payments/stripe/create-payment-intent', { order_id: purchase.orderHash });
    const data = started?.data as { cs?: string; cs_session?: string } | undefined;
    if (!data?.cs || !data.cs_session) return false;
    purchase.intent = { cs: data.cs, cs_session: data.cs_session };
  }
  if (!purchase.cardConfirmed) {
    // The sandbox's card form. Its answer may have been cut off after the card went through: the
    // repeat then refuses (the intent succeeded already), and the shop's confirm below finds it paid.
    const confirmed = await step('POST', '/payments/sandbox/card/confirm', { client_secret: purchase.intent.cs, ...SANDBOX_CARD });
    const last = purchase.answers.at(-1);
    if (!confirmed && (!last || last.status <= 0 || last.status >= 500)) return false;
    purchase.cardConfirmed = confirmed !== undefined;
  }
  const paid = await step('POST', '/payments/stripe/confirm', { order_id: purchase.orderHash, payment_intent: purchase.intent.cs_session });
  // An order paid already (by this confirm's cut-off twin, or the webhook) answers 409 (SPEC §5).
  if (paid?.paid !== true && purchase.answers.at(-1)?.status !== 409) return false;
  purchase.paidAcknowledged = true;
  return true;
}

