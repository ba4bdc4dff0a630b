/**
 * Payment calls (SPEC §2 payment panel, §7 payments, orders/invoice, member-cards; issue 14).
 *
 * `order_id` in a body is the order's hash (its reference in links), never the sequential id.
 * Every call about an order answers only its owner (the member, or the guest session that placed
 * it): anyone else gets 404, as if the order did not exist. An order already paid answers 409.
 *
 * Two providers, each either real or the embedded sandbox (the default, with no keys):
 * - card (Stripe): create-payment-intent gives the client secret; the browser confirms it with
 *   Stripe.js (Payment Element) or, on the sandbox, with the sandbox card calls below; then it asks
 *   POST /payments/stripe/confirm, which reads the intent's state from the provider and records
 *   the payment if it succeeded. The provider's webhook records it too; whichever comes first
 *   pays the order, the other finds it paid.
 * - PayPal: create-order gives PayPal's order id to the buttons; after approval capture/{orderID}
 *   captures it and answers PayPal's own shape (§7), failures included (§5 rules: a `details`
 *   list, or no `purchase_units`).
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { fieldErrorsSchema, success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

const orderHash = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, 'Not an order reference.')));

/** Which payment methods the shop offers now, and how the browser reaches each provider. */
export const paymentMethodsSchema = lazySchema(() => z.object({
  /** null when the payments.stripe flag is off. */
  card: z.nullable(
    z.object({
      /** 'stripe': Stripe's Payment Element with `publishable_key`; 'sandbox': the shop's own card form. */
      mode: z.enum(['stripe', 'sandbox']),
      publishable_key: z.nullable(z.string()),
    }),
  ),
  /** null when the payments.paypal flag is off. */
  paypal: z.nullable(
    z.object({
      /** 'paypal': PayPal's JS SDK buttons with `client_id`; 'sandbox': the shop's own PayPal stand-in. */
      mode: z.enum(['paypal', 'sandbox']),
      client_id: z.nullable(z.string()),
      currency: z.literal('GBP'),
    }),
  ),
}));
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** GET /payments/methods.json — the payment panel's configuration (no personal data). */
export const getPaymentMethods = defineCall({
  method: 'GET',
  path: '/payments/methods.json',
  summary: 'Payment methods on offer and how to reach their providers',
  response: lazySchema(() => success({ methods: paymentMethodsSchema })),
});

/**
 * POST /payments/stripe/create-payment-intent — a PaymentIntent for the order's to_pay (pence,
 * computed by the server, gbp). Re-checks the order's parts first: if its hold ran out and a part
 * went meanwhile, 409 naming the part and nothing is charged; otherwise the parts are reserved
 * again. `save_card` (members only) keeps the card for next time; `member_card_id` pays with a
 * saved card at once (the answer's status is then 'succeeded', or 'requires_action' for 3-D Secure).
 * `data.cs` is the client secret; `data.cs_session` the intent's id. 404 for someone else's order,
 * 409 for a paid one (SPEC §5: only an existing order with to_pay above 0).
 */
export const createPaymentIntent = defineCall({
  method: 'POST',
  path: '/payments/stripe/create-payment-intent',
  summary: 'Start a card payment for an order',
  body: lazySchema(() => z.object({
    order_id: orderHash,
    save_card: z.optional(z.boolean()),
    member_card_id: z.optional(z.int()),
  })),
  response: lazySchema(() => success({
    msg: z.string(),
    data: z.object({
      cs: z.string(),
      cs_session: z.string(),
      status: z.string(),
      amount: z.int(),
      currency: z.literal('gbp'),
    }),
  })),
});

/** The transaction line of SPEC §8 ('Transaction {status}, transaction ID: {id}') and where to go. */
export const paidAnswerShape = {
  msg: z.string(),
  paid: z.boolean(),
  transaction: z.nullable(z.object({ status: z.string(), id: z.string() })),
  /** '/order-paid?hash=…' once paid. */
  redirect: z.nullable(z.string()),
};

