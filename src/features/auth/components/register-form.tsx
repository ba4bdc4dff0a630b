/**
 * The registration form (SPEC §2 'Registration form', §3, §4, §5): email and passwords; first and
 * last name, mobile (required) and a second phone; private or company (flag companyAccount) with
 * the company's VAT number and 'Find my company' (GET /gus/index/{nip} fills the billing address);
 * the billing address with the postcode lookup; an optional separate delivery address; the
 * marketing questionnaire of the chosen type; the terms (required) and newsletter boxes with the
 * shop's agreement texts; 'Create account' with a spinner. The domain's schema checks everything
 * at once (the same one the server uses); the server's §5 field keys land under the same fields,
 * and every problem is listed at the top, each a button to its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import type { LookedUpAddress } from '../../../contract/checkout';
import type { SignUpStatics } from '../../../contract/members';
import { DEFAULT_COUNTRY_ID } from '../../../domain/cart';
import type { MemberType } from '../../../domain/checkout-form';
import { t } from '../../../domain/messages';
import { formFieldOfServerKey, registrationFormSchema, type RegistrationForm } from '../../../domain/member-forms';
import { PASSWORD_RULE_TEXT } from '../../../domain/validation';
import { failureText } from '../../../shared/account/failure-text';
import { openLoginModal } from '../../../shared/account/login-modal-state';
import { isApiError } from '../../../shared/api/api-error';
import { PostcodeLookupField } from '../../../shared/cart/postcode-lookup';
import { useCompanyLookup, VatNumberField } from '../../../shared/forms/company-lookup';
import { AddressLines, BillingNameFields, ContactFieldset, CountryField, DeliveryFieldset, GRID_LAYOUT, kitRegister } from '../../../shared/forms/fieldsets';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useRegister } from '../api/register';
import { QuestionnaireFields } from './questionnaire-fields';
import { emptyRegistration, labelOf, orderOf, registrationBody, type RegisterValues } from './register-values';
import forms from '../../../shared/forms/forms.module.css';
import styles from './register-page.module.css';
import '../../../domain/messages-more';

/** SPEC §9: redirect after registration 3500 ms. */
export const REGISTRATION_REDIRECT_MS = 3500;

type Path = FieldPath<RegisterValues>;
type Nested = Record<string, unknown>;

/** Flattens react-hook-form's nested errors into 'member_address.postcode' → message. */
function flatErrors(errors: Nested, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof value.message === 'string') found.set(path, value.message);
    else for (const [inner, message] of flatErrors(value as Nested, path)) found.set(inner, message);
  }
  return found;
}

/** The form's field of a questionnaire problem: 'member_profile.questionnaire.how_heard(.other)' → 'answers.how_heard.chosen|other'. */
function answerField(path: string): string | null {
  const match = /^member_profile\.questionnaire\.([a-z_]+)(\.other)?$/.exec(path);
  if (!match) return null;
  return `answers.${match[1]}.${match[2] ? 'other' : 'chosen'}`;
}

/** The schema's questionnaire problems moved under the fields that edit the answers. */
function withAnswerErrors(errors: FieldErrors): FieldErrors<RegisterValues> {
  const profile = errors.member_profile as Nested | undefined;
  if (!profile?.questionnaire) return errors as FieldErrors<RegisterValues>;
  const answers: Nested = {};
  for (const [path, message] of flatErrors(profile.questionnaire as Nested, 'member_profile.questionnaire')) {
    const field = answerField(path);
    if (!field) continue;
    const [, key, leaf] = field.split('.') as [string, string, string];
    answers[key] = { ...(answers[key] as Nested | undefined), [leaf]: { type: 'validate', message } };
  }
  const { questionnaire: _, ...rest } = profile;
  const moved: Nested = { ...errors, answers };
  if (Object.keys(rest).length > 0) moved.member_profile = rest;
  else delete moved.member_profile;
  return moved as FieldErrors<RegisterValues>;
}

interface RegisterFormProps {
  statics: SignUpStatics;
  companyAccount: boolean;
}

