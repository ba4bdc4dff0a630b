/**
 * The payment panel (SPEC §2 'Payment panel', §4 payment state, §8 payment messages), on
 * /order-created and /payments/pay-now/{hash}: a member's saved cards, PayPal's buttons and/or the
 * card form with its Pay button, with 'or' between them when both show; each method only while
 * the shop offers it (GET /payments/methods.json, null when its flag is off). With provider keys
 * the card form is Stripe's Payment Element and the buttons PayPal's own, each loaded with its SDK
 * as a separate chunk only here; without keys, the embedded sandbox's stand-ins.
 *
 * One payment runs at a time. Success hides the forms, shows 'Payment Successful…' and the
 * transaction line, then opens /order-paid after 1500 ms (SPEC §9); a refusal is told in the
 * panel and the forms stay, to try again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { orderPaidPath } from '../../../contract/payments';
import { formatMoney } from '../../../domain/money';
import { PAYMENT_REDIRECT_MS, transactionLine, type PaymentOutcome, type Transaction } from '../../../domain/payments';
import { t } from '../../../domain/messages';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { InlinePending } from '../../../shared/ui/page-pending';
import { useMemberCards, usePaymentMethods } from '../api/payment-queries';
import { usePaymentCalls } from '../api/payment-calls';
import type { ChallengeAnswer, PaymentFlow } from './payment-flow';
import { SandboxCardForm } from './sandbox-card-form';
import { SandboxPaypal } from './sandbox-paypal';
import { SavedCards } from './saved-cards';
import { ThreeDSecureDialog } from './three-d-secure-dialog';
import styles from './payment-panel.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';
import '../../../domain/messages-more';

// The providers' SDKs come with these, fetched only when the shop uses that provider.
const StripeCard = lazyWhenOnline(() => import('./stripe-card'));
const PaypalButtons = lazyWhenOnline(() => import('./paypal-buttons'));

type Notice = { tone: 'error' | 'warning'; text: string };

interface PaymentPanelProps {
  /** The order's hash. */
  hash: string;
  /** What is to pay, in pence (the order's to_pay). */
  amount: number;
  /** A PaymentIntent id that Stripe's redirect brought back (a redirect-based payment method). */
  returnedIntent?: string | undefined;
}

