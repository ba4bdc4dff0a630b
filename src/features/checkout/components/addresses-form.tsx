/**
 * The addresses step's form (SPEC §2, §3, §4, §5): register or continue as a guest (visitors
 * only), email and passwords, contact details, private or company (with the companyAccount flag),
 * the billing address, 'same delivery address' or a separate delivery block, delivery comments,
 * and the 'Order summary' button. The domain's schema checks everything at once; the server's 422
 * field errors land under the same fields. Every problem is also listed, by field name, at the top.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import type { Cart } from '../../../contract/cart';
import type { LookedUpAddress } from '../../../contract/checkout';
import { DEFAULT_COUNTRY_ID } from '../../../domain/cart';
import { checkoutFormSchema, COMMENTS_MAX_LENGTH } from '../../../domain/checkout-form';
import { t } from '../../../domain/messages';
import { PASSWORD_RULE_TEXT } from '../../../domain/validation';
import { isApiError } from '../../../shared/api/api-error';
import { newIdempotencyKey, useCartWrite } from '../../../shared/cart/cart-api';
import { NeedsSignal } from '../../../shared/cart/needs-signal';
import { PostcodeLookupField } from '../../../shared/cart/postcode-lookup';
import { saveAddress } from '../../../shared/cart/saved-address';
import { Button } from '../../../shared/ui/button';
import { AddressLines, BillingNameFields, ContactFieldset, CountryField, DeliveryFieldset, GRID_LAYOUT, kitRegister } from '../../../shared/forms/fieldsets';
import { Field } from '../../../shared/ui/field';
import { FIELD_LABELS, FIELD_ORDER, type AddressesFormValues } from './checkout-form-values';
import { SignInPanel } from './sign-in-panel';
import forms from '../../../shared/forms/forms.module.css';
import styles from './addresses-page.module.css';
import '../../../domain/messages-more';

interface AddressesFormProps {
  cart: Cart;
  defaults: AddressesFormValues;
  signedIn: boolean;
  companyAccount: boolean;
  countries: Readonly<Record<string, string>>;
}

type Path = FieldPath<AddressesFormValues>;

/** Flattens react-hook-form's nested errors into 'member_address.postcode' → message. */
function flatErrors(errors: FieldErrors<AddressesFormValues>, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof value.message === 'string') found.set(path, value.message);
    else for (const [inner, message] of flatErrors(value as FieldErrors<AddressesFormValues>, path)) found.set(inner, message);
  }
  return found;
}

