import { describe, expect, it } from 'vitest';
import { isMessageKey, messages, t } from './messages';
import './messages-more';
import './messages-account';

describe('SPEC §5, §8 message catalogue', () => {
  it('fills {name} placeholders', () => {
    expect(t('payment.transaction', { status: 'COMPLETED', id: '8AB12' })).toBe(
      'Transaction COMPLETED, transaction ID: 8AB12',
    );
    expect(t('cart.postcode_matching', { region: 'London' })).toBe(
      'This postcode is in the London region, so we have changed your region to London.',
    );
    expect(t('breadcrumbs.results', { count: 0 })).toBe('0 results');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(t('payment.transaction', { status: 'DONE' })).toBe('Transaction DONE, transaction ID: {id}');
    expect(t('payment.transaction')).toBe('Transaction {status}, transaction ID: {id}');
  });

  it.each([
    ['orders.empty', 'There are no orders yet.'],
    ['part_requests.empty', 'There are no part requests yet.'],
    ['payment_preferences.empty', 'There are no payment preferences yet.'],
    ['cart.postcode_mismatch', 'Postcode is different to what was selected. Please change your postcode at checkout.'],
    ['validation.required', 'This field is required.'],
    ['validation.empty', "This field can't be empty."],
    ['validation.agree', 'Please accept the terms and conditions.'],
    ['filters.min_3_chars', 'Min 3 chars'],
    ['payment.unsuccessful', 'Payment Unsuccessful. Sorry there seems to be a problem with your payment details'],
    ['payment.cancelled', 'Payment has been cancelled. You can continue with payment by choosing option below.'],
    ['payment.successful', 'Payment Successful. Thanks for your payment.'],
    ['invoice.request_error', 'An error occurred while processing your request. Please try again.'],
    ['invoice.not_generated', 'Invoice has not been generated yet, please try again later'],
    ['account.logout_confirm', 'Are you sure you want to logout?'],
    ['global.select_placeholder', '--- select ---'],
  ] as const)('%s keeps the spec’s wording', (key, text) => {
    expect(t(key)).toBe(text);
  });

  it('has a text for every key the spec names', () => {
    const named = [
      'global.error',
      'validation.error',
      'validation.required_warranty',
      'filters.required_make',
      'filters.required_model',
      'filters.required_part_type',
      'filters.fill_form',
      'filters.required_oem',
      'filters.vrn_oem',
      'filters.vrn_put_vrn',
      'filters.vrn_select_part_type',
      'filters.vrn_select_model',
      'cart.no_discount_code',
      'cart.region_postcode',
      'cart.postcode_matching',
      'return.info',
      'product.compatibility_match.0',
      'product.compatibility_match.1',
      'product.compatibility_match.2',
      'product.compatibility_match.3',
      'product.compatibility_match.100',
    ];
    for (const key of named) {
      expect(isMessageKey(key)).toBe(true);
      expect(isMessageKey(key) && t(key).trim()).not.toBe('');
    }
    expect(isMessageKey('no.such.key')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('no text is empty or padded', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(text, key).toBe(text.trim());
      expect(text.length, key).toBeGreaterThan(0);
    }
  });
});
