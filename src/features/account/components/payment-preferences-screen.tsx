/**
 * 'Payment preferences' (SPEC §2): the member's saved cards as tiles — brand, the default badge,
 * the member's full name, the masked last digits and the expiry. 'Remove' asks 'Are you sure?' /
 * 'Remove current payment method'; a removed card's tile leaves with a toast. The spec's edit
 * button is an unfinished placeholder there, so it is not drawn here.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import type { MemberCard } from '../../../contract/payments';
import { CARD_BRAND_NAMES, type CardBrand } from '../../../domain/card-form';
import { t } from '../../../domain/messages';
import { cardExpiry, maskedCard } from '../../../domain/payments';
import { isApiError } from '../../../shared/api/api-error';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { useMemberCardList, useRemoveMemberCard } from '../api/member-cards';
import styles from './account.module.css';
import '../../../domain/messages-more';
import '../../../domain/messages-account';

const brandName = (brand: string) => CARD_BRAND_NAMES[brand.toLowerCase() as CardBrand] ?? brand;

export function PaymentPreferencesScreen() {
  const cards = useMemberCardList(true);
  const remove = useRemoveMemberCard();
  const [confirming, setConfirming] = useState<MemberCard | null>(null);

  const confirmRemove = async () => {
    if (!confirming || remove.isPending) return;
    try {
      const answer = await remove.mutateAsync(confirming.id);
      toast.success(answer.msg);
      setConfirming(null);
    } catch (error) {
      toast.error(isApiError(error) ? error.msg : t('validation.error'));
    }
  };

  const list = cards.isError ? [] : (cards.data ?? null);
  return (
    <section aria-labelledby="payment-preferences-title">
      <div className={styles.screenHead}>
        <h1 id="payment-preferences-title">Payment preferences</h1>
      </div>
      <p className={styles.intro}>{t('account.cards_intro')}</p>
      {list === null ? (
        <p role="status">Loading your cards…</p>
      ) : list.length === 0 ? (
        <p className={styles.empty}>{t('payment_preferences.empty')}</p>
      ) : (
        <ul role="list" className={styles.tiles}>
          {list.map((card) => (
            <CardTile key={card.id} card={card} onRemove={() => setConfirming(card)} />
          ))}
        </ul>
      )}
      <ConfirmRemoveDialog
        what={
          confirming ? (
            <>
              {brandName(confirming.brand)} {maskedCard(confirming.card)}, expires {cardExpiry(confirming.exp_month, confirming.exp_year)}
            </>
          ) : null
        }
        description={t('payment_preferences.remove')}
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

function CardTile({ card, onRemove }: { card: MemberCard; onRemove: () => void }) {
  const hydrated = useHydrated();
  const name = `${brandName(card.brand)} ${maskedCard(card.card)}`;
  return (
    <li className={styles.tile} aria-label={name}>
      <div className={styles.tileHead}>
        <strong>{brandName(card.brand)}</strong>
        {card.is_default ? <span className={styles.badge}>Default</span> : null}
      </div>
      <span className={styles.cardDigits}>{maskedCard(card.card)}</span>
      <span>{card.member.full_name}</span>
      <span className={styles.muted}>
        Expires {String(card.exp_month).padStart(2, '0')}/{card.exp_year}
      </span>
      <button type="button" className={styles.linkButton} onClick={onRemove} disabled={!hydrated} aria-label={`Remove ${name}`}>
        Remove
      </button>
    </li>
  );
}
