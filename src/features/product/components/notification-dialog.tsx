/**
 * The availability notification modal (SPEC §2, §3, §5): first name, last name, email, optional
 * phone, terms and privacy, sent with the part's Tag. The domain's schema checks the form before
 * it is sent; the server's field errors (errors.email…) show under their fields. Success closes
 * the modal with the server's message as a notice (SPEC §4).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { t } from '../../../domain/messages';
import { productNotificationFieldsSchema } from '../../../domain/product-forms';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useSendNotification } from '../api/send-notification';
import { Checkbox, newIdempotencyKey, showServerErrors } from './form-parts';
import styles from './product-forms.module.css';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  agree_terms: boolean;
  agree_privacy: boolean;
}

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'agree_terms', 'agree_privacy'] as const;

export interface ModalProps {
  onClose: () => void;
  /** Where focus goes back to when the modal closes (the button that opened it). */
  returnFocus: () => void;
}

export default function NotificationDialog({ tag, partName, onClose, returnFocus }: ModalProps & { tag: string; partName: string }) {
  const send = useSendNotification();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(productNotificationFieldsSchema) as never,
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', agree_terms: false, agree_privacy: false },
  });

  const submit = handleSubmit(async (values) => {
    if (send.isPending) return;
    setNotice(null);
    try {
      const answer = await send.mutateAsync({ idempotencyKey, body: { ...values, phone: values.phone || undefined, product_id: tag } });
      toast.success(answer.msg);
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const matched = showServerErrors(error, FIELDS, setError);
      setNotice(matched ? t('validation.error') : error.msg);
    }
  });

  const working = isSubmitting || send.isPending;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Tell me when it is available"
        description={`We will email you once, as soon as we have ${/^[aeiou]/i.test(partName) ? 'an' : 'a'} ${partName} like this one in stock.`}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
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
          <Field label="Email" error={errors.email?.message}>
            {(field) => <input {...field} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
          </Field>
          <Field label="Phone (optional)" hint="Digits, spaces, + and - only" error={errors.phone?.message}>
            {(field) => <input {...field} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" />}
          </Field>
          <Checkbox label="I accept the terms and conditions" error={errors.agree_terms?.message} {...register('agree_terms')} />
          <Checkbox label="I accept the privacy policy" error={errors.agree_privacy?.message} {...register('agree_privacy')} />
          <Button type="submit" variant="primary" block aria-disabled={working}>
            {working ? 'Sending…' : 'Notify me'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
