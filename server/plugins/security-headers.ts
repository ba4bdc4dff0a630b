/**
 * Security headers through helmet. The CSP allows our own origin, inline scripts only with this
 * response's nonce (a server-rendered page's hydration data, src/entry-server.tsx) and, for the
 * payment step, only the two payment providers' origins. Google Analytics' hosts are allowed only
 * when the shop measures (GA4_MEASUREMENT_ID, issue 32); the browser loads them only after consent.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const nonces = new WeakMap<ServerResponse, string>();

/** The CSP nonce of this response, made on first use; the page's inline scripts carry it. */
export function scriptNonce(reply: FastifyReply | ServerResponse): string {
  const response = 'raw' in reply ? reply.raw : reply;
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(response, nonce);
  }
  return nonce;
}

const STRIPE = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const PAYPAL = ['https://www.paypal.com', 'https://www.sandbox.paypal.com'];

/** Google Analytics 4: gtag.js from the tag manager's host, its hits to the collection hosts. */
export const GOOGLE_ANALYTICS_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
export const GOOGLE_ANALYTICS_HIT_HOSTS = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'];

export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=()';

export const securityHeaders = fp(
  async (app: FastifyInstance, { analytics }: { analytics: boolean }) => {
    const analyticsScripts = analytics ? GOOGLE_ANALYTICS_SCRIPT_HOSTS : [];
    const analyticsHits = analytics ? GOOGLE_ANALYTICS_HIT_HOSTS : [];
    // helmet's middleware, made once. (@fastify/helmet made it afresh for every request, options
    // parsed and every directive's text built again: a sixth of a computed answer's allocations and
    // a twentieth of its CPU, docs/performance.md issue 30.) The script nonce's directive is still
    // read per response, so each page's inline scripts carry a nonce of their own.
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          // 'wasm-unsafe-eval': the camera's readers compile their WebAssembly (tesseract.js's core in
          // its worker, ZXing's reader), served from this origin (issue 31). No JavaScript eval.
          scriptSrc: ["'self'", (_request, response) => `'nonce-${scriptNonce(response as ServerResponse)}'`, "'wasm-unsafe-eval'", 'https://js.stripe.com', 'https://www.paypal.com', ...analyticsScripts],
          scriptSrcAttr: ["'none'"],
          // Inline style attributes: the accessible component library positions popovers with them.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://www.paypalobjects.com', 'https://*.stripe.com', ...analyticsHits],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'https://api.stripe.com', ...PAYPAL, ...analyticsHits],
          frameSrc: [...STRIPE, ...PAYPAL],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          // No upgrade-insecure-requests: TLS ends at the load balancer, and the shop must also
          // work on http://localhost in production mode (npm start, e2e tests).
        },
      },
      // PayPal's checkout opens a popup that must be able to message this page.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    const failed = (error?: unknown) => {
      if (error) throw error;
    };
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, failed);
      done();
    });
    // The camera reads plates and labels on this origin only (issue 31); no frame may use it, and
    // nothing here listens or locates.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'security-headers' },
);
