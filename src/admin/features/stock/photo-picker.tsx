/** Choosing photos: a file input for several at once, with previews of the chosen files before they are sent. */
import { useEffect, useId, useMemo } from 'react';
import { PART_PHOTOS_MAX } from '../../../contract/admin-stock';
import { Button } from '../../ui';
import styles from './stock.module.css';

export function PhotoPicker({ files, onChange, error, label = 'Photos' }: { files: readonly File[]; onChange: (files: File[]) => void; error?: string | undefined; label?: string }) {
  const id = useId();
  const previews = useMemo(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)), [previews]);
  return (
    <div className="bo-field">
      <label className="bo-field__label" htmlFor={id}>
        {label}
      </label>
      <span id={`${id}-hint`} className="bo-field__hint">
        JPEG, PNG or WebP, up to 10 MB each, at most {PART_PHOTOS_MAX} a part. The first is the main picture.
      </span>
      <input
        id={id}
        type="file"
        name="photos"
        accept="image/jpeg,image/png,image/webp"
        multiple
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          onChange([...files, ...Array.from(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      {error ? (
        <span id={`${id}-error`} className="bo-field__error">
          {error}
        </span>
      ) : null}
      {previews.length > 0 ? (
        <ul className={styles.photos} aria-label="Chosen photos">
          {previews.map((preview, index) => (
            <li key={preview.url} className={styles.photo}>
              <img src={preview.url} alt={`Chosen photo ${index + 1}: ${preview.file.name}`} />
              <Button variant="quiet" small onClick={() => onChange(files.filter((file) => file !== preview.file))}>
                Remove {preview.file.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