/**
 * POST /payments/stripe/confirm — after Stripe.js (or the sandbox form) finished: the server asks
 * the provider for the intent's current state and records the payment if it succeeded. Answers
 * paid true with the transaction; paid false with `msg` the provider's reason (e.g. declined) when
 * it failed, or a still-pending note. Calling it any number of times pays the order once.
 */
export const confirmCardPayment = defineCall({
  method: 'POST',
  path: '/payments/stripe/confirm',
  summary: 'Check a card payment with the provider and record it',
  body: lazySchema(() => z.object({ order_id: orderHash, payment_intent: z.string().check(z.maxLength(255, 'Too long.')) })),
  response: lazySchema(() => success(paidAnswerShape)),
});

/**
 * POST /payments/paypal/create-order — a PayPal order (Orders v2, intent CAPTURE) for the order's
 * to_pay in GBP. Answers PayPal's order `id`; a failure is the envelope's `msg` (§8 'Could not
 * initiate PayPal Checkout...'). Same ownership, paid and parts rules as create-payment-intent.
 */
export const createPaypalOrder = defineCall({
  method: 'POST',
  path: '/payments/paypal/create-order',
  summary: 'Start a PayPal payment for an order',
  body: lazySchema(() => z.object({ order_id: orderHash })),
  response: lazySchema(() => success({ id: z.string() })),
});

export const paypalCaptureSchema = lazySchema(() => z.object({
  status: z.string(),
  id: z.string(),
}));

/** A PayPal refusal (422): what §5's capture rules read. */
export const paypalFailureSchema = lazySchema(() => z.object({
  success: z.literal(false),
  msg: z.string(),
  errors: z.optional(fieldErrorsSchema),
  details: z.optional(z.array(z.object({ issue: z.string(), description: z.string() }))),
  debug_id: z.optional(z.string()),
}));
export type PaypalFailure = z.infer<typeof paypalFailureSchema>;

/**
 * POST /payments/paypal/capture/{orderID} — captures an approved PayPal order and records the
 * payment. Answers PayPal's shape (§7): `purchase_units[0].payments.captures[0]` {status, id}.
 * A refusal from PayPal answers 422 with `details` (issue, description) and `debug_id`, or only
 * `msg`; INSTRUMENT_DECLINED in `details` tells the buttons to restart (§5).
 */
