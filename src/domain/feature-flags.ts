/**
 * SPEC §3's feature flags as staff see them in the back office: each flag's name and what
 * switching it does. The shop starts from the FEATURE_* settings; what staff set is kept in the
 * database and wins over them.
 */
export const FEATURE_FLAG_KEYS = ['payments.stripe', 'payments.paypal', 'discountThresholds', 'companyAccount', 'lowestPrice'] as const;
export type FeatureFlagKey = (typeof FEATURE_FLAG_KEYS)[number];

export const FEATURE_FLAG_TEXTS: Readonly<Record<FeatureFlagKey, { label: string; description: string }>> = {
  'payments.stripe': { label: 'Card payments', description: 'Customers can pay by card (Stripe). Off: the card option is not offered and card payments are refused.' },
  'payments.paypal': { label: 'PayPal payments', description: 'Customers can pay with PayPal. Off: the PayPal option is not offered and PayPal payments are refused.' },
  discountThresholds: { label: 'Loyalty discounts', description: 'Members get the loyalty discount of their level in the cart, and the loyalty page is shown.' },
  companyAccount: { label: 'Company accounts', description: 'Registration and checkout offer a company account with company name and VAT number.' },
  lowestPrice: { label: 'Lowest price shown', description: 'A discounted part shows its lowest price of the last 30 days beside the discount.' },
};

export const isFeatureFlagKey = (value: string): value is FeatureFlagKey => (FEATURE_FLAG_KEYS as readonly string[]).includes(value);
