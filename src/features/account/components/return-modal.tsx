/**
 * The return modal (SPEC §2 'Request Return', §3 return reason details, §5 'Return'): the reason
 * select, then that reason's form drawn from its form_fields (div, image, images, radio, select,
 * text, textarea), shown by their visible_if rules (src/domain/return-form.ts, the server's rule
 * too). Each visible required field left empty says 'required field'; photos (at most 6 in all)
 * show as previews that can be removed. Sent as multipart; success: toast, close, the orders
 * reload at the current page; failure: a warning with the server's message, field errors kept.
 */
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { boughtFor } from '../../../domain/garage-fit';
import { t } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import {
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  returnAnswers,
  returnFormProblems,
  visibleReturnFields,
  type ReturnFormField,
  type ReturnFormValues,
} from '../../../domain/return-form';
import { newIdempotencyKey } from '../../../shared/api/idempotency';
import { QUEUED_MESSAGE, sendOrQueue } from '../../../shared/outbox/send-or-queue';
import { useOnlineStatus } from '../../../shared/hooks/use-online-status';
import { failedForSignal } from '../../../shared/offline/kept-answer';
import { Button } from '../../../shared/ui/button';
import { returnBody, sendReturn, useReturnReason, useReturnReasons } from '../api/returns';
import type { ReturnTarget } from './return-target';
import { FormField, focusFirstError, ModalForm, SelectField, showRefusal } from './reason-fields';
import styles from './return-modal.module.css';
import '../../../domain/messages-more';
import '../../../domain/messages-account';

interface ReturnModalProps {
  target: ReturnTarget;
  onClose: () => void;
  onCreated: () => void;
}

type Errors = Record<string, string[]>;

