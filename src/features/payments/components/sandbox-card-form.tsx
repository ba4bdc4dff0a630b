/**
 * The shop's own card form, used when no Stripe keys are configured (the embedded sandbox, SPEC §2
 * payment panel): 'Card number', 'Expiry date', 'Security code', 'Name on card', checked by
 * src/domain/card-form.ts. Pay runs what Stripe.js does against Stripe: the payment intent, the
 * card confirmation, the 3-D Secure challenge when the card asks for one, then the shop's own
 * confirmation, whose answer decides. A refusal leaves the form filled in, to correct and retry.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { cardBrand, cardDetails, cardFormSchema, CARD_BRAND_NAMES, formatCardNumber, formatExpiry, securityCodeLength, type CardFormValues } from '../../../domain/card-form';
import { cardConfirmOutcome, cardErrorMessage, cardIntentStep } from '../../../domain/payments';
import { t } from '../../../domain/messages';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { errorText, type PaymentFlow } from './payment-flow';
import styles from './payment-panel.module.css';
import '../../../domain/messages-more';

interface SandboxCardFormProps {
  flow: PaymentFlow;
  /** A signed-in member may keep the card for next time. */
  offerSave: boolean;
  /** The label of the Pay button, with the amount. */
  payLabel: string;
}

export function SandboxCardForm({ flow, offerSave, payLabel }: SandboxCardFormProps) {
  const hydrated = useHydrated();
  // The expiry is checked against the clock of the moment the form is checked, not of the render.
  const resolver = useMemo<Resolver<CardFormValues>>(
    () => (values, context, options) => (zodResolver(cardFormSchema(new Date()) as never) as unknown as Resolver<CardFormValues>)(values, context, options),
    [],
  );
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<CardFormValues>({ resolver, defaultValues: { card_number: '', expiry: '', cvc: '', name: '', save_card: false } });
  const brand = cardBrand(watch('card_number'));
  // Digits typed into the server's form before the page hydrated reached the fields unformatted
  // ('1229', not '12 / 29'): once React owns the form they are formatted as if typed now, so a
  // fast customer loses nothing (issue 29: nothing done before hydration is lost).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = (name: 'card_number' | 'expiry', format: (value: string) => string) => {
      const input = formRef.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement && input.value !== '') setValue(name, format(input.value), { shouldDirty: true });
    };
    typed('card_number', formatCardNumber);
    typed('expiry', formatExpiry);
  }, [setValue]);

  const pay = handleSubmit(async (values) => {
    const card = cardDetails(values, new Date());
    if (!card || !flow.begin()) return;
    try {
      let intent;
      try {
        intent = await flow.calls.createIntent({ order_id: flow.hash, ...(offerSave && values.save_card ? { save_card: true } : {}) });
      } catch (error) {
        // SPEC §8: a payment intent that could not be made is a popup with the server's msg.
        const message = errorText(error, t('payment.unsuccessful'));
        toast.error(message);
        flow.finish({ kind: 'failed', message });
        return;
      }
      let answer = await flow.calls.sandboxConfirmCard(intent.cs, card);
      if (cardIntentStep(answer.status) === 'authenticate') {
        const choice = await flow.challenge();
        answer = await flow.calls.sandboxAuthenticate(intent.cs, choice);
      }
      const providerMessage = answer.error?.message ?? null;
      const confirmed = await flow.calls.confirmCard(flow.hash, intent.cs_session);
      const outcome = cardConfirmOutcome(confirmed);
      flow.finish(outcome.kind === 'failed' && !confirmed.msg ? { kind: 'failed', message: cardErrorMessage(providerMessage) } : outcome);
    } catch (error) {
      flow.finish({ kind: 'failed', message: cardErrorMessage(errorText(error, '')) });
    }
  });

  const cardNumber = register('card_number');
  const expiry = register('expiry');
  return (
    <form ref={formRef} className={styles.cardForm} onSubmit={(event) => void pay(event)} noValidate aria-label="Pay by card">
      <Field label={t('card_form.number')} error={errors.card_number?.message} hint={brand === 'unknown' ? undefined : CARD_BRAND_NAMES[brand]}>
        {(field) => (
          <input
            {...field}
            {...cardNumber}
            onChange={(event) => {
              event.target.value = formatCardNumber(event.target.value);
              void cardNumber.onChange(event);
            }}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            spellCheck={false}
          />
        )}
      </Field>
      <div className={styles.cardRow}>
        <Field label={t('card_form.expiry')} error={errors.expiry?.message}>
          {(field) => (
            <input
              {...field}
              {...expiry}
              onChange={(event) => {
                event.target.value = formatExpiry(event.target.value);
                void expiry.onChange(event);
              }}
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              maxLength={7}
            />
          )}
        </Field>
        <Field label={t('card_form.cvc')} error={errors.cvc?.message}>
          {(field) => (
            <input
              {...field}
              {...register('cvc')}
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={securityCodeLength(brand) === 4 ? '1234' : '123'}
              maxLength={4}
            />
          )}
        </Field>
      </div>
      <Field label={t('card_form.name')} error={errors.name?.message}>
        {(field) => <input {...field} {...register('name')} type="text" autoComplete="cc-name" spellCheck={false} />}
      </Field>
      {offerSave ? (
        <label className={styles.check}>
          <input type="checkbox" {...register('save_card')} />
          {t('payment.save_card')}
        </label>
      ) : null}
      <Button type="submit" variant="primary" block disabled={!hydrated} aria-disabled={flow.busy}>
        {flow.busy ? t('payment.paying') : payLabel}
      </Button>
    </form>
  );
}
