/**
 * 'Make a warranty claim' (issue 32): what is wrong (a reason, then its own questions, drawn as the
 * return modal draws a reason's form), when the part was fitted and the mileage then, the fitting
 * garage's name and invoice (a PDF or a photo), and photos of the part (1 to 6). Checked here as the
 * server checks it; success: toast, close, the claim shows on the line; failure: the server's
 * message, field errors under their fields.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { londonDate } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import { returnAnswers, returnFormProblems, type ReturnFormField, visibleReturnFields } from '../../../domain/return-form';
import { CLAIM_FILE_MAX_BYTES, CLAIM_INVOICE_ACCEPT, CLAIM_KEYS, CLAIM_PHOTO_ACCEPT, CLAIM_PHOTOS_MAX, CLAIM_REASONS, CLAIM_TEXTS, claimReason } from '../../../domain/warranty-claims';
import { Button } from '../../../shared/ui/button';
import { useCreateClaim } from '../api/warranty-claims';
import { FormField, focusFirstError, ModalForm, SelectField, showRefusal } from './reason-fields';
import type { ReturnTarget } from './return-target';
import styles from './return-modal.module.css';

type Errors = Record<string, string[]>;

const FITTED_ON: ReturnFormField = { name: CLAIM_KEYS.fittedOn, type: 'text', label: 'Date it was fitted (YYYY-MM-DD)', required: true };
const MILEAGE: ReturnFormField = { name: CLAIM_KEYS.mileage, type: 'text', label: 'Mileage when it was fitted', required: true };
const GARAGE: ReturnFormField = { name: CLAIM_KEYS.garage, type: 'text', label: 'Name of the garage that fitted it', required: true };
const INVOICE: ReturnFormField = { name: CLAIM_KEYS.invoice, type: 'image', label: "The garage's fitting invoice", required: true, accept: CLAIM_INVOICE_ACCEPT, multiple: false };
const PHOTOS: ReturnFormField = { name: CLAIM_KEYS.photos, type: 'images', label: 'Photos of the part', required: true, accept: CLAIM_PHOTO_ACCEPT, multiple: true };

interface ClaimModalProps {
  target: ReturnTarget;
  onClose: () => void;
}

export default function ClaimModal({ target, onClose }: ClaimModalProps) {
  const create = useCreateClaim();
  const [reasonId, setReasonId] = useState('');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [invoice, setInvoice] = useState<File[]>([]);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const reason = claimReason(reasonId);
  const fields = reason?.form_fields ?? [];
  const visible = visibleReturnFields(fields, texts);

  const setText = (name: string) => (value: string) => setTexts((current) => ({ ...current, [name]: value }));

  const take = (chosen: FileList | null, room: number): { taken: File[]; problems: string[] } => {
    const files = [...(chosen ?? [])];
    const fitting = files.filter((file) => file.size <= CLAIM_FILE_MAX_BYTES);
    const problems = fitting.length < files.length ? ['Each file can be at most 10 MB.'] : [];
    return { taken: fitting.slice(0, Math.max(room, 0)), problems };
  };

  /** What the server would refuse, said before sending. */
  const problemsNow = (): Errors => {
    const problems: Errors = reason ? returnFormProblems(fields, texts) : { [CLAIM_KEYS.reason]: [CLAIM_TEXTS.chooseReason] };
    const need = (name: string, ok: boolean, message: string = CLAIM_TEXTS.required) => {
      if (!ok) problems[name] = [message];
    };
    const fittedOn = (texts[CLAIM_KEYS.fittedOn] ?? '').trim();
    need(CLAIM_KEYS.fittedOn, fittedOn !== '');
    if (fittedOn > londonDate(new Date())) need(CLAIM_KEYS.fittedOn, false, CLAIM_TEXTS.fittedOnFuture);
    need(CLAIM_KEYS.mileage, (texts[CLAIM_KEYS.mileage] ?? '').trim() !== '');
    need(CLAIM_KEYS.garage, (texts[CLAIM_KEYS.garage] ?? '').trim() !== '');
    need(CLAIM_KEYS.invoice, invoice.length > 0, CLAIM_TEXTS.invoiceRequired);
    need(CLAIM_KEYS.photos, photos.length > 0, CLAIM_TEXTS.photosRequired);
    return problems;
  };

  const submit = async () => {
    if (create.isPending) return;
    const problems = problemsNow();
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstError();
      return;
    }
    try {
      const answer = await create.mutateAsync({
        orderHash: target.order.hash,
        lineId: target.line.id,
        reason: reasonId,
        answers: returnAnswers(fields, texts),
        fittedOn: (texts[CLAIM_KEYS.fittedOn] ?? '').trim(),
        mileage: (texts[CLAIM_KEYS.mileage] ?? '').trim(),
        garageName: (texts[CLAIM_KEYS.garage] ?? '').trim(),
        invoice: invoice[0] ?? null,
        photos,
      });
      toast.success(answer.msg);
      onClose();
    } catch (error) {
      showRefusal(error, setErrors);
    }
  };

  const textField = (field: ReturnFormField) => (
    <FormField key={field.name} field={field} text={texts[field.name] ?? ''} files={[]} canAddPhotos={false} error={errors[field.name]?.[0]} onText={setText(field.name)} onPhotos={() => undefined} onRemovePhoto={() => undefined} />
  );

  return (
    <ModalForm title="Make a warranty claim" description={`${target.line.name}, order ${target.order.number}, ${formatMoney(target.line.gross_value)}`} onClose={onClose} onSubmit={submit}>
          <SelectField
            name={CLAIM_KEYS.reason}
            label="What is wrong with the part?"
            value={reasonId}
            options={CLAIM_REASONS.map((each) => ({ value: each.id, label: each.name }))}
            required
            error={errors[CLAIM_KEYS.reason]?.[0]}
            onChange={(value) => {
              setReasonId(value);
              setErrors({});
            }}
          />
          {visible.map(textField)}
          {[FITTED_ON, MILEAGE, GARAGE].map(textField)}
          <FormField
            field={INVOICE}
            text=""
            files={invoice}
            canAddPhotos
            error={errors[CLAIM_KEYS.invoice]?.[0]}
            fileHint="A PDF or a photo of it, up to 10 MB."
            onText={() => undefined}
            onPhotos={(list) => {
              const { taken, problems } = take(list, 1);
              setInvoice(taken);
              setErrors((current) => ({ ...current, [CLAIM_KEYS.invoice]: problems }));
            }}
            onRemovePhoto={() => setInvoice([])}
          />
          <FormField
            field={PHOTOS}
            text=""
            files={photos}
            canAddPhotos={photos.length < CLAIM_PHOTOS_MAX}
            error={errors[CLAIM_KEYS.photos]?.[0]}
            fileHint={`JPEG, PNG or WebP, up to 10 MB each; 1 to ${CLAIM_PHOTOS_MAX} photos.`}
            onText={() => undefined}
            onPhotos={(list) => {
              const { taken, problems } = take(list, CLAIM_PHOTOS_MAX - photos.length);
              setPhotos((current) => [...current, ...taken]);
              setErrors((current) => ({ ...current, [CLAIM_KEYS.photos]: problems }));
            }}
            onRemovePhoto={(index) => setPhotos((current) => current.filter((_, each) => each !== index))}
          />
          <div className={styles.actions}>
            <Button type="submit" aria-disabled={create.isPending} aria-busy={create.isPending}>
              {create.isPending ? 'Sending…' : 'Send claim'}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
    </ModalForm>
  );
}
