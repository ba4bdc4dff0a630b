/** Stripe.js for a publishable key, loaded once for the page's life (Stripe's advice). */
import { loadStripe, type Stripe } from '@stripe/stripe-js';

const stripes = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}
