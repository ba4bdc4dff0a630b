/** The account's 'Are you sure?' before a vehicle or a saved card is removed: what goes, Remove (busy while it goes) and Cancel. */
import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../shared/ui/dialog';
import styles from './account.module.css';

interface ConfirmRemoveDialogProps {
  /** What is to be removed; the dialog is closed while it is null. */
  what: ReactNode | null;
  description: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmRemoveDialog({ what, description, pending, onConfirm, onCancel }: ConfirmRemoveDialogProps) {
  return (
    <Dialog open={what !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      {what !== null ? (
        <DialogContent title="Are you sure?" description={description}>
          <p>{what}</p>
          <div className={styles.dialogActions}>
            <Button onClick={onConfirm} aria-disabled={pending} aria-busy={pending}>
              {pending ? 'Removing…' : 'Remove'}
            </Button>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
