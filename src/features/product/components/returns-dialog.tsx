/** The returns modal (SPEC §2): the product-returns content page. */
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import { Html } from './html';
import type { ModalProps } from './notification-dialog';
import styles from './product-forms.module.css';

export default function ReturnsDialog({ title, html, onClose, returnFocus }: ModalProps & { title: string; html: string }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={title}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <Html html={html} className={styles.content} />
      </DialogContent>
    </Dialog>
  );
}
