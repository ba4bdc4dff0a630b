/**
 * Security headers through helmet. The CSP allows our own origin, the one inline script every
 * page carries (by its hash: it starts the app's code after the first paint,
 * src/contract/app-scripts.ts) and, for the payment step, only the two payment providers' origins.
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { START_SCRIPT } from '../../src/contract/app-scripts';

/** CSP source allowing the start script and no other inline script. */
export const START_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`;

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
          scriptSrc: ["'self'", START_SCRIPT_SOURCE, 'https://js.stripe.com', 'https://www.paypal.com'],
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
