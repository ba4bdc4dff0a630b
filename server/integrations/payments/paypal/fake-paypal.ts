/**
 * A local stand-in for PayPal's REST API, for tests of the PayPal adapter: OAuth client
 * credentials (/v1/oauth2/token), Orders v2 (create, show, capture) and webhook signature
 * verification (/v1/notifications/verify-webhook-signature). It answers as PayPal does: orders in
 * PayPal's JSON with `Prefer: return=minimal` or `return=representation`, PayPal-Request-Id
 * idempotency (the same id answers the same answer), and PayPal's error bodies — 401
 * AUTHENTICATION_FAILURE without details, 404 RESOURCE_NOT_FOUND, 422 UNPROCESSABLE_ENTITY with a
 * details list and a debug id (ORDER_NOT_APPROVED, INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED,
 * DUPLICATE_INVOICE_ID), a 500 without details when told to fail, and slow answers.
 *
 * PayPal's SDK has no host option (its base URL is fixed per environment), so the fake is reached
 * through the SDK's own `httpClientOptions.httpsAgent`: `fake.agent` is an HTTPS agent whose
 * connections are plain TCP connections to this server (Node lets a custom agent make its own
 * sockets, agent.createConnection). Requests still name PayPal's host, which the fake checks.
 */
import { randomUUID, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent } from 'node:https';
import { connect, type Socket } from 'node:net';
import { crc32 } from 'node:zlib';
import { listenFakeProvider, requestText, sendJson } from '../../fake-provider-server';

export const FAKE_PAYPAL_CLIENT_ID = 'fake-paypal-client-id';
export const FAKE_PAYPAL_CLIENT_SECRET = 'fake-paypal-client-secret';
export const FAKE_PAYPAL_WEBHOOK_ID = '1JE4291016473214C';
export const PAYPAL_SANDBOX_HOST = 'api-m.sandbox.paypal.com';

/** An HTTPS agent whose sockets are plain connections to a local port: PayPal's host, spoken to a fake. */
export class LocalPaypalAgent extends Agent {
  constructor(private readonly port: number) {
    super({ keepAlive: false });
  }

  override createConnection(): Socket {
    return connect(this.port, '127.0.0.1');
  }
}

interface Money {
  currency_code: string;
  value: string;
}

interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  final_capture: true;
  create_time: string;
  update_time: string;
}

interface FakeOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  /** The payer's funding source will be declined at capture (INSTRUMENT_DECLINED). */
  declines: boolean;
  capture: FakeCapture | null;
}

export interface FakePaypalRequest {
  method: string;
  path: string;
  host: string;
  requestId: string | undefined;
  prefer: string | undefined;
}

export interface FakePaypalOptions {
  /** The host requests must name: the sandbox's unless told otherwise. */
  host?: string;
  webhookId?: string;
  /** Seconds an access token lives (PayPal's are about 9 hours). */
  tokenLifetime?: number;
}

export interface FakePaypal {
  /** Give this to the adapter as its HTTPS agent: its connections reach the fake. */
  agent: LocalPaypalAgent;
  port: number;
  /** Every request, in order. */
  requests: FakePaypalRequest[];
  /** Access tokens handed out (POST /v1/oauth2/token with the right client credentials). */
  tokensIssued(): number;
  /** Webhook verifications asked for. */
  verifications(): number;
  /** The payer approves the order in PayPal's window (CREATED → APPROVED). */
  approve(orderId: string): void;
  /** The payer approves, but with a funding source that will be declined at capture. */
  approveToDecline(orderId: string): void;
  /** Every API call answers 500 INTERNAL_SERVER_ERROR (no details) while on. */
  failing(on: boolean): void;
  /** Every answer waits this long first (0: none). */
  slow(ms: number): void;
  /** The transmission headers PayPal sends with this webhook body at `at`; the fake's verification accepts exactly these. */
  signWebhook(body: string, at: Date): Record<string, string>;
  close(): Promise<void>;
}

const SIGNING_KEY = 'fake-paypal-webhook-signing-key';
const CERT_URL = `https://${PAYPAL_SANDBOX_HOST}/v1/notifications/certs/CERT-360caa42-fca2a594-fake0001`;
const AUTH_ALGO = 'SHA256withRSA';

/**
 * What PayPal signs (with its private key; the fake with an HMAC): transmission id, time, the
 * webhook id and the CRC32 of the body exactly as sent.
 */
function signatureOf(transmissionId: string, time: string, webhookId: string, body: string): string {
  const crc = crc32(body).toString();
  return createHmac('sha256', SIGNING_KEY).update(`${transmissionId}|${time}|${webhookId}|${crc}`).digest('base64');
}

