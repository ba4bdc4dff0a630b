/**
 * The loyalty programme (SPEC §2, §3, §7): the levels, a member's progress through them and the
 * page's texts. The levels and the turnover are the cart's own figures (cart/index.ts
 * loyaltyFigures) and the progress is src/domain/loyalty.ts on the cart's level rule, so the page
 * and the cart's discount never disagree. The texts live among the content pages, where the back
 * office edits them. With the discountThresholds flag off none of it exists.
 */
import type { DiscountThresholdRecord, LoyaltyStatics, MemberProgress } from '../../../src/contract/loyalty';
import { LOYALTY_TEXT_SLUGS } from '../../../src/domain/admin-content';
import { memberProgress } from '../../../src/domain/loyalty';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import type { Database } from '../../db/client';
import { notFound, unauthorised } from '../../errors';
import { loyaltyFigures } from '../cart/index';
import { createStaticPageAdminService } from '../static-pages/index';
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

    /** The page's two texts as the shop (or its staff, in the back office) last wrote them; '' for one never written. */
    async statics(): Promise<LoyaltyStatics> {
      requireEnabled();
      const rows = await repository.texts([LOYALTY_TEXT_SLUGS.top, LOYALTY_TEXT_SLUGS.bottom]);
      const text = (slug: string) => rows.find((row) => row.slug === slug)?.content ?? '';
      return { loyalty_discounts_top_text: text(LOYALTY_TEXT_SLUGS.top), loyalty_discounts_bottom_text: text(LOYALTY_TEXT_SLUGS.bottom) };
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

/**
 * The levels and the page's texts as the back office edits them (SQL: repository.ts; the texts are
 * saved by the static pages module, which owns the content pages); on `db`, a transaction's handle
 * or the database.
 */
export function createLoyaltyAdminService(db: Database) {
  const repository = createLoyaltyRepository(db);
  const { saveText } = createStaticPageAdminService(db);
  return { thresholds: repository.thresholds, replaceThresholds: repository.replaceThresholds, texts: repository.texts, lockTexts: repository.lockTexts, saveText, isMember: repository.isMember };
}

export type LoyaltyAdminService = ReturnType<typeof createLoyaltyAdminService>;
