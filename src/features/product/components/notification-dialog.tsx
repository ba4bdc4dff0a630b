/**
 * The availability notification modal (SPEC §2, §3, §5): first name, last name, email, optional
 * phone, terms and privacy, sent with the part's Tag. The domain's schema checks the form before
 * it is sent; the server's field errors (errors.email…) show under their fields. Success closes
 * the modal with the server's message as a notice (SPEC §4).
 */
import { toast } from 'sonner';
import { productNotificationFieldsSchema } from '../../../domain/product-forms';
import { QUEUED_MESSAGE, sendOrQueue } from '../../../shared/outbox/send-or-queue';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import { useSendNotification } from '../api/send-notification';
import { Checkbox, EmailInput, FormNotice, NameFields, SendButton, TextInput, useProductForm } from './form-parts';
import styles from './product-forms.module.css';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  agree_terms: boolean;
  agree_privacy: boolean;
}

export interface ModalProps {
  onClose: () => void;
  /** Where focus goes back to when the modal closes (the button that opened it). */
  returnFocus: () => void;
}

export default function NotificationDialog({ tag, partName, onClose, returnFocus }: ModalProps & { tag: string; partName: string }) {
  const send = useSendNotification();
  const { form, notice, submit, working } = useProductForm<Values>({
    schema: productNotificationFieldsSchema,
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', agree_terms: false, agree_privacy: false },
    sending: send.isPending,
    send: async (values, idempotencyKey) => {
      const body = { ...values, phone: values.phone || undefined, product_id: tag };
      // Without signal the request waits in the outbox, with this key, and goes when there is.
      const result = await sendOrQueue({ id: idempotencyKey, kind: 'notification', label: `Back-in-stock alert: ${partName}`, body }, () => send.mutateAsync({ idempotencyKey, body }));
      if (result.sent) toast.success(result.answer.msg);
      else toast.info(QUEUED_MESSAGE);
      onClose();
    },
  });
  const { register, formState: { errors } } = form;

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
          <FormNotice notice={notice} />
          <NameFields first={register('first_name')} last={register('last_name')} errors={errors} />
          <EmailInput error={errors.email?.message} {...register('email')} />
          <TextInput label="Phone (optional)" hint="Digits, spaces, + and - only" error={errors.phone?.message} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" />
          <Checkbox label="I accept the terms and conditions" error={errors.agree_terms?.message} {...register('agree_terms')} />
          <Checkbox label="I accept the privacy policy" error={errors.agree_privacy?.message} {...register('agree_privacy')} />
          <SendButton working={working}>Notify me</SendButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