/**
 * The text of one top-level member's value in a JSON object, as written (the verification call
 * carries the event, and the fake checks the signature over its exact text: PayPal does not say it
 * forgives an event re-serialised on the way, so the fake does not either).
 */
export function rawMember(json: string, name: string): string | undefined {
  let depth = 0;
  let index = 0;
  let key: string | undefined;
  let valueStart = -1;
  while (index < json.length) {
    const char = json[index];
    if (char === '"') {
      const start = index;
      index += 1;
      while (index < json.length && json[index] !== '"') index += json[index] === '\\' ? 2 : 1;
      // A string at depth 1 followed by a colon is a member's name.
      if (depth === 1 && valueStart < 0) key = JSON.parse(json.slice(start, index + 1)) as string;
    } else if (char === ':' && depth === 1) {
      if (key === name) valueStart = index + 1;
    } else if (char === '{' || char === '[') {
      depth += 1;
    } else if (char === '}' || char === ']' || (char === ',' && depth === 1)) {
      if (depth === 1 && valueStart >= 0) return json.slice(valueStart, index).trim();
      if (char !== ',') depth -= 1;
      key = undefined;
    }
    index += 1;
  }
  return undefined;
}

function send(response: ServerResponse, status: number, body: unknown, debugId?: string): void {
  sendJson(response, status, body, debugId ? { 'paypal-debug-id': debugId } : {});
}


const informationLink = (issue: string) => [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }];

const UNPROCESSABLE_MESSAGE = 'The requested action could not be performed, semantically incorrect, or failed business validation.';

const ISSUES: Record<string, string> = {
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  REFUND_AMOUNT_EXCEEDED: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  DUPLICATE_INVOICE_ID: 'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
};

