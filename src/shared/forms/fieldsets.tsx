/**
 * The UI kit's fieldsets for a person's contact details and addresses (SPEC §3 Registration form,
 * Member record): the same fields, labels, names and autocomplete hints in registration, the
 * checkout's addresses step and the account's 'My details'. Each form keeps its own values, rules
 * and layout; a fieldset takes the form's `register` (through `kitRegister`), an `error` of a field
 * path and a layout: a two-column grid (a wide field spans both) or rows of pairs.
 */
import type { ReactNode } from 'react';
import type { FieldValues, UseFormRegister } from 'react-hook-form';
import { PostcodeLookupField, type PostcodeLookupFieldProps } from '../cart/postcode-lookup';
import { Field } from '../ui/field';
import forms from './forms.module.css';

interface AddressLinesValues {
  address1: string;
  address2: string;
  city: string;
  county: string;
  postcode: string;
}

/** What the contact and address fieldsets edit: the fields of SPEC §3 every one of the three forms has. */
export interface ContactAndAddressValues {
  first_name: string;
  last_name: string;
  member_profile: { mobile: string; phone: string };
  member_address: AddressLinesValues & { first_name: string; last_name: string; company_name: string; vat_no: string };
  shipping: AddressLinesValues & { first_name: string; last_name: string; company_name: string; phone: string };
}

export type KitRegister = UseFormRegister<ContactAndAddressValues>;

/** A form's `register` as the fieldsets call it: every form whose values hold the shared fields has them at the same paths. */
export function kitRegister<T extends ContactAndAddressValues & FieldValues>(register: UseFormRegister<T>): KitRegister {
  return register as unknown as KitRegister;
}

/** How a form lays its fields out: `wide` spans a grid's two columns; `row` puts each pair of fields in a row of its own. */
export interface FieldsetLayout {
  wide?: string | undefined;
  row?: string | undefined;
}

/** The grid of the registration and checkout forms. */
export const GRID_LAYOUT: FieldsetLayout = { wide: forms.wide };

interface KitProps {
  register: KitRegister;
  error: (path: string) => string | undefined;
  layout: FieldsetLayout;
}

function Pair({ layout, children }: { layout: FieldsetLayout; children: ReactNode }) {
  return layout.row ? <div className={layout.row}>{children}</div> : <>{children}</>;
}

/** A bordered section with its title and the grid its fields sit in. */
export function FormSection({ legend, before, children }: { legend: ReactNode; before?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={forms.section}>
      <legend className={forms.sectionTitle}>{legend}</legend>
      {before}
      <div className={forms.grid}>{children}</div>
    </fieldset>
  );
}

type NameField = 'first_name' | 'last_name';

interface ContactFieldsProps extends KitProps {
  mobileHint?: string;
  /** Called when a name field loses focus (the forms that copy it into the billing name). */
  onNameBlur?: (name: NameField) => void;
}

/** First and last name, mobile and a second phone. */
export function ContactFields({ register, error, layout, mobileHint, onNameBlur }: ContactFieldsProps) {
  const name = (field: NameField) => register(field, { onBlur: () => onNameBlur?.(field) });
  return (
    <>
      <Pair layout={layout}>
        <Field label="First name" error={error('first_name')}>
          {(control) => <input {...control} {...name('first_name')} type="text" autoComplete="given-name" />}
        </Field>
        <Field label="Last name" error={error('last_name')}>
          {(control) => <input {...control} {...name('last_name')} type="text" autoComplete="family-name" />}
        </Field>
      </Pair>
      <Pair layout={layout}>
        <Field label="Mobile" hint={mobileHint} error={error('member_profile.mobile')}>
          {(control) => <input {...control} {...register('member_profile.mobile')} type="tel" autoComplete="tel" inputMode="tel" />}
        </Field>
        <Field label="Second phone (optional)" error={error('member_profile.phone')}>
          {(control) => <input {...control} {...register('member_profile.phone')} type="tel" inputMode="tel" />}
        </Field>
      </Pair>
    </>
  );
}

/** The 'Contact details' section of registration and the checkout. */
export function ContactFieldset(props: Omit<ContactFieldsProps, 'layout' | 'mobileHint'>) {
  return (
    <FormSection legend="Contact details">
      <ContactFields {...props} layout={GRID_LAYOUT} mobileHint="For delivery updates from the courier." />
    </FormSection>
  );
}

