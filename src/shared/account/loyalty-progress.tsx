/**
 * A member's loyalty progress bar (SPEC §2 'Discount progress bar for logged-in members only'):
 * the current level and its discount, what is still to spend to reach the next level and the bar
 * with its percent; at the top level it says so. Drawn by the account area's loyalty screen and
 * the cart page from the same GET /discount-thresholds/get-member-progress answer. Amounts are
 * written as the loyalty pages write them (no ',00', SPEC §9).
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMemberProgress, type MemberProgress } from '../../contract/loyalty';
import { loyaltyAmountLabel } from '../../domain/money';
import { apiOf } from '../api/client';
import { isSignedInMember, useAppProps } from '../app-props';
import styles from './loyalty-progress.module.css';

/**
 * GET /discount-thresholds/get-member-progress/{memberId} (`memberId` is the app props'
 * memberIdentifier). Here beside the bar rather than in a file of its own: the account area's
 * screens and the cart page then share one chunk, not two, and each chunk's name is bytes in the
 * first download's list of what a route preloads. Never kept stale: a paid order moves the bar.
 */
export const memberProgressQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['loyalty', 'progress', memberId] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getMemberProgress, { params: { memberId: Number(memberId) }, signal })).data,
    staleTime: 0,
  });

const percentOff = (value: number) => `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(value)}%`;

interface LoyaltyProgressProps {
  progress: MemberProgress;
  title?: string;
  headingLevel?: 2 | 3;
  className?: string | undefined;
  /** Drawn under the bar (the cart's link to the levels). */
  children?: ReactNode;
}

export function LoyaltyProgress({ progress, title = 'Your progress', headingLevel = 2, className, children }: LoyaltyProgressProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const current = progress.discountThresholds.find((level) => level.id === progress.currentThresholdId);
  const next = progress.discountThresholds.find((level) => level.id === progress.nextThresholdId);
  const text = next ? `${loyaltyAmountLabel(progress.remaining)} to go to ${next.name} (${percentOff(next.discount)} off)` : 'You have reached the highest level.';
  return (
    <section className={[styles.progress, className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      <p>
        You have spent {loyaltyAmountLabel(progress.turnover)} with us.{' '}
        {current ? (
          <>
            Your level: <strong>{current.name}</strong>, {percentOff(current.discount)} off every order.
          </>
        ) : (
          'You have not reached the first level yet.'
        )}
      </p>
      <div className={styles.barRow}>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={next ? `Progress to ${next.name}` : 'Loyalty progress'}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={`${progress.percent}%: ${text}`}
        >
          <div className={styles.fill} style={{ width: `${progress.percent}%` }} />
        </div>
        <span className={styles.percent} aria-hidden="true">
          {progress.percent}%
        </span>
      </div>
      <p className={styles.next}>{text}</p>
      {children}
    </section>
  );
}

/**
 * The signed-in member's bar read on its own (the cart page): nothing for a guest or a signed-out
 * visitor, nothing with the discountThresholds flag off, nothing while it loads and nothing when
 * the progress cannot be read (SPEC §8 'Discount progress failure: not shown').
 */
export function MemberLoyaltyProgress(props: Omit<LoyaltyProgressProps, 'progress'>) {
  const appProps = useAppProps();
  const shown = isSignedInMember(appProps) && appProps.flags.discountThresholds === 1;
  const progress = useQuery({ ...memberProgressQueryOptions(appProps.memberIdentifier), enabled: shown });
  if (!shown || !progress.data) return null;
  return <LoyaltyProgress progress={progress.data} {...props} />;
}
