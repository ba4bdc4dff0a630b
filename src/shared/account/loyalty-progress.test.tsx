import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AppProps } from '../../contract/app-props';
import type { MemberProgress } from '../../contract/loyalty';
import { appPropsQueryOptions, defaultAppProps } from '../app-props';
import { LoyaltyProgress, MemberLoyaltyProgress, memberProgressQueryOptions } from './loyalty-progress';

const levels: MemberProgress['discountThresholds'] = [
  { id: 1, name: 'Bronze', color: 'rgba(176, 115, 64, 1)', icon: 'medal-bronze', discount: 0, amount_from: 0, amount_to: 50_000 },
  { id: 2, name: 'Silver', color: 'rgba(142, 148, 155, 1)', icon: 'medal-silver', discount: 2.5, amount_from: 50_000, amount_to: null },
];
const midway: MemberProgress = { discountThresholds: levels, percent: 40, remaining: 30_000, turnover: 20_000, currentThresholdId: 1, nextThresholdId: 2 };
const top: MemberProgress = { discountThresholds: levels, percent: 100, remaining: 0, turnover: 61_050, currentThresholdId: 2, nextThresholdId: null };

const member: AppProps = { ...defaultAppProps, memberIdentifier: '7', memberFirstName: 'Sam', flags: { ...defaultAppProps.flags, discountThresholds: 1 } };

/** The cart's bar drawn from a cache holding these app props and, unless failed, this progress. */
function cartBar(props: AppProps, progress: MemberProgress | 'failed') {
  const client = new QueryClient();
  client.setQueryData(appPropsQueryOptions().queryKey, props);
  const key = memberProgressQueryOptions(props.memberIdentifier).queryKey;
  if (progress === 'failed') client.getQueryCache().build(client, { queryKey: key }).setState({ status: 'error', error: new Error('503'), fetchStatus: 'idle' });
  else client.setQueryData(key, progress);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemberLoyaltyProgress title="Your loyalty discount" />
    </QueryClientProvider>,
  );
}

describe('LoyaltyProgress', () => {
  it('names the level and its discount, what is left to the next level and fills the bar to the percent', () => {
    const html = renderToStaticMarkup(<LoyaltyProgress progress={midway} />);
    expect(html).toContain('You have spent £200 with us.');
    expect(html).toContain('Your level: <strong>Bronze</strong>, 0% off every order.');
    expect(html).toContain('£300 to go to Silver (2.5% off)');
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('width:40%');
    expect(html).toContain('>40%</span>');
  });

  it('says so at the top level, with a full bar', () => {
    const html = renderToStaticMarkup(<LoyaltyProgress progress={top} />);
    expect(html).toContain('Your level: <strong>Silver</strong>, 2.5% off every order.');
    expect(html).toContain('You have reached the highest level.');
    expect(html).not.toContain('to go to');
    expect(html).toContain('aria-valuenow="100"');
    expect(html).toContain('You have spent £610.50 with us.');
  });
});

describe('MemberLoyaltyProgress (the cart page)', () => {
  it('shows a signed-in member their progress with the discountThresholds flag on', () => {
    const html = cartBar(member, midway);
    expect(html).toContain('Your loyalty discount');
    expect(html).toContain('role="progressbar"');
  });

  it('shows nothing with the flag off, to a checkout guest or to a signed-out visitor', () => {
    expect(cartBar({ ...member, flags: { ...member.flags, discountThresholds: 0 } }, midway)).toBe('');
    expect(cartBar({ ...member, isGuest: true }, midway)).toBe('');
    expect(cartBar({ ...member, memberIdentifier: '' }, midway)).toBe('');
  });

  it('shows nothing when the progress could not be read (SPEC §8)', () => {
    expect(cartBar(member, 'failed')).toBe('');
  });
});
