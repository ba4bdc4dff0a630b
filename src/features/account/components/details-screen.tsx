/**
 * 'My details' (SPEC §2, §3 Member record, §5 member details): account, contact, billing address
 * and an optional separate delivery address; private or company (flag companyAccount). The rules
 * are the domain's (member-forms.ts memberDetailsFormSchema, the server's check too); the server's
 * field errors land under their fields. Saving clears a private member's company fields (SPEC §5).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import type { MemberDetails } from '../../../contract/members';
import { DEFAULT_COUNTRY_ID } from '../../../domain/cart';
import { formFieldOfServerKey, memberDetailsFormSchema, type MemberDetailsFormInput } from '../../../domain/member-forms';
import { t } from '../../../domain/messages';
import { normalisePostcode } from '../../../domain/validation';
import { isApiError } from '../../../shared/api/api-error';
import { useFlags } from '../../../shared/app-props';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useCompanyLookup, VatNumberField } from '../../../shared/forms/company-lookup';
import { AddressLines, BillingNameFields, ContactFields, CountryField, DeliveryNameFields, kitRegister, type FieldsetLayout } from '../../../shared/forms/fieldsets';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useMemberDetails, useSaveMemberDetails } from '../api/member-details';
import styles from './account.module.css';
import '../../../domain/messages-more';

type Values = {
  email: string;
  first_name: string;
  last_name: string;
  type: 'PRIVATE' | 'COMPANY';
  newsletter: boolean;
  same_shipping_address: boolean;
  member_profile: { mobile: string; phone: string; questionnaire: string };
  member_address: { first_name: string; last_name: string; company_name: string; vat_no: string; address1: string; address2: string; county: string; postcode: string; city: string; country_id: number; address_type: 'BILLING' | 'DELIVERY' | 'BOTH' };
  shipping: { first_name: string; last_name: string; company_name: string; address1: string; address2: string; county: string; postcode: string; city: string; country_id: number; address_type: 'BILLING' | 'DELIVERY' | 'BOTH'; phone: string };
};

function valuesOf(details: MemberDetails): Values {
  const billing = details.billing_address;
  const delivery = details.delivery_address;
  return {
    email: details.email,
    first_name: details.first_name,
    last_name: details.last_name,
    type: details.type,
    newsletter: details.newsletter,
    same_shipping_address: details.same_shipping_address,
    member_profile: { mobile: details.member_profile.mobile, phone: details.member_profile.phone, questionnaire: details.member_profile.questionnaire },
    member_address: {
      first_name: billing?.first_name ?? details.first_name,
      last_name: billing?.last_name ?? details.last_name,
      company_name: billing?.company_name ?? details.member_profile.company_name,
      vat_no: billing?.vat_no ?? details.member_profile.vat_no,
      address1: billing?.address1 ?? '',
      address2: billing?.address2 ?? '',
      county: billing?.county ?? '',
      postcode: billing?.postcode ?? '',
      city: billing?.city ?? '',
      country_id: billing?.country_id ?? DEFAULT_COUNTRY_ID,
      address_type: details.same_shipping_address ? 'BOTH' : 'BILLING',
    },
    shipping: {
      first_name: delivery?.first_name ?? '',
      last_name: delivery?.last_name ?? '',
      company_name: delivery?.company_name ?? '',
      address1: delivery?.address1 ?? '',
      address2: delivery?.address2 ?? '',
      county: delivery?.county ?? '',
      postcode: delivery?.postcode ?? '',
      city: delivery?.city ?? '',
      country_id: delivery?.country_id ?? DEFAULT_COUNTRY_ID,
      address_type: 'DELIVERY',
      phone: delivery?.phone ?? '',
    },
  };
}

export function DetailsScreen() {
  const details = useMemberDetails();
  return (
    <section aria-labelledby="details-title">
      <div className={styles.screenHead}>
        <h1 id="details-title">My details</h1>
      </div>
      {details.data ? <DetailsForm details={details.data} /> : details.isError ? <p role="alert">{details.error.message}</p> : <p role="status">Loading your details…</p>}
    </section>
  );
}

function DetailsForm({ details }: { details: MemberDetails }) {
  const flags = useFlags();
  const hydrated = useHydrated();
  const companyAccount = flags.companyAccount === 1;
  const save = useSaveMemberDetails();
  const resolver = useMemo(() => zodResolver(memberDetailsFormSchema({ companyAccount }) as never), [companyAccount]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    getValues,
    setValue,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: valuesOf(details), resolver: resolver as never, shouldFocusError: true });
  const type = watch('type');
  const same = watch('same_shipping_address');
  const company = companyAccount && type === 'COMPANY';

  const submit = handleSubmit(async (values) => {
    if (save.isPending) return;
    // SPEC §5: a private member keeps no company fields; the addresses' types follow the checkbox (SPEC §4).
    const body: MemberDetailsFormInput = {
      ...values,
      member_address: {
        ...values.member_address,
        ...(company ? {} : { company_name: '', vat_no: '' }),
        address_type: values.same_shipping_address ? 'BOTH' : 'BILLING',
      },
      ...(values.same_shipping_address ? { shipping: undefined } : { shipping: { ...values.shipping, address_type: 'DELIVERY' } }),
    };
    try {
      const answer = await save.mutateAsync(body);
      toast.success(answer.msg);
      reset(valuesOf(answer.memberDetails));
    } catch (error) {
      if (!isApiError(error)) throw error;
      for (const [key, messages] of Object.entries(error.errors)) {
        if (messages[0]) setError(formFieldOfServerKey(key) as FieldPath<Values>, { type: 'server', message: messages[0] });
      }
      toast.error(error.msg);
    }
  });

  /** SPEC §7 GET /gus/index/{nip}: the register's answer fills the billing address; a field it does not know keeps what was typed. */
  const lookup = useCompanyLookup({
    number: () => getValues('member_address.vat_no'),
    problem: (message, type) => (message === null ? clearErrors('member_address.vat_no') : setError('member_address.vat_no', { type, message })),
    found: (report) => {
      for (const field of ['company_name', 'vat_no', 'address1', 'address2', 'city', 'county', 'postcode'] as const) {
        if (report[field] !== '') setValue(`member_address.${field}`, report[field], { shouldDirty: true });
      }
    },
    failure: (error) => (isApiError(error) ? error.msg : t('validation.error')),
  });

  const errorOf = (name: string) => (name.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], errors) as { message?: string } | undefined)?.message;
  const kit = kitRegister(register);
  const layout: FieldsetLayout = { row: styles.formRow };

  const text = (name: FieldPath<Values>, label: string, options: { autoComplete?: string; type?: string; hint?: string; upper?: boolean } = {}) => {
    return (
      <Field label={label} hint={options.hint} error={errorOf(name)}>
        {(field) => (
          <input
            {...field}
            {...register(name, options.upper ? { setValueAs: (value: string) => normalisePostcode(value) } : {})}
            type={options.type ?? 'text'}
            autoComplete={options.autoComplete}
          />
        )}
      </Field>
    );
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label="My details">
      <fieldset className={styles.fieldset}>
        <legend>Account</legend>
        {companyAccount ? (
          <div role="radiogroup" aria-label="Account type" className={styles.choiceRow}>
            <label className={styles.choice}>
              <input type="radio" value="PRIVATE" {...register('type')} /> Private person
            </label>
            <label className={styles.choice}>
              <input type="radio" value="COMPANY" {...register('type')} /> Company
            </label>
          </div>
        ) : null}
        {text('email', 'Email', { autoComplete: 'email', type: 'email' })}
        <ContactFields register={kit} error={errorOf} layout={layout} />
        <label className={styles.choice}>
          <input type="checkbox" {...register('newsletter')} /> Send me news and offers by email
        </label>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Billing address</legend>
        {company ? (
          <div className={styles.formRow}>
            {text('member_address.company_name', 'Company name', { autoComplete: 'organization' })}
            <VatNumberField
              register={kit}
              error={errorOf('member_address.vat_no')}
              hint="A UK VAT number (GB optional), or 10 digits."
              lookup={lookup}
              className={styles.vatField}
              statusClassName={styles.muted}
              disabled={!hydrated}
            />
          </div>
        ) : (
          <BillingNameFields register={kit} error={errorOf} layout={layout} />
        )}
        <AddressLines base="member_address" register={kit} error={errorOf} layout={layout} />
        <div className={styles.formRow}>
          {text('member_address.postcode', 'Postcode', { autoComplete: 'billing postal-code', upper: true })}
          <CountryField label="Country" value="United Kingdom" />
        </div>
      </fieldset>

      <label className={styles.choice}>
        <input type="checkbox" {...register('same_shipping_address')} /> Deliver to my billing address
      </label>

      {same ? null : (
        <fieldset className={styles.fieldset}>
          <legend>Delivery address</legend>
          <DeliveryNameFields register={kit} error={errorOf} layout={layout} />
          {company ? text('shipping.company_name', 'Company name (optional)', { autoComplete: 'shipping organization' }) : null}
          <AddressLines base="shipping" register={kit} error={errorOf} layout={layout} />
          <div className={styles.formRow}>
            {text('shipping.postcode', 'Delivery postcode', { autoComplete: 'shipping postal-code', upper: true })}
            {text('shipping.phone', 'Delivery phone', { type: 'tel', autoComplete: 'shipping tel' })}
          </div>
        </fieldset>
      )}
      <div>
        <Button type="submit" disabled={!hydrated} aria-disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save my details'}
        </Button>
      </div>
    </form>
  );
}
