import { describe, expect, it } from 'vitest';
import type { AppProps } from '../../../src/contract/app-props';
import { renderHead } from './index-html';

const props: AppProps = {
  isProduction: true,
  isGuest: false,
  memberIdentifier: '7',
  memberFirstName: '</script><script>alert(1)</script><!--',
  defaultCurrency: 'GBP',
  flags: { 'payments.paypal': 1, 'payments.stripe': 1, discountThresholds: 1, companyAccount: 1, lowestPrice: 1 },
};

describe('renderHead', () => {
  it('cannot be broken out of by a value in the props', () => {
    const head = renderHead(props, 'token');

    expect(head.match(/<\/script>/g)).toHaveLength(1);
    expect(head).not.toContain('<!--');
    const json = /<script id="app-props" type="application\/json">(.*)<\/script>$/.exec(head)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(props);
  });

  it('puts the CSRF token in the meta tag', () => {
    expect(renderHead(props, 'abc_-123')).toContain('<meta name="csrf-token" content="abc_-123">');
  });
});
