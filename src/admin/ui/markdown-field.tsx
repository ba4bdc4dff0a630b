import { Marked } from 'marked';
import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';
import { buttonClass } from './button';
import { Field } from './field';
import styles from './markdown-field.module.css';

const markdown = new Marked({ gfm: true, breaks: false, async: false });

type MarkdownFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** The text as it stands (the form's watched value), for the preview. */
  value: string;
};

/**
 * A Markdown body: a textarea and, on request, a preview of it. The preview is drawn in a sandboxed
 * frame (no scripts, no same-origin access), so whatever the text holds cannot act in the back
 * office; the shop itself renders and sanitises the text when it is saved.
 */
export function MarkdownField({ label, hint, error, value, rows = 14, ...textarea }: MarkdownFieldProps) {
  const [preview, setPreview] = useState(false);
  const previewId = useId();
  return (
    <div className={styles.markdown}>
      <Field label={label} hint={hint ?? 'Markdown: ## heading, **bold**, *italic*, - list, [link](https://…).'} error={error}>
        {(control) => <textarea {...control} {...textarea} rows={rows} hidden={preview} />}
      </Field>
      <div className={styles.bar}>
        <button type="button" className={buttonClass('quiet', true)} aria-pressed={preview} aria-controls={preview ? previewId : undefined} onClick={() => setPreview((shown) => !shown)}>
          {preview ? 'Back to writing' : 'Preview'}
        </button>
      </div>
      {preview ? (
        <iframe
          id={previewId}
          className={styles.preview}
          title="Preview"
          sandbox=""
          srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family: system-ui, sans-serif; line-height: 1.5; margin: 1rem">${markdown.parse(value, { async: false })}</body>`}
        />
      ) : null}
    </div>
  );
}
