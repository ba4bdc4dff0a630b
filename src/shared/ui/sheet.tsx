/**
 * An off-canvas panel on Radix Dialog (focus trapped and returned, Escape and Close shut it):
 * the filter sidebar on screens under 992px slides in from the left.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './sheet.module.css';

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

/** `side` is where the panel slides in from: filters from the left, the cart sidebar from the right. */
export function SheetContent({ title, children, footer, side = 'left' }: { title: ReactNode; children: ReactNode; footer?: ReactNode; side?: 'left' | 'right' }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={styles.overlay} />
      <DialogPrimitive.Content className={`${styles.sheet} ${side === 'right' ? styles.right : ''}`} aria-describedby={undefined}>
        <div className={styles.head}>
          <DialogPrimitive.Title className={styles.title}>{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close className={styles.close} aria-label="Close">
            <span aria-hidden="true">×</span>
          </DialogPrimitive.Close>
        </div>
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
