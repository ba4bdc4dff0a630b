/**
 * A local stand-in for Stripe's HTTP API (v1), for tests of the Stripe adapter: the official SDK is
 * pointed at it with its host/port/protocol options (stripe-mock is a Go binary and not available
 * here). It answers the calls the shop makes as Stripe does — form-encoded bodies in bracket
 * notation, the Bearer secret key (401 otherwise), Idempotency-Key replays (and 400
 * idempotency_error for the same key with other parameters), PaymentIntents with Stripe's test
 * payment methods (pm_card_visa succeeds, pm_card_chargeDeclined is declined with 402,
 * pm_card_authenticationRequired asks for 3-D Secure), expand[]=payment_method, Customers and
 * detaching a saved card — and keeps every request it received so a test can see what was sent.
 * Test helpers do what the browser and Stripe.js would (confirm with a card, pass or fail the
 * challenge) and build the events Stripe would send, and a switch makes it fail (500, 429 or a
 * dropped connection) or hold its answers (a slow Stripe) until the test lets them go.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_shop_secret_key';
/** The API version the fake writes into its events (the SDK's own requests carry theirs). */
export const FAKE_STRIPE_EVENT_API_VERSION = '2026-10-28.endive';

export interface FakeStripeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  wallet: { type: string } | null;
}

/** What happens when a card is confirmed, as with Stripe's test cards. */
export type FakeCardBehaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate';

export interface FakeTestPaymentMethod {
  card: FakeStripeCard;
  behaviour: FakeCardBehaviour;
}

/**
 * Stripe's test payment methods (docs.stripe.com/testing): each confirm with one of these makes a
 * new pm_… with its card, as Stripe does, so a saved card has an id of its own.
 */
export const FAKE_STRIPE_TEST_PAYMENT_METHODS: Record<string, FakeTestPaymentMethod> = {
  pm_card_visa: { card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, wallet: null }, behaviour: 'succeed' },
  pm_card_mastercard: { card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034, wallet: null }, behaviour: 'succeed' },
  pm_card_chargeDeclined: { card: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034, wallet: null }, behaviour: 'decline' },
  pm_card_chargeDeclinedInsufficientFunds: { card: { brand: 'visa', last4: '9995', exp_month: 12, exp_year: 2034, wallet: null }, behaviour: 'insufficient_funds' },
  pm_card_authenticationRequired: { card: { brand: 'visa', last4: '3155', exp_month: 12, exp_year: 2034, wallet: null }, behaviour: 'authenticate' },
};

export interface FakeStripeRequest {
  method: string;
  /** Without the query. */
  path: string;
  query: Record<string, unknown>;
  /** Lower-case names, as node reads them. */
  headers: IncomingHttpHeaders;
  /** The form body read with Stripe's bracket notation: metadata[order_hash] → { metadata: { order_hash } }. */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  /** How the fake answered: the status, and whether it replayed a saved idempotent answer. */
  answer: { status: number; replayed: boolean } | null;
}

/** The fake's outage switch: a 500, a rate limit (429) or a connection dropped before any answer. */
export type FakeStripeOutage = 'error' | 'rate_limit' | 'drop' | null;

export interface FakeStripeOptions {
  secretKey?: string;
  /** More test payment methods beside Stripe's, e.g. a Google Pay card. */
  paymentMethods?: Record<string, FakeTestPaymentMethod>;
  /** Unix seconds for `created`; the fake never reads the real clock for what a test compares. */
  now?: () => number;
}

type Json = Record<string, unknown>;

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  created: number;
  livemode: false;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: Json | null;
  next_action: Json | null;
  latest_charge: string | null;
}

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: FakeStripeCard & { country: string; funding: string };
  customer: string | null;
  billing_details: Json;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
  livemode: false;
}

