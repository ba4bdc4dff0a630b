/**
 * The enquiry modal (SPEC §2, §3, §5) of both product pages: the product's picture, name, old and
 * current price, then first name, last name, phone, email, how to contact, a message, and the
 * terms and marketing boxes (both required), sent as form_name 'Enquiry form'. Success closes the
 * modal, clears the form and shows the shop's message (SPEC §4); the server's field errors show
 * under their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { t } from '../../../domain/messages';
import { formatMoney, grossFromNet } from '../../../domain/money';
import { ENQUIRY_FORM_NAME, ENQUIRY_MESSAGE_MAX, enquiryFieldsSchema } from '../../../domain/product-forms';
import { isApiError } from '../../../shared/api/api-error';
import { ProductImage } from '../../../shared/product/product-image';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useSendEnquiry } from '../api/send-enquiry';
import { sizedImage, sizeOf, THUMBNAIL } from '../images';
import { Checkbox, newIdempotencyKey, showServerErrors } from './form-parts';
import type { ModalProps } from './notification-dialog';
import styles from './product-forms.module.css';

export interface EnquiryProduct {
  type: 'part' | 'vehicle';
  /** A part's Tag or a vehicle product's slug. */
  id: string;
  name: string;
  image: string;
  imageAlt: string;
  netPrice: number;
  oldNetPrice: number | null;
}

interface Values {
  first_name: string;
  last_name: string;
  phone_number: string;
  email_address: string;
  contact_by_phone: boolean;
  contact_by_email: boolean;
  message: string;
  agree_terms: boolean;
  agree_marketing: boolean;
}

const FIELDS = ['first_name', 'last_name', 'phone_number', 'email_address', 'contact_by_phone', 'contact_by_email', 'message', 'agree_terms', 'agree_marketing'] as const;

export default function EnquiryDialog({ product, title, onClose, returnFocus }: ModalProps & { product: EnquiryProduct; title: string }) {
  const send = useSendEnquiry();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(enquiryFieldsSchema) as never,
    defaultValues: {
      first_name: '',
      last_name: '',
      phone_number: '',
      email_address: '',
      contact_by_phone: false,
      contact_by_email: false,
      message: '',
      agree_terms: false,
      agree_marketing: false,
    },
  });

  const submit = handleSubmit(async (values) => {
    if (send.isPending) return;
    setNotice(null);
    try {
      const answer = await send.mutateAsync({
        idempotencyKey,
        body: {
          ...values,
          message: values.message || undefined,
          form_name: ENQUIRY_FORM_NAME,
          product_name: product.name,
          product_type: product.type,
          product_id: product.id,
        },
      });
      reset();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const matched = showServerErrors(error, FIELDS, setError);
      setNotice(matched ? t('validation.error') : error.msg);
    }
  });

  const discounted = product.oldNetPrice !== null && product.oldNetPrice > product.netPrice;
  const working = isSubmitting || send.isPending;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={title}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <div className={styles.product}>
          <ProductImage
            src={sizedImage(product.image, THUMBNAIL)}
            alt={product.imageAlt}
            width={sizeOf(THUMBNAIL).width}
            height={sizeOf(THUMBNAIL).height}
            className={styles.productImage}
          />
          <div>
            <p className={styles.productName}>{product.name}</p>
            <p className={styles.productPrice}>
              {discounted && product.oldNetPrice !== null ? (
                <>
                  <s>
                    <span className="visually-hidden">Was </span>
                    {formatMoney(grossFromNet(product.oldNetPrice))}
                  </s>{' '}
                  <span className="visually-hidden">now </span>
                </>
              ) : null}
              <strong>{formatMoney(grossFromNet(product.netPrice))}</strong> {t('product.inc_vat')}
            </p>
          </div>
        </div>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          {notice ? (
            <p className={styles.notice} role="alert">
              {notice}
            </p>
          ) : null}
          <div className={styles.pair}>
            <Field label="First name" error={errors.first_name?.message}>
              {(field) => <input {...field} {...register('first_name')} autoComplete="given-name" />}
            </Field>
            <Field label="Last name" error={errors.last_name?.message}>
              {(field) => <input {...field} {...register('last_name')} autoComplete="family-name" />}
            </Field>
          </div>
          <div className={styles.pair}>
            <Field label="Phone" error={errors.phone_number?.message}>
              {(field) => <input {...field} {...register('phone_number')} type="tel" autoComplete="tel" inputMode="tel" />}
            </Field>
            <Field label="Email" error={errors.email_address?.message}>
              {(field) => <input {...field} {...register('email_address')} type="email" autoComplete="email" inputMode="email" />}
            </Field>
          </div>
          <Field label="Your question (optional)" error={errors.message?.message}>
            {(field) => <textarea {...field} {...register('message')} rows={3} maxLength={ENQUIRY_MESSAGE_MAX} />}
          </Field>
          <fieldset className={styles.contact}>
            <legend className={styles.legend}>How would you like us to reply?</legend>
            <Checkbox label="By phone" {...register('contact_by_phone')} />
            <Checkbox label="By email" {...register('contact_by_email')} />
          </fieldset>
          <Checkbox label="I accept the terms and conditions" error={errors.agree_terms?.message} {...register('agree_terms')} />
          <Checkbox label="I agree to be contacted about my enquiry" error={errors.agree_marketing?.message} {...register('agree_marketing')} />
          <Button type="submit" variant="primary" block aria-disabled={working}>
            {working ? 'Sending…' : 'Send enquiry'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