export async function startFakePaypal(options: FakePaypalOptions = {}): Promise<FakePaypal> {
  const host = options.host ?? PAYPAL_SANDBOX_HOST;
  const webhookId = options.webhookId ?? FAKE_PAYPAL_WEBHOOK_ID;
  const requests: FakePaypalRequest[] = [];
  const orders = new Map<string, FakeOrder>();
  /** 'create:' or 'capture:{order}:' + PayPal-Request-Id → the answer given. */
  const answered = new Map<string, { status: number; body: unknown }>();
  /** Capture id → pence refunded of it so far. */
  const refundedOf = new Map<string, number>();
  const tokens = new Set<string>();
  let sequence = 0;
  let verified = 0;
  let failingNow = false;
  let delay = 0;
  const nextId = (prefix: string) => `${prefix}${String((sequence += 1)).padStart(17 - prefix.length, '0')}`;
  const debugId = () => nextId('f').toLowerCase();

  const orderJson = (order: FakeOrder, representation: boolean) => {
    const payments = order.capture ? { payments: { captures: [order.capture] } } : {};
    const links = [
      { href: `https://${host}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'CREATED' ? [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }] : []),
    ];
    if (!representation) {
      // PayPal's minimal answer: no amount or custom_id on the purchase unit.
      return { id: order.id, status: order.status, ...(order.capture ? { purchase_units: [{ reference_id: 'default', ...payments }] } : {}), links };
    }
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      purchase_units: [
        {
          reference_id: 'default',
          amount: order.amount,
          payee: { email_address: 'merchant@example.com', merchant_id: 'FAKEMERCHANT1' },
          ...(order.description === undefined ? {} : { description: order.description }),
          ...(order.custom_id === undefined ? {} : { custom_id: order.custom_id }),
          ...(order.invoice_id === undefined ? {} : { invoice_id: order.invoice_id }),
          ...payments,
        },
      ],
      create_time: '2025-03-14T10:00:00Z',
      links,
    };
  };

  const unprocessable = (issue: string) => ({
    status: 422,
    body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue, description: ISSUES[issue] }], message: UNPROCESSABLE_MESSAGE, debug_id: debugId(), links: informationLink(issue) },
  });

  const notFound = (id: string) => ({
    status: 404,
    body: {
      name: 'RESOURCE_NOT_FOUND',
      details: [{ field: 'order_id', value: id, location: 'path', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }],
      message: 'The specified resource does not exist.',
      debug_id: debugId(),
      links: informationLink('INVALID_RESOURCE_ID'),
    },
  });

  const createOrder = (text: string, representation: boolean) => {
    let request: { intent?: string; purchase_units?: { amount?: Money; custom_id?: string; invoice_id?: string; description?: string }[] };
    try {
      request = JSON.parse(text) as typeof request;
    } catch {
      return { status: 400, body: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.', debug_id: debugId(), details: [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }] } };
    }
    const unit = request.purchase_units?.[0];
    if (request.intent !== 'CAPTURE' || !unit?.amount || !/^\d+(\.\d{2})?$/.test(unit.amount.value)) {
      return { status: 400, body: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.', debug_id: debugId(), details: [{ field: '/purchase_units/0/amount', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }] } };
    }
    const order: FakeOrder = { id: nextId('5O'), intent: 'CAPTURE', status: 'CREATED', amount: unit.amount, custom_id: unit.custom_id, invoice_id: unit.invoice_id, description: unit.description, declines: false, capture: null };
    orders.set(order.id, order);
    return { status: 201, body: orderJson(order, representation) };
  };

  const captureOrder = (order: FakeOrder, representation: boolean) => {
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
    if (order.declines) return unprocessable('INSTRUMENT_DECLINED');
    const invoiceTaken = [...orders.values()].some((other) => other !== order && other.capture && other.invoice_id !== undefined && other.invoice_id === order.invoice_id);
    if (invoiceTaken) return unprocessable('DUPLICATE_INVOICE_ID');
    order.status = 'COMPLETED';
    order.capture = {
      id: nextId('3C'),
      status: 'COMPLETED',
      amount: order.amount,
      ...(order.custom_id === undefined ? {} : { custom_id: order.custom_id }),
      ...(order.invoice_id === undefined ? {} : { invoice_id: order.invoice_id }),
      final_capture: true,
      create_time: '2025-03-14T10:05:00Z',
      update_time: '2025-03-14T10:05:00Z',
    };
    return { status: 201, body: orderJson(order, representation) };
  };

  /** POST /v2/payments/captures/{id}/refund: all that is left, or the amount asked, of a completed capture. */
  const refundCapture = (captureId: string, text: string): { status: number; body: unknown } => {
    const order = [...orders.values()].find((candidate) => candidate.capture?.id === captureId);
    const captured = order?.capture;
    if (!captured) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', debug_id: debugId(), details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }] } };
    const total = Math.round(Number(captured.amount.value) * 100);
    const before = refundedOf.get(captureId) ?? 0;
    if (before >= total) return unprocessable('CAPTURE_FULLY_REFUNDED');
    let asked: { amount?: Money } = {};
    try {
      asked = text ? (JSON.parse(text) as typeof asked) : {};
    } catch {
      return { status: 400, body: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.', debug_id: debugId() } };
    }
    const amount = asked.amount ? Math.round(Number(asked.amount.value) * 100) : total - before;
    if (!(amount > 0) || before + amount > total) return unprocessable('REFUND_AMOUNT_EXCEEDED');
    refundedOf.set(captureId, before + amount);
    captured.status = before + amount === total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const value = (amount / 100).toFixed(2);
    return {
      status: 201,
      body: {
        id: nextId('1R'),
        status: 'COMPLETED',
        amount: { currency_code: captured.amount.currency_code, value },
        seller_payable_breakdown: { total_refunded_amount: { currency_code: captured.amount.currency_code, value: ((before + amount) / 100).toFixed(2) } },
        links: [{ href: `https://${host}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
      },
    };
  };

  const verify = (text: string) => {
    verified += 1;
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { status: 400, body: { name: 'VALIDATION_ERROR', message: 'Invalid request - see details', debug_id: debugId(), details: [{ field: '/', location: 'body', issue: 'MALFORMED_REQUEST_JSON' }] } };
    }
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    const missing = fields.find((field) => typeof request[field] !== 'string' || request[field] === '');
    const event = rawMember(text, 'webhook_event');
    if (missing || event === undefined || typeof request.webhook_event !== 'object' || request.webhook_event === null) {
      const field = missing ?? 'webhook_event';
      return { status: 400, body: { name: 'VALIDATION_ERROR', message: 'Invalid request - see details', debug_id: debugId(), details: [{ field, location: 'body', issue: `${field} is required` }] } };
    }
    const ok =
      request.webhook_id === webhookId &&
      request.auth_algo === AUTH_ALGO &&
      request.cert_url === CERT_URL &&
      request.transmission_sig === signatureOf(String(request.transmission_id), String(request.transmission_time), webhookId, event);
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const requestId = header('paypal-request-id');
    const prefer = header('prefer');
    const seen: FakePaypalRequest = { method: request.method ?? '', path: url.pathname, host: header('host') ?? '', requestId, prefer };
    requests.push(seen);
    const text = await requestText(request);
    if (seen.host !== host) return send(response, 421, { name: 'MISDIRECTED_REQUEST', message: `This fake answers for ${host}, not ${seen.host}` });
    const representation = prefer?.includes('return=representation') ?? false;

    if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const [scheme, encoded] = (header('authorization') ?? '').split(' ');
      const expected = Buffer.from(`${FAKE_PAYPAL_CLIENT_ID}:${FAKE_PAYPAL_CLIENT_SECRET}`).toString('base64');
      if (scheme !== 'Basic' || encoded !== expected) return send(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (new URLSearchParams(text).get('grant_type') !== 'client_credentials') return send(response, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      if (failingNow) return send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.', debug_id: debugId() });
      const token = `A21AA${randomUUID().replaceAll('-', '')}`;
      tokens.add(token);
      return send(response, 200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: options.tokenLifetime ?? 32_400, nonce: `2025-03-14T10:00:00Z${sequence}` });
    }

    const bearer = /^Bearer (.+)$/.exec(header('authorization') ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send(response, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
      });
    }
    if (failingNow) {
      const id = debugId();
      return send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.', debug_id: id, links: informationLink('INTERNAL_SERVER_ERROR') }, id);
    }

    if (request.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
      if (!header('content-type')?.startsWith('application/json')) return send(response, 415, { name: 'UNSUPPORTED_MEDIA_TYPE', message: 'The server does not support the request payload media type.', debug_id: debugId() });
      const answer = verify(text);
      return send(response, answer.status, answer.body);
    }

    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
    if (request.method === 'POST' && refundPath?.[1]) {
      const captureId = refundPath[1];
      const answer = requestId === undefined ? refundCapture(captureId, text) : (answered.get(`refund:${captureId}:${requestId}`) ?? refundCapture(captureId, text));
      if (requestId !== undefined) answered.set(`refund:${captureId}:${requestId}`, answer);
      return send(response, answer.status, answer.body, (answer.body as { debug_id?: string }).debug_id);
    }

    const orderPath = /^\/v2\/checkout\/orders(?:\/([^/]+)(\/capture)?)?$/.exec(url.pathname);
    if (!orderPath) return send(response, 404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', debug_id: debugId() });
    const [, orderId, capture] = orderPath;

    // PayPal-Request-Id: a retried call with the same id answers what the first one answered.
    const remember = (key: string, make: () => { status: number; body: unknown }) => {
      if (requestId === undefined) return make();
      const stored = answered.get(`${key}:${requestId}`);
      if (stored) return stored;
      const made = make();
      answered.set(`${key}:${requestId}`, made);
      return made;
    };

    let answer: { status: number; body: unknown };
    if (request.method === 'POST' && orderId === undefined) {
      answer = remember('create', () => createOrder(text, representation));
    } else if (request.method === 'GET' && orderId !== undefined && capture === undefined) {
      const order = orders.get(orderId);
      answer = order ? { status: 200, body: orderJson(order, true) } : notFound(orderId);
    } else if (request.method === 'POST' && orderId !== undefined && capture !== undefined) {
      const order = orders.get(orderId);
      answer = remember(`capture:${orderId}`, () => (order ? captureOrder(order, representation) : notFound(orderId)));
    } else {
      return send(response, 405, { name: 'METHOD_NOT_SUPPORTED', message: 'The server does not implement the requested HTTP method.', debug_id: debugId() });
    }
    const id = (answer.body as { debug_id?: string }).debug_id;
    return send(response, answer.status, answer.body, id);
  };

  const server = await listenFakeProvider((request, response) => {
    server.later(response, delay, () => {
      handle(request, response).catch((error: unknown) => send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) }));
    });
  });
  const { port } = server;

  const orderOf = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`The fake PayPal has no order ${id}`);
    if (order.status !== 'CREATED') throw new Error(`Order ${id} is ${order.status}, not awaiting approval`);
    return order;
  };

  return {
    agent: new LocalPaypalAgent(port),
    port,
    requests,
    tokensIssued: () => tokens.size,
    verifications: () => verified,
    approve(orderId) {
      orderOf(orderId).status = 'APPROVED';
    },
    approveToDecline(orderId) {
      const order = orderOf(orderId);
      order.status = 'APPROVED';
      order.declines = true;
    },
    failing(on) {
      failingNow = on;
    },
    slow(ms) {
      delay = ms;
    },
    signWebhook(body, at) {
      const transmissionId = randomUUID();
      const time = at.toISOString();
      return {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signatureOf(transmissionId, time, webhookId, body),
        'paypal-cert-url': CERT_URL,
        'paypal-auth-algo': AUTH_ALGO,
      };
    },
    close: () => server.close(),
  };
}