export interface FakeStripe {
  host: string;
  port: number;
  /** http://127.0.0.1:port, as STRIPE_API_URL would name it. */
  url: URL;
  /** Every request received, in order. */
  requests: FakeStripeRequest[];
  setOutage(outage: FakeStripeOutage): void;
  /**
   * A slow Stripe: requests received from now on are kept unanswered (recorded, not yet run) until
   * the returned function is called; then they run in the order they came.
   */
  hold(): () => void;
  /** The intent as GET /v1/payment_intents/:id answers it unexpanded (as events carry it). */
  intent(id: string): Json;
  paymentMethod(id: string): Json;
  customer(id: string): Json;
  /** As the browser with Stripe.js: confirm the intent with a card; a decline leaves it payable again. */
  confirmInBrowser(intentId: string, paymentMethodId: string): Json;
  /** As the customer in the 3-D Secure challenge of an intent that requires_action. */
  authenticate(intentId: string, passed: boolean): Json;
  /** Refund (part of) a succeeded intent's charge; answers the charge as charge.refunded carries it. */
  refund(intentId: string, amount?: number): Json;
  /** Every refund made through POST /v1/refunds, in order. */
  refunds: Json[];
  /** The event Stripe would send about an object, e.g. event('payment_intent.succeeded', fake.intent(id)). */
  event(type: string, object: Json): Json;
  close(): Promise<void>;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, extra: Json = {}) => new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param: string) => new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });

/** Bracket notation (a[b][c]=v, a[0]=v, a[]=v) into nested objects; index-only keys become arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = (key.match(/^[^[\]]+|\[[^[\]]*\]/g) ?? [key]).map((segment) => (segment.startsWith('[') ? segment.slice(1, -1) : segment));
    let node: Json = root;
    segments.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === segments.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      node = typeof next === 'object' && next !== null ? (next as Json) : (node[name] = {});
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysOf(inner)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

/** Stable text of parameters, so a replayed Idempotency-Key can be compared with its first use. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Json)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const PAYMENT_INTENT_PARAMS = new Set([
  'amount',
  'currency',
  'automatic_payment_methods',
  'metadata',
  'receipt_email',
  'description',
  'customer',
  'setup_future_usage',
  'payment_method',
  'confirm',
  'off_session',
  'return_url',
  'expand',
  'payment_method_types',
]);
const CUSTOMER_PARAMS = new Set(['email', 'name', 'metadata', 'description', 'phone', 'expand']);
const REFUND_PARAMS = new Set(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);

function checkParams(body: Json, known: Set<string>): void {
  for (const key of Object.keys(body)) if (!known.has(key)) throw invalid(`Received unknown parameter: ${key}`, { param: key });
}

function stringRecord(value: unknown, param: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`Invalid object`, { param });
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, String(inner)]));
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function expansions(query: Json, body: Json): string[] {
  const expand = body.expand ?? query.expand;
  return Array.isArray(expand) ? expand.map(String) : [];
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const now = options.now ?? (() => 1_767_225_600);
  const templates = { ...FAKE_STRIPE_TEST_PAYMENT_METHODS, ...options.paymentMethods };
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, Intent>();
  const methods = new Map<string, { method: PaymentMethod; behaviour: FakeCardBehaviour }>();
  const customers = new Map<string, Json>();
  const charges = new Map<string, Charge>();
  const refunds: Json[] = [];
  const idempotent = new Map<string, { request: string; status: number; body: Json }>();
  let outage: FakeStripeOutage = null;
  let held: Promise<void> | null = null;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String((counter += 1)).padStart(8, '0')}`;

  const methodJson = (id: string): PaymentMethod => {
    const found = methods.get(id);
    if (!found) throw missing('PaymentMethod', id, 'payment_method');
    return found.method;
  };

  function intentJson(intent: Intent, expand: string[] = []): Json {
    for (const field of expand) if (field !== 'payment_method' && field !== 'customer') throw invalid(`This property cannot be expanded (${field}).`);
    return {
      ...intent,
      payment_method: expand.includes('payment_method') && intent.payment_method ? methodJson(intent.payment_method) : intent.payment_method,
      customer: expand.includes('customer') && intent.customer ? customers.get(intent.customer) : intent.customer,
    };
  }

  function findIntent(id: string): Intent {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id, 'intent');
    return intent;
  }

  /** A test payment method makes a new pm_… (as Stripe's pm_card_* do); a minted one is used as it is. */
  function usePaymentMethod(id: string): { method: PaymentMethod; behaviour: FakeCardBehaviour } {
    const existing = methods.get(id);
    if (existing) return existing;
    const template = templates[id];
    if (!template) throw missing('PaymentMethod', id, 'payment_method');
    const method: PaymentMethod = {
      id: nextId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { ...template.card, country: 'GB', funding: 'credit' },
      customer: null,
      billing_details: { address: null, email: null, name: null, phone: null },
      created: now(),
      livemode: false,
      metadata: {},
    };
    const entry = { method, behaviour: template.behaviour };
    methods.set(method.id, entry);
    return entry;
  }

  function succeed(intent: Intent): void {
    const charge: Charge = {
      id: nextId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      payment_intent: intent.id,
      // A PaymentIntent's charge carries the intent's metadata.
      metadata: { ...intent.metadata },
      status: 'succeeded',
      created: now(),
      livemode: false,
    };
    charges.set(charge.id, charge);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null, next_action: null });
    // setup_future_usage with a customer attaches the card to the customer once the payment succeeds.
    const method = intent.payment_method ? methods.get(intent.payment_method)?.method : undefined;
    if (method && intent.setup_future_usage && intent.customer) method.customer = intent.customer;
  }

  /** The intent fails as Stripe's do: payable again, the error kept in last_payment_error. */
  function fail(intent: Intent, method: PaymentMethod, error: { code: string; decline_code?: string; message: string }): StripeFailure {
    const chargeId = nextId('ch');
    const lastError = { type: 'card_error', ...error, charge: chargeId, doc_url: `https://stripe.com/docs/error-codes/${error.code.replaceAll('_', '-')}`, payment_method: method };
    Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_payment_error: lastError, next_action: null });
    return new StripeFailure(402, { ...lastError, payment_intent: intentJson(intent) });
  }

  /** Confirms an intent with a card; a refusal answers the 402 Stripe would (the browser sees it as an error result). */
  function confirm(intent: Intent, paymentMethodId: string, offSession: boolean): StripeFailure | null {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, { code: 'payment_intent_unexpected_state' });
    }
    const { method, behaviour } = usePaymentMethod(paymentMethodId);
    if (method.customer && method.customer !== intent.customer) {
      throw invalid(`The provided PaymentMethod belongs to a different Customer. Pass the Customer it is attached to.`, { param: 'payment_method' });
    }
    intent.payment_method = method.id;
    if (behaviour === 'decline') return fail(intent, method, { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    if (behaviour === 'insufficient_funds') return fail(intent, method, { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    if (behaviour === 'authenticate') {
      if (offSession) return fail(intent, method, { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' });
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?intent=${intent.id}` } } });
      return null;
    }
    succeed(intent);
    return null;
  }

  function createIntent(body: Json): { status: number; body: Json } {
    checkParams(body, PAYMENT_INTENT_PARAMS);
    const amount = Number(body.amount);
    if (body.amount === undefined) throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    if (!Number.isInteger(amount) || amount < 30) throw invalid('Amount must be at least £0.30 gbp', { code: 'amount_too_small', param: 'amount' });
    const currency = text(body.currency);
    if (!currency) throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const automatic = body.automatic_payment_methods as Json | undefined;
    const customer = text(body.customer);
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    const setupFutureUsage = text(body.setup_future_usage);
    if (setupFutureUsage && setupFutureUsage !== 'off_session' && setupFutureUsage !== 'on_session') throw invalid('Invalid setup_future_usage', { param: 'setup_future_usage' });
    const id = nextId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${nextId('cs').slice(3)}`,
      created: now(),
      livemode: false,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true', ...(automatic.allow_redirects ? { allow_redirects: String(automatic.allow_redirects) } : {}) } : null,
      payment_method_types: ['card'],
      metadata: stringRecord(body.metadata, 'metadata'),
      description: text(body.description),
      receipt_email: text(body.receipt_email),
      customer,
      payment_method: null,
      setup_future_usage: setupFutureUsage,
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
    };
    const paymentMethod = text(body.payment_method);
    if (body.confirm === 'true') {
      if (!paymentMethod) throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", { code: 'payment_intent_unexpected_state' });
      // Stripe asks how a redirect would come back before it confirms on the server.
      if (intent.automatic_payment_methods?.enabled && intent.automatic_payment_methods.allow_redirects !== 'never' && !text(body.return_url)) {
        throw invalid(
          "A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
        );
      }
      // An unknown card is a 400 and makes no intent.
      if (!methods.has(paymentMethod) && !templates[paymentMethod]) throw missing('PaymentMethod', paymentMethod, 'payment_method');
      intents.set(id, intent);
      const refusal = confirm(intent, paymentMethod, body.off_session === 'true');
      if (refusal) return { status: refusal.status, body: { error: refusal.error } };
    } else {
      if (paymentMethod) {
        intent.payment_method = usePaymentMethod(paymentMethod).method.id;
        intent.status = 'requires_confirmation';
      }
      intents.set(id, intent);
    }
    return { status: 200, body: intentJson(intent, expansions({}, body)) };
  }

  function createCustomer(body: Json): { status: number; body: Json } {
    checkParams(body, CUSTOMER_PARAMS);
    const customer = { id: nextId('cus'), object: 'customer', email: text(body.email), name: text(body.name), description: text(body.description), metadata: stringRecord(body.metadata, 'metadata'), created: now(), livemode: false };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  function detach(id: string): { status: number; body: Json } {
    const method = methodJson(id);
    if (!method.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    method.customer = null;
    return { status: 200, body: { ...method } };
  }

  /** DELETE /v1/customers/{id}: the customer goes, and the cards saved on it are detached. */
  function deleteCustomer(id: string): { status: number; body: Json } {
    if (!customers.delete(id)) throw missing('customer', id, 'customer');
    for (const { method } of methods.values()) if (method.customer === id) method.customer = null;
    return { status: 200, body: { id, object: 'customer', deleted: true } };
  }

  /** Refunds (part of) a succeeded intent's charge; answers the charge after it. */
  function refundCharge(intentId: string, amount: number | undefined): Charge {
    const intent = findIntent(intentId);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    const refund = amount ?? charge.amount - charge.amount_refunded;
    if (refund <= 0 || charge.amount_refunded + refund > charge.amount) throw invalid('Refund amount is greater than unrefunded amount on charge', { code: 'amount_too_large', param: 'amount' });
    charge.amount_refunded += refund;
    charge.refunded = charge.amount_refunded === charge.amount;
    return charge;
  }

  /** POST /v1/refunds: a refund of a PaymentIntent's charge, as Stripe answers it. */
  function createRefund(body: Json): { status: number; body: Json } {
    checkParams(body, REFUND_PARAMS);
    const intentId = text(body.payment_intent);
    if (!intentId) throw invalid('Must provide either `payment_intent` or `charge`.', { param: 'payment_intent' });
    const amount = body.amount === undefined ? undefined : Number(body.amount);
    if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0)) throw invalid('Invalid positive integer', { param: 'amount' });
    const before = charges.get(findIntent(intentId).latest_charge ?? '')?.amount_refunded ?? 0;
    const charge = refundCharge(intentId, amount);
    const refund = {
      id: nextId('re'),
      object: 'refund',
      amount: charge.amount_refunded - before,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intentId,
      metadata: stringRecord(body.metadata, 'metadata'),
      reason: text(body.reason),
      status: 'succeeded',
      created: now(),
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  /** The endpoints the shop calls; anything else is answered as Stripe answers an unknown URL. */
  function route(method: string, path: string, query: Json, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(body);
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentMatch?.[1]) return { status: 200, body: intentJson(findIntent(intentMatch[1]), expansions(query, body)) };
    if (method === 'POST' && path === '/v1/customers') return createCustomer(body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    const detachMatch = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && detachMatch?.[1]) return detach(detachMatch[1]);
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && customerMatch?.[1]) return deleteCustomer(customerMatch[1]);
    const methodMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && methodMatch?.[1]) return { status: 200, body: { ...methodJson(methodMatch[1]) } };
    throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` });
  }

  function send(response: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}, record?: FakeStripeRequest): void {
    if (record) record.answer = { status, replayed: headers['idempotent-replayed'] === 'true' };
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req'), 'stripe-version': FAKE_STRIPE_EVENT_API_VERSION, ...headers });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const body = parseStripeForm(raw);
    const query = parseStripeForm(url.search.slice(1));
    const idempotencyKey = request.headers['idempotency-key'];
    const stripeVersion = request.headers['stripe-version'];
    const record: FakeStripeRequest = {
      method,
      path: url.pathname,
      query,
      headers: request.headers,
      body,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      stripeVersion: typeof stripeVersion === 'string' ? stripeVersion : undefined,
      answer: null,
    };
    requests.push(record);
    // Held requests queue here and go on in the order they came once released.
    if (held) await held;

    if (outage === 'drop') {
      request.socket.destroy();
      return;
    }
    if (outage === 'error') return send(response, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } }, {}, record);
    if (outage === 'rate_limit') return send(response, 429, { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } }, {}, record);

    const authorization = request.headers.authorization;
    if (authorization !== `Bearer ${secretKey}`) {
      const given = authorization?.replace(/^Bearer /, '') ?? '';
      const message = given ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}` : 'You did not provide an API key.';
      return send(response, 401, { error: { type: 'invalid_request_error', message } }, {}, record);
    }

    const key = typeof idempotencyKey === 'string' && method === 'POST' ? idempotencyKey : undefined;
    const signature = `${method} ${url.pathname} ${canonical(body)}`;
    const saved = key ? idempotent.get(key) : undefined;
    if (saved) {
      if (saved.request !== signature) {
        return send(
          response,
          400,
          {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
          {},
          record,
        );
      }
      return send(response, saved.status, saved.body, { 'idempotent-replayed': 'true', 'original-request': 'req_original' }, record);
    }

    let answer: { status: number; body: Json };
    try {
      answer = route(method, url.pathname, query, body);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      answer = { status: error.status, body: { error: error.error } };
    }
    // Stripe keeps the result of a request that ran (a success or a card's refusal), not of one
    // that failed validation, so a corrected retry with the same key runs.
    if (key && (answer.status === 200 || answer.status === 402)) idempotent.set(key, { request: signature, ...answer });
    send(response, answer.status, answer.body, {}, record);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  const helper = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      if (error instanceof StripeFailure) throw new Error(`fake Stripe: ${error.message}`, { cause: error });
      throw error;
    }
  };

  return {
    host: '127.0.0.1',
    port,
    url: new URL(`http://127.0.0.1:${port}`),
    requests,
    setOutage(next) {
      outage = next;
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = null;
        release();
      };
    },
    intent: (id) => helper(() => intentJson(findIntent(id))),
    paymentMethod: (id) => helper(() => ({ ...methodJson(id) })),
    customer(id) {
      const customer = customers.get(id);
      if (!customer) throw new Error(`fake Stripe: no customer ${id}`);
      return customer;
    },
    confirmInBrowser: (intentId, paymentMethodId) =>
      helper(() => {
        const intent = findIntent(intentId);
        confirm(intent, paymentMethodId, false);
        return intentJson(intent);
      }),
    authenticate: (intentId, passed) =>
      helper(() => {
        const intent = findIntent(intentId);
        if (intent.status !== 'requires_action') throw invalid(`The PaymentIntent ${intentId} does not require an action (status ${intent.status}).`);
        if (passed) {
          succeed(intent);
        } else {
          const method = methodJson(intent.payment_method ?? '');
          fail(intent, method, {
            code: 'payment_intent_authentication_failure',
            message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          });
        }
        return intentJson(intent);
      }),
    refund: (intentId, amount) => helper(() => ({ ...refundCharge(intentId, amount) })),
    refunds,
    event: (type, object) => ({
      id: nextId('evt'),
      object: 'event',
      api_version: FAKE_STRIPE_EVENT_API_VERSION,
      created: now(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    }),
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