export function AddressesForm({ cart, defaults, signedIn, companyAccount, countries }: AddressesFormProps) {
  const navigate = useNavigate();
  const save = useCartWrite('update-shipping');
  const resolver = useMemo(() => zodResolver(checkoutFormSchema({ signedIn, companyAccount }) as never), [signedIn, companyAccount]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<AddressesFormValues>({ resolver: resolver as never, defaultValues: defaults, shouldFocusError: false });
  const summaryRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const isGuest = watch('is_guest');
  const type = watch('type');
  const same = watch('same_shipping_address');
  const billingPostcode = watch('member_address.postcode');
  const shippingPostcode = watch('shipping.postcode');

  // SPEC §5: for a UK region the delivery postcode is the one the cart was priced for.
  const lockedPostcode = cart.region?.is_uk && cart.region_postcode !== '' ? cart.region_postcode : null;
  const deliveryCountry = cart.region?.country_id ?? DEFAULT_COUNTRY_ID;
  const countryName = (id: number) => countries[String(id)] ?? (id === DEFAULT_COUNTRY_ID ? 'United Kingdom' : '');

  const kit = kitRegister(register);
  const field = (path: string) => errors && flatErrors(errors).get(path);
  const problems = [...flatErrors(errors)].sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b));

  // The contact's name is usually the billing name too: filled in where the person left it empty.
  const copyName = (name: 'first_name' | 'last_name') => {
    const value = getValues(name);
    if (getValues('type') === 'PRIVATE' && !getValues(`member_address.${name}`)) setValue(`member_address.${name}`, value, { shouldValidate: submitCount > 0 });
  };

  const changeType = (next: 'PRIVATE' | 'COMPANY') => {
    setValue('type', next);
    // SPEC §4: private clears company name and VAT number; company clears first and last name.
    if (next === 'PRIVATE') {
      setValue('member_address.company_name', '');
      setValue('member_address.vat_no', '');
      setValue('shipping.company_name', '');
    } else {
      setValue('member_address.first_name', '');
      setValue('member_address.last_name', '');
    }
  };

  const changeSame = (next: boolean) => {
    setValue('same_shipping_address', next);
    // SPEC §4: one address is BOTH; two are BILLING and DELIVERY.
    setValue('member_address.address_type', next ? 'BOTH' : 'BILLING');
    setValue('shipping.address_type', 'DELIVERY');
    if (next) {
      // The single address is the delivery address: its postcode and country are the cart's.
      if (lockedPostcode) setValue('member_address.postcode', lockedPostcode);
      setValue('member_address.country_id', deliveryCountry);
    } else {
      if (lockedPostcode) setValue('shipping.postcode', lockedPostcode);
      setValue('shipping.country_id', deliveryCountry);
      setValue('member_address.country_id', DEFAULT_COUNTRY_ID);
      const billing = getValues('member_address');
      if (!getValues('shipping.address1')) {
        setValue('shipping.address1', billing.address1);
        setValue('shipping.address2', billing.address2);
        setValue('shipping.city', billing.city);
        setValue('shipping.county', billing.county);
      }
    }
  };

  const fillAddress = (base: 'member_address' | 'shipping', address: LookedUpAddress) => {
    setValue(`${base}.address1`, address.address1, { shouldValidate: submitCount > 0 });
    setValue(`${base}.address2`, [address.address2, address.address3].filter(Boolean).join(', '), { shouldValidate: submitCount > 0 });
    setValue(`${base}.city`, address.city, { shouldValidate: submitCount > 0 });
    setValue(`${base}.county`, address.county, { shouldValidate: submitCount > 0 });
    setValue(`${base}.postcode`, address.postcode, { shouldValidate: submitCount > 0 });
    const isDeliveryAddress = base === 'shipping' || same;
    if (isDeliveryAddress) saveAddress(address);
  };

  const showProblems = () => window.setTimeout(() => summaryRef.current?.focus(), 0);

  const submit = handleSubmit(
    async (values) => {
      if (save.isPending) return;
      setFailure(null);
      const body = { ...values, shipping: values.same_shipping_address ? undefined : values.shipping };
      try {
        const answer = await save.mutateAsync({ body, idempotencyKey: newIdempotencyKey() });
        if (answer.signed_in) toast.success(t('checkout.registered'));
        await navigate({ to: '/checkout/summary' });
      } catch (error) {
        if (!isApiError(error)) throw error;
        for (const [path, messages] of Object.entries(error.errors)) {
          if (messages[0] && path in FIELD_LABELS) setError(path as Path, { type: 'server', message: messages[0] });
        }
        // SPEC §8: checkout errors are popups with the server's message.
        toast.error(error.msg);
        setFailure(error.msg);
        if (Object.keys(error.errors).length > 0) showProblems();
        // An empty cart has nothing to deliver: back to the cart (SPEC §2).
        if (error.status === 404) await navigate({ to: '/cart' });
      }
    },
    () => {
      setFailure(null);
      toast.error(t('validation.error'));
      showProblems();
    },
  );

  const busy = isSubmitting || save.isPending;
  return (
    <form className={forms.form} onSubmit={(event) => void submit(event)} noValidate>
      {problems.length > 0 || failure ? (
        <div ref={summaryRef} className={forms.problems} role="alert" tabIndex={-1} aria-labelledby="addresses-problems-title">
          <h2 id="addresses-problems-title" className={forms.problemsTitle}>
            {problems.length > 0 ? 'Please check these details' : 'Your details could not be saved'}
          </h2>
          {failure && problems.length === 0 ? <p>{failure}</p> : null}
          {problems.length > 0 ? (
            <ul className={forms.problemList}>
              {problems.map(([path, message]) => (
                <li key={path}>
                  <button type="button" className={forms.problemLink} onClick={() => setFocus(path as Path)}>
                    {FIELD_LABELS[path] ?? path}: {message}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {signedIn ? null : (
        <fieldset className={forms.section}>
          <legend className={forms.sectionTitle}>Your account</legend>
          <SignInPanel />
          <div className={forms.toggle} role="radiogroup" aria-label="How would you like to check out?">
            <label className={forms.choice}>
              <input type="radio" checked={isGuest} onChange={() => setValue('is_guest', true)} name="account-mode" />
              <span>
                <strong>Continue as a guest</strong>
                <span className={styles.muted}>We only keep your details for this order.</span>
              </span>
            </label>
            <label className={forms.choice}>
              <input type="radio" checked={!isGuest} onChange={() => setValue('is_guest', false)} name="account-mode" />
              <span>
                <strong>Create an account</strong>
                <span className={styles.muted}>Track your orders and returns, and check out faster next time.</span>
              </span>
            </label>
          </div>
          <div className={forms.grid}>
            <Field label="Email" error={field('email')} className={forms.wide}>
              {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
            </Field>
            {isGuest ? null : (
              <>
                <Field label="Password" hint={`Your password must be ${PASSWORD_RULE_TEXT}.`} error={field('password')}>
                  {(control) => <input {...control} {...register('password')} type="password" autoComplete="new-password" />}
                </Field>
                <Field label="Repeat password" error={field('confirm_password')}>
                  {(control) => <input {...control} {...register('confirm_password')} type="password" autoComplete="new-password" />}
                </Field>
              </>
            )}
          </div>
        </fieldset>
      )}

      <ContactFieldset register={kit} error={field} onNameBlur={copyName} />

      <fieldset className={forms.section}>
        <legend className={forms.sectionTitle}>{same ? 'Billing and delivery address' : 'Billing address'}</legend>
        {companyAccount ? (
          <div className={forms.toggle} role="radiogroup" aria-label="Buying as">
            <label className={forms.choice}>
              <input type="radio" name="member-type" checked={type === 'PRIVATE'} onChange={() => changeType('PRIVATE')} />
              <strong>Private person</strong>
            </label>
            <label className={forms.choice}>
              <input type="radio" name="member-type" checked={type === 'COMPANY'} onChange={() => changeType('COMPANY')} />
              <strong>Company</strong>
            </label>
          </div>
        ) : null}
        <div className={forms.grid}>
          {type === 'COMPANY' ? (
            <>
              <Field label="Company name" error={field('member_address.company_name')}>
                {(control) => <input {...control} {...register('member_address.company_name')} type="text" autoComplete="organization" />}
              </Field>
              <Field label="VAT number" hint="A UK VAT number (GB optional), or 10 digits; spaces and dashes are ignored." error={field('member_address.vat_no')}>
                {(control) => <input {...control} {...register('member_address.vat_no')} type="text" autoComplete="off" />}
              </Field>
            </>
          ) : (
            <BillingNameFields register={kit} error={field} layout={GRID_LAYOUT} />
          )}
          <div className={forms.wide}>
            <PostcodeLookupField
              label="Postcode"
              name="member_address.postcode"
              hint={same && lockedPostcode ? 'The delivery postcode from your cart. Change it in the cart.' : undefined}
              value={billingPostcode}
              onChange={(value) => setValue('member_address.postcode', value, { shouldValidate: submitCount > 0 })}
              onChoose={(address) => fillAddress('member_address', address)}
              disabled={Boolean(same && lockedPostcode)}
              error={field('member_address.postcode')}
              inputRef={register('member_address.postcode').ref}
              lookup={(same ? deliveryCountry : DEFAULT_COUNTRY_ID) === DEFAULT_COUNTRY_ID}
              initiallyChosen={defaults.member_address.address1 !== ''}
            />
          </div>
          <AddressLines base="member_address" register={kit} error={field} layout={GRID_LAYOUT} />
          <CountryField label="Country" hint="We deliver to the country of the region chosen in your cart." value={countryName(watch('member_address.country_id'))} />
        </div>
        <label className={forms.check}>
          <input type="checkbox" checked={same} onChange={(event) => changeSame(event.target.checked)} />
          <span>Deliver to this address</span>
        </label>
      </fieldset>

      {same ? null : (
        <DeliveryFieldset
          register={kit}
          error={field}
          company={type === 'COMPANY'}
          postcode={{
            hint: lockedPostcode ? 'The delivery postcode from your cart. Change it in the cart.' : undefined,
            value: shippingPostcode,
            onChange: (value) => setValue('shipping.postcode', value, { shouldValidate: submitCount > 0 }),
            onChoose: (address) => fillAddress('shipping', address),
            disabled: Boolean(lockedPostcode),
            lookup: deliveryCountry === DEFAULT_COUNTRY_ID,
            initiallyChosen: defaults.shipping.address1 !== '',
          }}
          country={countryName(deliveryCountry)}
        />
      )}

      <fieldset className={forms.section}>
        <legend className={forms.sectionTitle}>Delivery comments</legend>
        <Field label="Anything the driver should know (optional)" hint={`At most ${COMMENTS_MAX_LENGTH} characters.`} error={field('cart.comments_delivery')}>
          {(control) => <textarea {...control} {...register('cart.comments_delivery')} rows={3} maxLength={COMMENTS_MAX_LENGTH} />}
        </Field>
      </fieldset>

      <fieldset className={forms.section}>
        <legend className="visually-hidden">Agreements</legend>
        {signedIn ? null : (
          <>
            <label className={forms.check}>
              <input type="checkbox" {...register('agree_terms')} aria-invalid={Boolean(field('agree_terms'))} />
              <span>I accept the terms and conditions of sale (required)</span>
            </label>
            {field('agree_terms') ? <span className={forms.fieldError}>{field('agree_terms')}</span> : null}
            {isGuest ? (
              <>
                <label className={forms.check}>
                  <input type="checkbox" {...register('agree_privacy')} aria-invalid={Boolean(field('agree_privacy'))} />
                  <span>I agree to my details being used for this order as the privacy policy describes (required)</span>
                </label>
                {field('agree_privacy') ? <span className={forms.fieldError}>{field('agree_privacy')}</span> : null}
              </>
            ) : null}
          </>
        )}
        <label className={forms.check}>
          <input type="checkbox" {...register('newsletter')} />
          <span>Email me offers and news about parts for my vehicles</span>
        </label>
      </fieldset>

      <NeedsSignal pendingChanges={0} />
      <Button type="submit" variant="accent" block aria-disabled={busy}>
        {busy ? 'Saving…' : 'Order summary'}
      </Button>
    </form>
  );
}

