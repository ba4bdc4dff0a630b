/**
 * Security headers through helmet. The CSP allows our own origin, inline scripts only with this
 * response's nonce (a server-rendered page's hydration data, src/entry-server.tsx) and, for the
 * payment step, only the two payment providers' origins.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
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

export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'", (_request, response) => `'nonce-${scriptNonce(response as ServerResponse)}'`, 'https://js.stripe.com', 'https://www.paypal.com'],
          scriptSrcAttr: ["'none'"],
          // Inline style attributes: the accessible component library positions popovers with them.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://www.paypalobjects.com', 'https://*.stripe.com'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'https://api.stripe.com', ...PAYPAL],
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
  },
  { name: 'security-headers' },
);
