/**
 * The loyalty discounts page (SPEC §2): the top text, the member's progress bar (signed in only),
 * the thresholds bar and the table of levels, and the bottom text. The texts are the shop's own
 * HTML (static contents); amounts are shown as the loyalty bar writes them (no ',00', SPEC §9).
 */
import { useQuery } from '@tanstack/react-query';
import type { DiscountThresholdRecord } from '../../../contract/loyalty';
import { loyaltyAmountLabel } from '../../../domain/money';
import { LoyaltyProgress } from '../../../shared/account/loyalty-progress';
import { loyaltyStaticsQueryOptions, memberProgressQueryOptions, thresholdsQueryOptions } from '../api/loyalty';
import styles from './account.module.css';

const percent = (value: number) => `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(value)}%`;

export function LoyaltyContent({ memberId, headingLevel }: { memberId: string | null; headingLevel: 1 | 2 }) {
  const thresholds = useQuery(thresholdsQueryOptions());
  const statics = useQuery(loyaltyStaticsQueryOptions());
  const progress = useQuery({ ...memberProgressQueryOptions(memberId ?? '0'), enabled: memberId !== null });
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const levels = thresholds.data ?? progress.data?.discountThresholds ?? [];

  return (
    <section aria-labelledby="loyalty-title">
      <div className={styles.screenHead}>
        <Heading id="loyalty-title">Loyalty program</Heading>
      </div>
      {statics.data ? <div className={styles.richText} dangerouslySetInnerHTML={{ __html: statics.data.loyalty_discounts_top_text }} /> : null}
      {progress.data ? <LoyaltyProgress progress={progress.data} className={styles.section} /> : null}
      {thresholds.isError ? <p role="alert">The loyalty levels could not be loaded. Please try again later.</p> : null}
      {levels.length > 0 ? (
        <div className={styles.section}>
          <h2>Discount levels</h2>
          <ol className={styles.thresholds} aria-label="Loyalty levels from the lowest">
            {levels.map((level) => (
              <li key={level.id} className={styles.threshold} style={{ borderColor: level.color }}>
                <strong>{level.name}</strong>
                <br />
                {percent(level.discount)} off
              </li>
            ))}
          </ol>
          <ThresholdTable levels={levels} current={progress.data?.currentThresholdId ?? null} />
        </div>
      ) : null}
      {statics.data ? <div className={styles.richText} dangerouslySetInnerHTML={{ __html: statics.data.loyalty_discounts_bottom_text }} /> : null}
    </section>
  );
}

function ThresholdTable({ levels, current }: { levels: readonly DiscountThresholdRecord[]; current: number | null }) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">Loyalty levels: what you spend and the discount you get</caption>
      <thead>
        <tr>
          <th scope="col">Level</th>
          <th scope="col">You spend</th>
          <th scope="col">Discount</th>
        </tr>
      </thead>
      <tbody>
        {levels.map((level) => (
          <tr key={level.id} aria-current={level.id === current ? 'true' : undefined}>
            <th scope="row">
              {level.name}
              {level.id === current ? ' (your level)' : ''}
            </th>
            <td>{level.amount_to === null ? `${loyaltyAmountLabel(level.amount_from)} or more` : `${loyaltyAmountLabel(level.amount_from)} to ${loyaltyAmountLabel(level.amount_to)}`}</td>
            <td>{percent(level.discount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
