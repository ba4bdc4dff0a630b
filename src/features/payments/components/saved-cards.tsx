/**
 * A signed-in member's saved cards in the payment panel (SPEC §2 payment preferences, §3 member
 * card): each with its brand, last four digits, expiry and the default badge, and 'Pay with this
 * card', which pays at once (create-payment-intent with member_card_id). A card that asks for
 * 3-D Secure opens the challenge: the sandbox's dialog, or Stripe's own (handleNextAction).
 */
import { toast } from 'sonner';
import type { MemberCard } from '../../../contract/payments';
import { CARD_BRAND_NAMES, type CardBrand } from '../../../domain/card-form';
import { cardConfirmOutcome, cardErrorMessage, cardExpiry, cardIntentStep, maskedCard } from '../../../domain/payments';
import { t } from '../../../domain/messages';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { errorText, type PaymentFlow } from './payment-flow';
import styles from './payment-panel.module.css';
import '../../../domain/messages-more';

const brandName = (brand: string) => CARD_BRAND_NAMES[brand.toLowerCase() as CardBrand] ?? brand;

interface SavedCardsProps {
  flow: PaymentFlow;
  cards: readonly MemberCard[];
  /** Stripe's publishable key when cards go to Stripe; null on the sandbox. */
  publishableKey: string | null;
}

export function SavedCards({ flow, cards, publishableKey }: SavedCardsProps) {
  const hydrated = useHydrated();

  const payWith = async (card: MemberCard) => {
    if (!flow.begin()) return;
    try {
      let intent;
      try {
        intent = await flow.calls.createIntent({ order_id: flow.hash, member_card_id: card.id });
      } catch (error) {
        const message = errorText(error, t('payment.unsuccessful'));
        toast.error(message);
        flow.finish({ kind: 'failed', message });
        return;
      }
      let providerMessage: string | null = null;
      if (cardIntentStep(intent.status) === 'authenticate') {
        if (publishableKey) {
          const { stripeFor } = await import('./stripe-instance');
          const stripe = await stripeFor(publishableKey);
          const result = await stripe?.handleNextAction({ clientSecret: intent.cs });
          providerMessage = result?.error?.message ?? null;
        } else {
          const answer = await flow.calls.sandboxAuthenticate(intent.cs, await flow.challenge());
          providerMessage = answer.error?.message ?? null;
        }
      }
      const confirmed = await flow.calls.confirmCard(flow.hash, intent.cs_session);
      const outcome = cardConfirmOutcome(confirmed);
      flow.finish(outcome.kind === 'failed' && !confirmed.msg ? { kind: 'failed', message: cardErrorMessage(providerMessage) } : outcome);
    } catch (error) {
      flow.finish({ kind: 'failed', message: cardErrorMessage(errorText(error, '')) });
    }
  };

  return (
    <section className={styles.savedCards} aria-labelledby="saved-cards-title">
      <h3 id="saved-cards-title" className={styles.subTitle}>
        Your saved cards
      </h3>
      <ul className={styles.cardList}>
        {cards.map((card) => {
          const name = `${brandName(card.brand)} ${maskedCard(card.card)}`;
          return (
            <li key={card.id} className={styles.savedCard}>
              <div className={styles.savedCardText}>
                <strong>{name}</strong>
                <span className={styles.muted}>
                  Expires {cardExpiry(card.exp_month, card.exp_year)} · {card.member.full_name}
                </span>
                {card.is_default ? <span className={styles.badge}>Default</span> : null}
              </div>
              <Button variant="secondary" onClick={() => void payWith(card)} disabled={!hydrated} aria-disabled={flow.busy} aria-label={`Pay with this card: ${name}`}>
                Pay with this card
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
