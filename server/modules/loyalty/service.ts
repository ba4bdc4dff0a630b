/**
 * The loyalty programme (SPEC §2, §3, §7): the levels, a member's progress through them and the
 * page's texts. The levels and the turnover are the cart's own figures (cart/index.ts
 * loyaltyFigures) and the progress is src/domain/loyalty.ts on the cart's level rule, so the page
 * and the cart's discount never disagree. With the discountThresholds flag off none of it exists.
 */
import type { DiscountThresholdRecord, LoyaltyStatics, MemberProgress } from '../../../src/contract/loyalty';
import { memberProgress } from '../../../src/domain/loyalty';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import type { Database } from '../../db/client';
import { notFound, unauthorised } from '../../errors';
import { LOYALTY_STATICS } from '../../seed/data/loyalty';
import { loyaltyFigures } from '../cart/index';
import { createLoyaltyRepository } from './repository';

export interface LoyaltySettings {
  /** SPEC §3 feature flag discountThresholds equals 1. */
  enabled: boolean;
}

export function createLoyaltyService({ db, settings }: { db: Database; settings: LoyaltySettings }) {
  const figures = loyaltyFigures(db);
  const repository = createLoyaltyRepository(db);

  function requireEnabled(): void {
    if (!settings.enabled) throw notFound();
  }

  async function thresholds(): Promise<DiscountThresholdRecord[]> {
    const rows = await figures.thresholds();
    return rows.map((row) => ({ id: row.id, name: row.name, color: row.color, icon: row.icon, discount: row.discount, amount_from: row.amountFrom, amount_to: row.amountTo }));
  }

  return {
    async thresholds(): Promise<DiscountThresholdRecord[]> {
      requireEnabled();
      return thresholds();
    },

    statics(): LoyaltyStatics {
      requireEnabled();
      return { loyalty_discounts_top_text: LOYALTY_STATICS.loyalty_discounts_top_text, loyalty_discounts_bottom_text: LOYALTY_STATICS.loyalty_discounts_bottom_text };
    },

    /**
     * The progress of `memberId`, for the member signed in as `signedIn` only: anyone else's id
     * is not found, whether or not it exists, so ids cannot be probed.
     */
    async progress(signedIn: number | null, memberId: number): Promise<MemberProgress> {
      requireEnabled();
      if (signedIn === null || !(await repository.isMember(signedIn))) throw unauthorised(t('loyalty.sign_in_required'));
      if (memberId !== signedIn) throw notFound();
      const [levels, turnover] = await Promise.all([thresholds(), figures.turnover(signedIn)]);
      return { discountThresholds: levels, ...memberProgress(levels, turnover) };
    },
  };
}
