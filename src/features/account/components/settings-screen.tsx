/**
 * 'Settings' (SPEC §2): the change-password form (signed in: with the current password) and the
 * delete-account form — a required reason ('--- select ---' until one is chosen) and 'Confirm
 * Deletion', disabled until a reason is chosen and while the request runs. Deleted: a toast, then
 * the address the server gives ('/') after 1.5 s (SPEC §4, §9); a failure: a toast with its message.
 */
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { deletionReasonId } from '../../../domain/member-forms';
import { t } from '../../../domain/messages';
import { isApiError } from '../../../shared/api/api-error';
import { ChangePasswordForm } from '../../../shared/account/change-password-form';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import fieldStyles from '../../../shared/ui/field.module.css';
import { useDeleteAccount, useDeletionReasons } from '../api/settings';
import styles from './account.module.css';
import { PushDevices } from './push-devices';
import '../../../domain/messages-more';

/** SPEC §9: redirect after account deletion 1500 ms. */
const DELETION_REDIRECT_MS = 1500;

export function SettingsScreen() {
  return (
    <section aria-labelledby="settings-title">
      <div className={styles.screenHead}>
        <h1 id="settings-title">Settings</h1>
      </div>
      <section className={styles.section} aria-labelledby="change-password-title">
        <h2 id="change-password-title">Change password</h2>
        <div className={styles.narrow}>
          <ChangePasswordForm target={{ kind: 'current' }} />
        </div>
      </section>
      <PushDevices />
      <DeleteAccount />
    </section>
  );
}

function DeleteAccount() {
  const id = useId();
  const hydrated = useHydrated();
  const reasons = useDeletionReasons();
  const remove = useDeleteAccount();
  const [reason, setReason] = useState('');
  const [deleted, setDeleted] = useState(false);
  const chosen = deletionReasonId(reason);
  const working = remove.isPending || deleted;

  const confirm = async () => {
    if (chosen === null || working) return;
    try {
      const answer = await remove.mutateAsync(chosen);
      setDeleted(true);
      toast.success(answer.msg);
      setReason('');
      window.setTimeout(() => window.location.assign(answer.redirect || '/'), DELETION_REDIRECT_MS);
    } catch (error) {
      toast.error(isApiError(error) ? error.msg : error instanceof Error ? error.message : t('validation.error'));
    }
  };

  return (
    <section className={styles.section} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete account</h2>
      <p className={styles.note}>{t('account.deletion_note')}</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={id}>
            Why are you leaving? (required)
          </label>
          <select id={id} className={fieldStyles.control} value={reason} required aria-required onChange={(event) => setReason(event.target.value)} disabled={!hydrated || working}>
            <option value="">--- select ---</option>
            {(reasons.data ?? []).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button type="submit" variant="primary" className={styles.danger} disabled={!hydrated || chosen === null || working} aria-busy={working}>
            {remove.isPending ? 'Deleting…' : t('account.confirm_deletion')}
          </Button>
        </div>
      </form>
    </section>
  );
}