export const capturePaypalOrder = defineCall({
  method: 'POST',
  path: '/payments/paypal/capture/:orderID',
  summary: 'Capture an approved PayPal order',
  failure: paypalFailureSchema,
  params: lazySchema(() => z.object({ orderID: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Not a PayPal order id.')) })),
  response: lazySchema(() => success({
    ...paidAnswerShape,
    id: z.string(),
    status: z.string(),
    purchase_units: z.array(
      z.object({
        payments: z.object({
          captures: z.optional(z.array(paypalCaptureSchema)),
          authorizations: z.optional(z.array(paypalCaptureSchema)),
        }),
      }),
    ),
  })),
});

/** SPEC §3 Member card. */
export const memberCardSchema = lazySchema(() => z.object({
  id: z.int(),
  brand: z.string(),
  /** The last four digits. */
  card: z.string(),
  exp_month: z.int(),
  exp_year: z.int(),
  is_default: z.boolean(),
  member: z.object({ full_name: z.string() }),
}));
export type MemberCard = z.infer<typeof memberCardSchema>;

/** GET /member-cards/getList.json — the signed-in member's own saved cards (401 signed out). */
export const getMemberCards = defineCall({
  method: 'GET',
  path: '/member-cards/getList.json',
  summary: "The member's saved cards",
  response: lazySchema(() => success({ records: z.array(memberCardSchema) })),
});

/** DELETE /member-cards/delete/{id} — removes one of the member's own cards (another's: 404). */
export const deleteMemberCard = defineCall({
  method: 'DELETE',
  path: '/member-cards/delete/:id',
  summary: 'Remove a saved card',
  params: lazySchema(() => z.object({ id: z.coerce.number().check(z.int(), z.positive()) })),
  response: lazySchema(() => success({ msg: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// The embedded sandbox: what Stripe.js and PayPal's popup do against the providers, done against
// the shop's own sandbox. Answer 404 when the real provider is configured.

/** What a sandbox card confirmation leads to, in Stripe's PaymentIntent statuses. */
export const sandboxIntentAnswer = lazySchema(() => success({
  status: z.enum(['succeeded', 'requires_action', 'requires_payment_method', 'processing', 'canceled']),
  /** Stripe's error for a refused card: code (card_declined, insufficient_funds, …) and message. */
  error: z.nullable(z.object({ code: z.string(), decline_code: z.nullable(z.string()), message: z.string() })),
}));

/**
 * POST /payments/sandbox/card/confirm — confirms a sandbox PaymentIntent with a card, as Stripe's
 * confirmCardPayment does. Stripe's test numbers behave as Stripe's: 4242 4242 4242 4242 succeeds,
 * 4000 0027 6000 3184 asks for 3-D Secure (status requires_action), 4000 0000 0000 0002 is
 * declined, 4000 0000 0000 9995 has insufficient funds; any other number is refused as a real
 * card in test mode (card_declined / live_mode_test_card, Stripe's wording). Refusals answer 200
 * with status requires_payment_method and Stripe's `error` {code, decline_code, message}.
 * Details the card form would refuse (src/domain/card-form.ts rules and texts) answer 422 with
 * `errors` under the request's own field: card_number, exp_month (a month that is not 1-12),
 * exp_year (an expiry in the past), cvc, name. An intent that cannot be confirmed now (already
 * succeeded) answers 409 with Stripe's payment_intent_unexpected_state message; an unknown
 * client secret 404.
 */
export const confirmSandboxCard = defineCall({
  method: 'POST',
  path: '/payments/sandbox/card/confirm',
  summary: 'Sandbox: confirm a card payment',
  body: lazySchema(() => z.object({
    client_secret: z.string().check(z.maxLength(255, 'Too long.')),
    card_number: z.string().check(z.maxLength(32, 'Too long.')),
    exp_month: z.int(),
    exp_year: z.int(),
    cvc: z.string().check(z.maxLength(4, 'Too long.')),
    name: z.string().check(z.maxLength(100, 'Too long.')),
  })),
  response: sandboxIntentAnswer,
});

/** POST /payments/sandbox/card/authenticate — the 3-D Secure challenge's answer. */
export const authenticateSandboxCard = defineCall({
  method: 'POST',
  path: '/payments/sandbox/card/authenticate',
  summary: 'Sandbox: complete or fail 3-D Secure',
  body: lazySchema(() => z.object({ client_secret: z.string().check(z.maxLength(255, 'Too long.')), outcome: z.enum(['complete', 'fail']) })),
  response: sandboxIntentAnswer,
});

/**
 * POST /payments/sandbox/paypal/approve/{orderID} — the sandbox buyer's choice in PayPal's popup:
 * approve, or approve paying with an instrument that PayPal will decline at capture.
 */
export const approveSandboxPaypal = defineCall({
  method: 'POST',
  path: '/payments/sandbox/paypal/approve/:orderID',
  summary: 'Sandbox: the buyer approves a PayPal order',
  params: lazySchema(() => z.object({ orderID: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Not a PayPal order id.')) })),
  body: lazySchema(() => z.object({ choice: z.enum(['approve', 'instrument_declined']) })),
  response: lazySchema(() => success({ status: z.string() })),
});

/** GET /orders/invoice/{hash} answers a PDF (content-disposition invoice-{number}.pdf), not JSON. */
export const invoicePath = (hash: string) => `/orders/invoice/${encodeURIComponent(hash)}`;
export const orderPaidPath = (hash: string) => `/order-paid?hash=${encodeURIComponent(hash)}`;
export const payNowPath = (hash: string) => `/payments/pay-now/${encodeURIComponent(hash)}`;