export function RegisterForm({ statics, companyAccount }: RegisterFormProps) {
  const create = useRegister();
  const resolver = useMemo<Resolver<RegisterValues>>(() => {
    const schema = zodResolver(registrationFormSchema({ companyAccount }) as never);
    return async (values, context, options) => {
      const result = await (schema as unknown as Resolver<RegistrationForm>)(registrationBody(values), context, options as never);
      return { values: result.values, errors: withAnswerErrors(result.errors) } as Awaited<ReturnType<Resolver<RegisterValues>>>;
    };
  }, [companyAccount]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    setFocus,
    getValues,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<RegisterValues>({ resolver, defaultValues: emptyRegistration(), shouldFocusError: false });
  const summaryRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ msg: string; redirect: string } | null>(null);
  // Bumped when the VAT lookup fills the address, so the postcode field starts folded at it.
  const [filled, setFilled] = useState(0);

  const type = watch('type');
  const same = watch('same_shipping_address');
  const answers = watch('answers');
  const billingPostcode = watch('member_address.postcode');
  const shippingPostcode = watch('shipping.postcode');

  const kit = kitRegister(register);
  const all = flatErrors(errors as Nested);
  const field = (path: string) => all.get(path);
  const problems = [...all].sort(([a], [b]) => orderOf(a) - orderOf(b));
  const revalidate = { shouldValidate: submitCount > 0 };

  // SPEC §4 registration: success shows the message, then after 3.5 s the server's address.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => window.location.assign(done.redirect || '/'), REGISTRATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const copyName = (name: 'first_name' | 'last_name') => {
    if (getValues('type') === 'PRIVATE' && !getValues(`member_address.${name}`)) setValue(`member_address.${name}`, getValues(name), revalidate);
  };

  const company = useCompanyLookup({
    number: () => getValues('member_address.vat_no'),
    problem: (message, type) => {
      if (message === null) return clearErrors('member_address.vat_no');
      setError('member_address.vat_no', { type, message });
      if (type === 'validate') setFocus('member_address.vat_no');
    },
    found: (report) => {
      const options = { shouldValidate: submitCount > 0 };
      setValue('member_address.company_name', report.company_name, options);
      setValue('member_address.vat_no', report.vat_no, options);
      setValue('member_address.address1', report.address1, options);
      setValue('member_address.address2', report.address2, options);
      setValue('member_address.city', report.city, options);
      setValue('member_address.county', report.county, options);
      setValue('member_address.postcode', report.postcode, options);
      setValue('member_address.country_id', report.country_id || DEFAULT_COUNTRY_ID);
      setFilled((count) => count + 1);
    },
  });

  const changeType = (next: MemberType) => {
    setValue('type', next);
    company.clearStatus();
    // SPEC §4: private clears company name and VAT number; company clears the billing names.
    if (next === 'PRIVATE') {
      setValue('member_address.company_name', '');
      setValue('member_address.vat_no', '');
      setValue('shipping.company_name', '');
      setValue('member_address.first_name', getValues('first_name'));
      setValue('member_address.last_name', getValues('last_name'));
    } else {
      setValue('member_address.first_name', '');
      setValue('member_address.last_name', '');
    }
    clearErrors();
  };

  const fillAddress = (base: 'member_address' | 'shipping', address: LookedUpAddress) => {
    setValue(`${base}.address1`, address.address1, revalidate);
    setValue(`${base}.address2`, [address.address2, address.address3].filter(Boolean).join(', '), revalidate);
    setValue(`${base}.city`, address.city, revalidate);
    setValue(`${base}.county`, address.county, revalidate);
    setValue(`${base}.postcode`, address.postcode, revalidate);
  };

  const showProblems = () => window.setTimeout(() => summaryRef.current?.focus(), 0);

  const submit = handleSubmit(
    async (body) => {
      if (create.isPending || done) return;
      setFailure(null);
      try {
        setDone(await create.mutateAsync(body as unknown as RegistrationForm));
      } catch (error) {
        if (isApiError(error)) {
          for (const [key, messages] of Object.entries(error.errors)) {
            const name = formFieldOfServerKey(key);
            const target = answerField(name) ?? name;
            if (messages[0]) setError(target as Path, { type: 'server', message: messages[0] });
          }
          if (Object.keys(error.errors).length > 0) showProblems();
        }
        setFailure(failureText(error));
      }
    },
    () => {
      setFailure(null);
      showProblems();
    },
  );

  const busy = isSubmitting || create.isPending;

  if (done) {
    return (
      <div className={styles.done}>
        <p className={forms.success} role="status">
          {done.msg}
        </p>
        <p className={forms.info}>{t('auth.redirecting')}</p>
        <a href={done.redirect || '/'}>Go to your account now</a>
      </div>
    );
  }

  return (
    <form className={forms.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Create your account">
      {problems.length > 0 || failure ? (
        <div ref={summaryRef} className={forms.problems} role="alert" tabIndex={-1} aria-labelledby="register-problems-title">
          <h2 id="register-problems-title" className={forms.problemsTitle}>
            {problems.length > 0 ? 'Please check these details' : 'Your account could not be created'}
          </h2>
          {failure ? <p>{failure}</p> : null}
          {problems.length > 0 ? (
            <ul className={forms.problemList}>
              {problems.map(([path, message]) => (
                <li key={path}>
                  <button type="button" className={forms.problemLink} onClick={() => setFocus(path as Path)}>
                    {labelOf(path)}: {message}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <p className={forms.info}>
        Already have an account?{' '}
        <button type="button" className={forms.linkButton} onClick={() => openLoginModal()} aria-haspopup="dialog">
          Sign in
        </button>
      </p>

      <fieldset className={forms.section}>
        <legend className={forms.sectionTitle}>Your account</legend>
        <div className={forms.grid}>
          <Field label="Email" error={field('email')} className={forms.wide}>
            {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
          </Field>
          <Field label="Password" hint={t('auth.password_hint', { rule: PASSWORD_RULE_TEXT })} error={field('password')}>
            {(control) => <input {...control} {...register('password')} type="password" autoComplete="new-password" />}
          </Field>
          <Field label="Repeat password" error={field('confirm_password')}>
            {(control) => <input {...control} {...register('confirm_password')} type="password" autoComplete="new-password" />}
          </Field>
        </div>
      </fieldset>

      <ContactFieldset register={kit} error={field} onNameBlur={copyName} />

      <fieldset className={forms.section}>
        <legend className={forms.sectionTitle}>{same ? 'Billing and delivery address' : 'Billing address'}</legend>
        {companyAccount ? (
          <div className={forms.toggle} role="radiogroup" aria-label="Account type">
            <label className={forms.choice}>
              <input type="radio" name="member-type" checked={type === 'PRIVATE'} onChange={() => changeType('PRIVATE')} />
              <span>
                <strong>Private person</strong>
              </span>
            </label>
            <label className={forms.choice}>
              <input type="radio" name="member-type" checked={type === 'COMPANY'} onChange={() => changeType('COMPANY')} />
              <span>
                <strong>Company</strong>
              </span>
            </label>
          </div>
        ) : null}
        <div className={forms.grid}>
          {type === 'COMPANY' ? (
            <>
              <VatNumberField
                register={kit}
                error={field('member_address.vat_no')}
                hint="A UK VAT number (GB optional), or 10 digits; spaces and dashes are ignored."
                lookup={company}
                className={`${forms.wide} ${styles.vatRow}`}
                buttonClassName={styles.vatButton}
                statusClassName={styles.vatStatus}
                spinnerClassName={forms.spinner}
              />
              <Field label="Company name" error={field('member_address.company_name')} className={forms.wide}>
                {(control) => <input {...control} {...register('member_address.company_name')} type="text" autoComplete="organization" />}
              </Field>
            </>
          ) : (
            <BillingNameFields register={kit} error={field} layout={GRID_LAYOUT} />
          )}
          <div className={forms.wide}>
            <PostcodeLookupField
              key={`billing-${filled}`}
              label="Postcode"
              name="member_address.postcode"
              value={billingPostcode}
              onChange={(value) => setValue('member_address.postcode', value, revalidate)}
              onChoose={(address) => fillAddress('member_address', address)}
              error={field('member_address.postcode')}
              inputRef={register('member_address.postcode').ref}
              initiallyChosen={filled > 0}
            />
          </div>
          <AddressLines base="member_address" register={kit} error={field} layout={GRID_LAYOUT} />
          <CountryField label="Country" value="United Kingdom" />
        </div>
        <label className={forms.check}>
          <input type="checkbox" checked={same} onChange={(event) => setValue('same_shipping_address', event.target.checked)} />
          <span>Deliver to this address</span>
        </label>
      </fieldset>

      {same ? null : (
        <DeliveryFieldset
          register={kit}
          error={field}
          company={type === 'COMPANY'}
          postcode={{
            value: shippingPostcode,
            onChange: (value) => setValue('shipping.postcode', value, revalidate),
            onChoose: (address) => fillAddress('shipping', address),
          }}
          country="United Kingdom"
        />
      )}

      <fieldset className={forms.section}>
        <legend className={forms.sectionTitle}>{type === 'COMPANY' ? 'About your business' : 'About you'}</legend>
        <p className={forms.info}>Your answers help us tell you about the parts and offers that matter to you.</p>
        <QuestionnaireFields type={type} answers={answers} register={register} error={field} />
      </fieldset>

      <fieldset className={forms.section}>
        <legend className="visually-hidden">Agreements</legend>
        <label className={forms.check}>
          <input type="checkbox" {...register('agree_terms')} aria-invalid={Boolean(field('agree_terms'))} aria-describedby={field('agree_terms') ? 'agree-terms-error' : undefined} />
          <span className={styles.statics}>
            <StaticText html={statics.agree_terms} /> <StaticText html={statics.agree_privacy} /> <span className={styles.required}>(required)</span>
          </span>
        </label>
        {field('agree_terms') ? (
          <span id="agree-terms-error" className={forms.fieldError}>
            {field('agree_terms')}
          </span>
        ) : null}
        <label className={forms.check}>
          <input type="checkbox" {...register('newsletter')} />
          <span className={styles.statics}>
            <StaticText html={statics.agree_marketing} /> <StaticText html={statics.agree_direct_marketing} />
          </span>
        </label>
        {statics.gdpr_clause ? <StaticText html={statics.gdpr_clause} className={styles.gdpr} block /> : null}
      </fieldset>

      <Button type="submit" variant="accent" block aria-disabled={busy}>
        {busy ? <span className={forms.spinner} aria-hidden="true" /> : null}
        {busy ? t('auth.registering') : 'Create account'}
      </Button>
    </form>
  );
}

/** An agreement text of the shop's content (SPEC §3 sign-up statics): HTML written by the shop, drawn as such. */
function StaticText({ html, className, block = false }: { html: string; className?: string; block?: boolean }) {
  const Tag = block ? 'div' : 'span';
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

