/**
 * Stripe's documented test card numbers (docs.stripe.com/testing) and what each does, so the
 * sandbox behaves as Stripe's test mode: a few succeed, 4000 0027 6000 3184 always asks for 3-D
 * Secure, two are refused with Stripe's codes and texts, and any other valid number is refused as
 * a real card used in test mode.
 */
export type CardBehaviour = 'succeeds' | 'three_d_secure' | 'declined' | 'insufficient_funds';

const TEST_CARDS: Readonly<Record<string, { brand: string; behaviour: CardBehaviour }>> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds' },
  '4000056655665556': { brand: 'visa', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeeds' },
  '378282246310005': { brand: 'amex', behaviour: 'succeeds' },
  '4000002760003184': { brand: 'visa', behaviour: 'three_d_secure' },
  '4000000000000002': { brand: 'visa', behaviour: 'declined' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient_funds' },
};

export const testCardOf = (digits: string) => TEST_CARDS[digits] ?? null;

/** Stripe's last_payment_error for each refusal, word for word. */
export const STRIPE_ERRORS = {
  declined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  live_card: {
    code: 'card_declined',
    declineCode: 'live_mode_test_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
  authentication_failed: {
    code: 'payment_intent_authentication_failure',
    declineCode: null,
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const;
