/**
 * A reason's form as the member fills it in (the return modal's and the warranty claim's): each
 * field of src/domain/return-form.ts drawn by its type (div, image, images, radio, select, text,
 * textarea), with its label, '(required)', its error tied to it, and chosen photos as previews
 * that can be removed.
 */
import { type ReactNode, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { isPhotoField, RETURN_PHOTO_ACCEPT, RETURN_PHOTOS_MAX, type ReturnFormField } from '../../../domain/return-form';
import { isApiError } from '../../../shared/api/api-error';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import fieldStyles from '../../../shared/ui/field.module.css';
import styles from './return-modal.module.css';

/** A modal's form: the dialog, its title and description, and a form sent by `onSubmit` (no browser validation). */
export function ModalForm({ title, description, onClose, onSubmit, children }: { title: string; description: string; onClose: () => void; onSubmit: () => Promise<void>; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title={title} description={description}>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          {children}
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The server refused the form: its field errors under their fields (photos' `name[]` under `name`), its message as a warning. */
export function showRefusal(error: unknown, setErrors: (errors: Record<string, string[]>) => void): void {
  if (!isApiError(error)) throw error;
  const byField: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(error.errors)) byField[name.replace(/\[\]$/, '')] = messages;
  setErrors(byField);
  toast.warning(error.msg);
  focusFirstError();
}

/** After a refused submit, focus goes to the first field that says what is wrong. */
export function focusFirstError() {
  window.requestAnimationFrame(() => {
    const invalid = document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]');
    invalid?.focus();
  });
}

export interface FormFieldProps {
  field: ReturnFormField;
  text: string;
  files: readonly File[];
  canAddPhotos: boolean;
  error: string | undefined;
  onText: (value: string) => void;
  onPhotos: (files: FileList | null) => void;
  onRemovePhoto: (index: number) => void;
  /** The file picker's hint, when it takes more than photos (a claim's invoice). */
  fileHint?: string | undefined;
}

export function FormField({ field, text, files, canAddPhotos, error, onText, onPhotos, onRemovePhoto, fileHint }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  const label = (
    <>
      {field.label}
      {field.required ? <span className={styles.required}> (required)</span> : null}
    </>
  );
  const errorLine = error ? (
    <span id={errorId} className={fieldStyles.error}>
      {error}
    </span>
  ) : null;

  if (field.type === 'div') return <p className={styles.info}>{field.content ?? field.label}</p>;

  if (field.type === 'select') {
    return (
      <SelectField
        name={field.name}
        label={field.label}
        value={text}
        options={field.options ?? []}
        required={field.required}
        error={error}
        onChange={onText}
      />
    );
  }

  if (field.type === 'radio') {
    return (
      <fieldset className={styles.fieldset} aria-describedby={described} aria-invalid={Boolean(error)}>
        <legend className={fieldStyles.label}>{label}</legend>
        {(field.options ?? []).map((choice) => (
          <label key={choice.value} className={styles.radio}>
            <input type="radio" name={field.name} value={choice.value} checked={text === choice.value} onChange={() => onText(choice.value)} />
            {choice.label}
          </label>
        ))}
        {errorLine}
      </fieldset>
    );
  }

  if (isPhotoField(field)) {
    return (
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={id}>
          {label}
        </label>
        <span className={fieldStyles.hint}>
          {fileHint ?? `JPEG, PNG or WebP, up to 10 MB each; at most ${RETURN_PHOTOS_MAX} photos in all.`}
        </span>
        <input
          id={id}
          type="file"
          className={styles.file}
          accept={field.accept ?? RETURN_PHOTO_ACCEPT}
          multiple={field.type === 'images'}
          disabled={!canAddPhotos && field.type === 'images'}
          aria-invalid={Boolean(error)}
          aria-describedby={described}
          onChange={(event) => {
            onPhotos(event.target.files);
            // The same photo can be chosen again after it was removed.
            event.target.value = '';
          }}
        />
        {files.length > 0 ? (
          <ul role="list" className={styles.previews} aria-label={`Chosen photos for ${field.label}`}>
            {files.map((file, index) => (
              <li key={`${file.name}-${file.size}-${index}`} className={styles.preview}>
                <PhotoPreview file={file} />
                <button type="button" className={styles.removePhoto} onClick={() => onRemovePhoto(index)} aria-label={`Remove photo ${file.name}`}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {errorLine}
      </div>
    );
  }

  const common = {
    id,
    name: field.name,
    value: text,
    className: fieldStyles.control,
    'aria-invalid': Boolean(error),
    'aria-describedby': described,
    'aria-required': field.required,
  };
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {field.type === 'textarea' ? (
        <textarea {...common} rows={4} onChange={(event) => onText(event.target.value)} />
      ) : (
        <input
          {...common}
          type="text"
          autoCapitalize={field.option ? 'characters' : undefined}
          onChange={(event) => onText(field.option ? event.target.value.toUpperCase() : event.target.value)}
        />
      )}
      {errorLine}
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  required: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function SelectField({ name, label, value, options, required, error, onChange }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
        {required ? <span className={styles.required}> (required)</span> : null}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        className={fieldStyles.control}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">--- select ---</option>
        {options.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A chosen photo's thumbnail; its object URL is released when the preview goes. */
function PhotoPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  const image = file.type.startsWith('image/');
  useEffect(() => {
    if (!image) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file, image]);
  if (!image) return <span className={styles.fileName}>{file.name}</span>;
  return url ? <img src={url} alt={file.name} width={96} height={96} className={styles.thumb} /> : null;
}