export default function ReturnModal({ target, onClose, onCreated }: ReturnModalProps) {
  const reasons = useReturnReasons();
  const [reasonId, setReasonId] = useState<number | null>(null);
  const reason = useReturnReason(reasonId);
  const online = useOnlineStatus();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [photos, setPhotos] = useState<Record<string, File[]>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const fields = useMemo(() => reason.data?.form_fields ?? [], [reason.data]);
  const values: ReturnFormValues = { ...texts, ...photos };
  const visible = visibleReturnFields(fields, values);
  const photoCount = Object.values(photos).reduce((sum, files) => sum + files.length, 0);

  // The vehicle the line was bought for (issue 17's snapshot): a reason that asks for the
  // vehicle's registration ('Does not fit my vehicle') starts from it and says what fit was shown.
  const bought = target.line.vehicle ?? null;
  const asksForVehicle = fields.some((field) => field.option === 'registration');
  const registrationField = fields.find((field) => field.option === 'registration');
  useEffect(() => {
    if (!registrationField || !bought?.vrn) return;
    const vrn = bought.vrn;
    setTexts((current) => (current[registrationField.name] === undefined ? { ...current, [registrationField.name]: vrn } : current));
  }, [registrationField, bought]);

  const chooseReason = (value: string) => {
    setReasonId(value === '' ? null : Number(value));
    setTexts({});
    setPhotos({});
    setErrors({});
  };

  const addPhotos = (field: ReturnFormField, chosen: FileList | null) => {
    if (!chosen) return;
    const room = RETURN_PHOTOS_MAX - photoCount;
    const files = [...chosen];
    const tooBig = files.filter((file) => file.size > RETURN_PHOTO_MAX_BYTES);
    const fitting = files.filter((file) => file.size <= RETURN_PHOTO_MAX_BYTES);
    const taken = field.multiple === false || field.type === 'image' ? fitting.slice(0, 1) : fitting.slice(0, Math.max(room, 0));
    const problems: string[] = [];
    if (tooBig.length) problems.push(`${tooBig.map((file) => file.name).join(', ')}: each photo can be at most 10 MB.`);
    if (fitting.length > taken.length) problems.push(`At most ${RETURN_PHOTOS_MAX} photos in all.`);
    setPhotos((current) => ({ ...current, [field.name]: field.type === 'image' ? taken : [...(current[field.name] ?? []), ...taken] }));
    setErrors((current) => ({ ...current, [field.name]: problems }));
  };

  const removePhoto = (field: ReturnFormField, index: number) => {
    setPhotos((current) => ({ ...current, [field.name]: (current[field.name] ?? []).filter((_, each) => each !== index) }));
  };

  const submit = async () => {
    if (sending) return;
    if (reasonId === null || !reason.data) {
      setErrors({ return_reason_id: [t('return.info')] });
      return;
    }
    const problems = returnFormProblems(fields, values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstError();
      return;
    }
    setSending(true);
    try {
      const visibleNames = new Set(visible.map((field) => field.name));
      const sentPhotos = Object.fromEntries(Object.entries(photos).filter(([name]) => visibleNames.has(name)));
      const body = returnBody({ orderHash: target.order.hash, lineId: target.line.id, reasonId, answers: returnAnswers(fields, values), photos: sentPhotos });
      const idempotencyKey = newIdempotencyKey();
      // Without signal the return, photos and all, waits in the outbox with this key.
      const result = await sendOrQueue({ id: idempotencyKey, kind: 'return', label: `Return: ${target.line.name} (order ${target.order.number})`, body }, () => sendReturn(body, idempotencyKey));
      if (result.sent) {
        toast.success(result.answer);
        onCreated();
      } else {
        toast.info(QUEUED_MESSAGE);
        onClose();
      }
    } catch (error) {
      // Photo errors may come under `name[]`: shown under the field itself.
      showRefusal(error, setErrors);
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalForm title="Request a return" description={`${target.line.name}, order ${target.order.number}, ${formatMoney(target.line.gross_value)}`} onClose={onClose} onSubmit={submit}>
          <SelectField
            name="return_reason_id"
            label="Reason for the return"
            value={reasonId === null ? '' : String(reasonId)}
            options={(reasons.data ?? []).map((each) => ({ value: String(each.id), label: each.name }))}
            required
            error={errors.return_reason_id?.[0]}
            onChange={chooseReason}
          />
          {reasons.isError ? <p role="alert">{t('validation.error')}</p> : null}
          <ReasonFormState chosen={reasonId !== null} online={online} reason={reason} />
          {bought && asksForVehicle ? <BoughtForNote vehicle={bought} /> : null}
          {visible.map((field) => (
            <FormField
              key={field.name}
              field={field}
              text={texts[field.name] ?? ''}
              files={photos[field.name] ?? []}
              canAddPhotos={photoCount < RETURN_PHOTOS_MAX}
              error={errors[field.name]?.[0]}
              onText={(value) => setTexts((current) => ({ ...current, [field.name]: value }))}
              onPhotos={(list) => addPhotos(field, list)}
              onRemovePhoto={(index) => removePhoto(field, index)}
            />
          ))}
          <div className={styles.actions}>
            <Button type="submit" aria-disabled={sending} aria-busy={sending}>
              {sending ? 'Sending…' : 'Request return'}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
    </ModalForm>
  );
}

/**
 * While a chosen reason's form is not here: loading it, or, without signal and with no copy kept
 * on the phone (useKeepReturnReasons keeps them on a visit with signal), saying so; a paused read
 * would otherwise say 'Loading' for as long as the phone is offline.
 */
function ReasonFormState({ chosen, online, reason }: { chosen: boolean; online: boolean; reason: { data?: unknown; error: unknown; isError: boolean } }) {
  if (!chosen || reason.data) return null;
  if (!online || failedForSignal(reason.error)) return <p role="alert">{t('return.reason_needs_signal')}</p>;
  if (reason.isError) return <p role="alert">{t('validation.error')}</p>;
  return <p role="status">Loading the form…</p>;
}

function BoughtForNote({ vehicle }: { vehicle: NonNullable<ReturnTarget['line']['vehicle']> }) {
  const said = boughtFor(vehicle);
  return <p className={styles.info}>{said.fitShown ? t('return.bought_for', { vehicle: said.vehicle, fit: said.fitShown }) : t('return.bought_for_no_fit', { vehicle: said.vehicle })}</p>;
}