export function PaymentPanel({ hash, amount, returnedIntent }: PaymentPanelProps) {
  const hydrated = useHydrated();
  const props = useAppProps();
  const member = isSignedInMember(props);
  const methods = usePaymentMethods();
  const cards = useMemberCards(member);
  const calls = usePaymentCalls();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [paid, setPaid] = useState<{ transaction: Transaction | null; redirect: string | null } | null>(null);
  const [challenge, setChallenge] = useState<((answer: ChallengeAnswer) => void) | null>(null);

  const begin = useCallback(() => {
    if (busyRef.current) return false;
    busyRef.current = true;
    setBusy(true);
    setNotice(null);
    return true;
  }, []);

  const finish = useCallback((outcome: PaymentOutcome | { kind: 'warning'; message: string } | { kind: 'idle' }) => {
    busyRef.current = false;
    setBusy(false);
    if (outcome.kind === 'paid') setPaid({ transaction: outcome.transaction, redirect: outcome.redirect });
    else if (outcome.kind === 'failed') setNotice({ tone: 'error', text: outcome.message });
    else if (outcome.kind === 'warning') setNotice({ tone: 'warning', text: outcome.message });
    else setNotice(null);
  }, []);

  const askChallenge = useCallback(
    () =>
      new Promise<ChallengeAnswer>((resolve) => {
        setChallenge(() => (answer: ChallengeAnswer) => {
          setChallenge(null);
          resolve(answer);
        });
      }),
    [],
  );

  const flow: PaymentFlow = useMemo(() => ({ hash, calls, busy, begin, finish, challenge: askChallenge }), [hash, calls, busy, begin, finish, askChallenge]);

  // Back from a redirect-based method (Stripe's return_url): the shop asks Stripe how it ended.
  useEffect(() => {
    if (!returnedIntent || !begin()) return;
    calls
      .confirmCard(hash, returnedIntent)
      .then((answer) => finish(answer.paid ? { kind: 'paid', transaction: answer.transaction, redirect: answer.redirect } : { kind: 'failed', message: answer.msg || t('payment.unsuccessful') }))
      .catch(() => finish({ kind: 'failed', message: t('payment.unsuccessful') }));
  }, [returnedIntent, calls, hash, begin, finish]);

  // SPEC §4/§9: success shows its message, then the order-paid page after 1500 ms.
  useEffect(() => {
    if (!paid) return;
    const timer = window.setTimeout(() => {
      // Then every kept copy of this order (the checkout's too) is out of date: going back shows it paid.
      void navigate({ href: paid.redirect ?? orderPaidPath(hash), replace: true }).then(() =>
        queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(hash) }),
      );
    }, PAYMENT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [paid, hash, navigate, queryClient]);

  const payLabel = `Pay ${formatMoney(amount)}`;
  const offered = methods.data;

  return (
    <section className={styles.panel} aria-labelledby="payment-panel-title">
      <h2 id="payment-panel-title" className={styles.title}>
        Pay for your order
      </h2>
      {paid ? (
        <div className={styles.success} role="status">
          <p className={styles.successTitle}>{t('payment.successful')}</p>
          {paid.transaction ? <p>{transactionLine(paid.transaction)}</p> : null}
          <p className={styles.muted}>Taking you to your order…</p>
        </div>
      ) : !offered ? (
        methods.isError && hydrated ? (
          <div className={styles.alert} role="alert">
            <p>We could not load the ways to pay. Please try again.</p>
            <Button variant="secondary" onClick={() => void methods.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <InlinePending>Loading the ways to pay…</InlinePending>
        )
      ) : (
        <>
          <p className={styles.amount}>
            To pay <strong>{formatMoney(amount)}</strong>
          </p>
          {notice ? (
            <p className={notice.tone === 'error' ? styles.alert : styles.warning} role="alert">
              {notice.text}
            </p>
          ) : null}
          {!offered.card && !offered.paypal ? <p className={styles.warning}>{t('payment.none_offered')}</p> : null}
          {member && cards.data && cards.data.length > 0 && offered.card ? (
            <SavedCards flow={flow} cards={cards.data} publishableKey={offered.card.mode === 'stripe' ? offered.card.publishable_key : null} />
          ) : null}
          {offered.paypal ? (
            offered.paypal.mode === 'paypal' && offered.paypal.client_id ? (
              hydrated ? (
                <Suspense fallback={<InlinePending>Loading PayPal…</InlinePending>}>
                  <PaypalButtons flow={flow} clientId={offered.paypal.client_id} />
                </Suspense>
              ) : (
                <InlinePending>Loading PayPal…</InlinePending>
              )
            ) : (
              <SandboxPaypal flow={flow} amount={formatMoney(amount)} />
            )
          ) : null}
          {offered.paypal && offered.card ? (
            <p className={styles.separator}>
              <span>or</span>
            </p>
          ) : null}
          {offered.card ? (
            <section className={styles.card} aria-labelledby="card-title">
              <h3 id="card-title" className={styles.subTitle}>
                Pay by card
              </h3>
              {offered.card.mode === 'stripe' && offered.card.publishable_key ? (
                hydrated ? (
                  <Suspense fallback={<InlinePending>Loading the card form…</InlinePending>}>
                    <StripeCard flow={flow} publishableKey={offered.card.publishable_key} offerSave={member} payLabel={payLabel} />
                  </Suspense>
                ) : (
                  <InlinePending>Loading the card form…</InlinePending>
                )
              ) : (
                <>
                  <p className={styles.sandboxNote}>Card sandbox: test cards only, such as 4242 4242 4242 4242 with any future expiry date.</p>
                  <SandboxCardForm flow={flow} offerSave={member} payLabel={payLabel} />
                </>
              )}
            </section>
          ) : null}
        </>
      )}
      <ThreeDSecureDialog open={challenge !== null} onAnswer={(answer) => challenge?.(answer)} />
    </section>
  );
}
