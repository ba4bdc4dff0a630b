import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** 'danger' for what cannot be undone (disable an account, refund). */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  /** A failure of the action, shown in the dialog. */
  error?: string | undefined;
  /** Left out when the action cannot be taken (the body says why): the dialog only tells, with a Close button. */
  onConfirm?: (() => void) | undefined;
  onCancel: () => void;
}

/**
 * Asks before an action: the browser's modal <dialog> (focus kept inside, Escape cancels, focus
 * back where it was after). Focus starts on Cancel, so Enter never confirms by accident.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'primary', busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="bo-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children ? <div className="bo-dialog__body">{children}</div> : null}
      {error ? (
        <p className="bo-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bo-dialog__actions">
        <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
          {onConfirm ? 'Cancel' : 'Close'}
        </Button>
        {onConfirm ? (
          <Button variant={tone} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        ) : null}
      </div>
    </dialog>
  );
}
