/**
 * Modal dialog on Radix Dialog: focus is trapped and returned, Escape and the close button shut it,
 * and the title and description are announced. Used by the login, enquiry and returns modals.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps {
  title: ReactNode;
  /** Read out when the dialog opens; omit only when the title says it all. */
  description?: ReactNode;
  children: ReactNode;
  closeLabel?: string;
  /** Where focus goes when the dialog closes; call event.preventDefault() to move it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function DialogContent({ title, description, children, closeLabel = 'Close', onCloseAutoFocus }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={styles.overlay} />
      <DialogPrimitive.Content className={styles.content} onCloseAutoFocus={onCloseAutoFocus} {...(description ? {} : { 'aria-describedby': undefined })}>
        <div className={styles.head}>
          <DialogPrimitive.Title className={styles.title}>{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close className={styles.close} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </DialogPrimitive.Close>
        </div>
        {description ? <DialogPrimitive.Description className={styles.description}>{description}</DialogPrimitive.Description> : null}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