/** A private person's billing name. */
export function BillingNameFields({ register, error, layout }: KitProps) {
  return (
    <Pair layout={layout}>
      <Field label="Billing first name" error={error('member_address.first_name')}>
        {(control) => <input {...control} {...register('member_address.first_name')} type="text" autoComplete="billing given-name" />}
      </Field>
      <Field label="Billing last name" error={error('member_address.last_name')}>
        {(control) => <input {...control} {...register('member_address.last_name')} type="text" autoComplete="billing family-name" />}
      </Field>
    </Pair>
  );
}

/** The delivery address's name. */
export function DeliveryNameFields({ register, error, layout }: KitProps) {
  return (
    <Pair layout={layout}>
      <Field label="Delivery first name" error={error('shipping.first_name')}>
        {(control) => <input {...control} {...register('shipping.first_name')} type="text" autoComplete="shipping given-name" />}
      </Field>
      <Field label="Delivery last name" error={error('shipping.last_name')}>
        {(control) => <input {...control} {...register('shipping.last_name')} type="text" autoComplete="shipping family-name" />}
      </Field>
    </Pair>
  );
}

/** Address lines 1 and 2, town and county of the billing (member_address) or delivery (shipping) address. */
export function AddressLines({ base, register, error, layout }: KitProps & { base: 'member_address' | 'shipping' }) {
  const delivery = base === 'shipping';
  const label = (text: string) => (delivery ? `Delivery ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text);
  const auto = delivery ? 'shipping' : 'billing';
  return (
    <>
      <Field label={label('Address line 1')} error={error(`${base}.address1`)} className={layout.wide}>
        {(control) => <input {...control} {...register(`${base}.address1`)} type="text" autoComplete={`${auto} address-line1`} />}
      </Field>
      <Field label={`${label('Address line 2')} (optional)`} error={error(`${base}.address2`)} className={layout.wide}>
        {(control) => <input {...control} {...register(`${base}.address2`)} type="text" autoComplete={`${auto} address-line2`} />}
      </Field>
      <Pair layout={layout}>
        <Field label={label('Town or city')} error={error(`${base}.city`)}>
          {(control) => <input {...control} {...register(`${base}.city`)} type="text" autoComplete={`${auto} address-level2`} />}
        </Field>
        <Field label={label('County')} error={error(`${base}.county`)}>
          {(control) => <input {...control} {...register(`${base}.county`)} type="text" autoComplete={`${auto} address-level1`} />}
        </Field>
      </Pair>
    </>
  );
}

/** A country the address cannot change (the shop's, or the cart region's). */
export function CountryField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Field label={label} hint={hint}>
      {(control) => <input {...control} type="text" value={value} disabled readOnly />}
    </Field>
  );
}

interface DeliveryFieldsetProps extends Omit<KitProps, 'layout'> {
  /** A company's delivery address may name the company. */
  company: boolean;
  postcode: Omit<PostcodeLookupFieldProps, 'label' | 'name' | 'error' | 'inputRef'>;
  country: string;
}

/** The separate delivery address of registration and the checkout (SPEC §4: address_type DELIVERY). */
export function DeliveryFieldset({ register, error, company, postcode, country }: DeliveryFieldsetProps) {
  return (
    <FormSection legend="Delivery address">
      <DeliveryNameFields register={register} error={error} layout={GRID_LAYOUT} />
      {company ? (
        <Field label="Delivery company name (optional)" error={error('shipping.company_name')} className={forms.wide}>
          {(control) => <input {...control} {...register('shipping.company_name')} type="text" autoComplete="shipping organization" />}
        </Field>
      ) : null}
      <div className={forms.wide}>
        <PostcodeLookupField {...postcode} label="Delivery postcode" name="shipping.postcode" error={error('shipping.postcode')} inputRef={register('shipping.postcode').ref} />
      </div>
      <AddressLines base="shipping" register={register} error={error} layout={GRID_LAYOUT} />
      <CountryField label="Delivery country" value={country} />
      <Field label="Delivery phone (optional)" error={error('shipping.phone')}>
        {(control) => <input {...control} {...register('shipping.phone')} type="tel" inputMode="tel" autoComplete="shipping tel" />}
      </Field>
    </FormSection>
  );
}
