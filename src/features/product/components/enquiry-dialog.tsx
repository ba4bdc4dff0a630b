/**
 * The enquiry modal (SPEC §2, §3, §5) of both product pages: the product's picture, name, old and
 * current price, then first name, last name, phone, email, how to contact, a message, and the
 * terms and marketing boxes (both required), sent as form_name 'Enquiry form'. Success closes the
 * modal, clears the form and shows the shop's message (SPEC §4); the server's field errors show
 * under their fields.
 */
import { toast } from 'sonner';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { formatMoney, grossFromNet } from '../../../domain/money';
import { ENQUIRY_FORM_NAME, ENQUIRY_MESSAGE_MAX, enquiryFieldsSchema } from '../../../domain/product-forms';
import { QUEUED_MESSAGE, sendOrQueue } from '../../../shared/outbox/send-or-queue';
import { ProductImage } from '../../../shared/product/product-image';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useSendEnquiry } from '../api/send-enquiry';
import { sizedImage, sizeOf, THUMBNAIL } from '../images';
import { Checkbox, EmailInput, FormNotice, NameFields, SendButton, TextInput, useProductForm } from './form-parts';
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

export default function EnquiryDialog({ product, title, onClose, returnFocus }: ModalProps & { product: EnquiryProduct; title: string }) {
  const send = useSendEnquiry();
  const { form, notice, submit, working } = useProductForm<Values>({
    schema: enquiryFieldsSchema,
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
    sending: send.isPending,
    send: async (values, idempotencyKey) => {
      const body = {
        ...values,
        message: values.message || undefined,
        form_name: ENQUIRY_FORM_NAME,
        product_name: product.name,
        product_type: product.type,
        product_id: product.id,
      };
      // Without signal the enquiry waits in the outbox, with this key, and goes when there is.
      const result = await sendOrQueue({ id: idempotencyKey, kind: 'enquiry', label: `Enquiry: ${product.name}`, body }, () => send.mutateAsync({ idempotencyKey, body }));
      form.reset();
      if (result.sent) toast.success(result.answer.message);
      else toast.info(QUEUED_MESSAGE);
      onClose();
    },
  });
  const { register, formState: { errors } } = form;

  const discounted = product.oldNetPrice !== null && product.oldNetPrice > product.netPrice;
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
          <FormNotice notice={notice} />
          <NameFields first={register('first_name')} last={register('last_name')} errors={errors} />
          <div className={styles.pair}>
            <TextInput label="Phone" error={errors.phone_number?.message} {...register('phone_number')} type="tel" autoComplete="tel" inputMode="tel" />
            <EmailInput error={errors.email_address?.message} {...register('email_address')} />
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
          <SendButton working={working}>Send enquiry</SendButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
