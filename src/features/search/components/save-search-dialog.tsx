/**
 * The save dialog of 'Save this search' (issue 17): the name, prefilled from what the search
 * searches, and POST /saved-searches/create. The server's field message shows under the name; a
 * session that ended meanwhile (401) closes the dialog for the login modal, which opens it again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import { createSavedSearch } from '../../../contract/saved-searches';
import { savedSearchSummary, type SavedSearchQuery } from '../../../domain/saved-searches';
import { savedSearchName } from '../../../domain/trade-buyers';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { isApiError } from '../../../shared/api/api-error';
import { apiOf } from '../../../shared/api/client';
import { newIdempotencyKey } from '../../../shared/api/idempotency';
import { QUEUED_MESSAGE, sendOrQueue } from '../../../shared/outbox/send-or-queue';
import { savedSearchKeys } from '../../../shared/saved-searches/saved-search-list';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import styles from './save-search.module.css';

/** The name's longest form (the contract's limit). */
const NAME_MAX_LENGTH = 80;

interface SaveSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  params: SavedSearchQuery;
  partTypeName: string | null;
  makeName?: string | undefined;
  onSignInNeeded: () => void;
}

export function SaveSearchDialog({ open, onOpenChange, params, partTypeName, makeName, onSignInNeeded }: SaveSearchDialogProps) {
  const client = useQueryClient();
  // In words with the make as the shop spells it; what is saved keeps the search's own values.
  const spelt = makeName ? { ...params, make: makeName } : params;
  const summary = savedSearchSummary(spelt, partTypeName);
  const [name, setName] = useState(() => savedSearchName(spelt, partTypeName).slice(0, NAME_MAX_LENGTH));
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    // Never paused: without signal the search goes to the outbox instead (sendOrQueue).
    networkMode: 'always',
    mutationFn: ({ body, idempotencyKey }: { body: { name: string; params: SavedSearchQuery }; idempotencyKey: string }) =>
      apiOf(client)(createSavedSearch, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setNameError(undefined);
    setFailure(null);
    try {
      const body = { name: name.trim(), params };
      const idempotencyKey = newIdempotencyKey();
      // Without signal it waits in the outbox with this key, and is saved when there is.
      const result = await sendOrQueue({ id: idempotencyKey, kind: 'saved-search', label: `Saved search: ${body.name || summary}`, body }, () => save.mutateAsync({ body, idempotencyKey }));
      if (result.sent) toast.success(t('saved_searches.saved', { name: result.answer.record.name }));
      else toast.info(QUEUED_MESSAGE);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        onOpenChange(false);
        onSignInNeeded();
        return;
      }
      const errors = isApiError(error) ? error.errors : {};
      const forName = errors.name?.[0];
      setNameError(forName);
      // A field the person cannot change here (the search itself) or no field at all: said above the buttons.
      const other = Object.entries(errors).find(([field]) => field !== 'name')?.[1]?.[0];
      if (!forName || other) setFailure(other ?? (isApiError(error) && error.kind !== 'parse' ? error.msg : t('saved_searches.save_failed')));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('saved_searches.save')} description={summary}>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <Field label="Name" hint="How the search is listed in your account" error={nameError}>
            {(control) => (
              <input
                {...control}
                type="text"
                name="name"
                value={name}
                maxLength={NAME_MAX_LENGTH}
                autoComplete="off"
                // The name is what the dialog asks: ready to type over or confirm with Enter.
                autoFocus
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          {failure ? (
            <p role="alert" className={styles.failure}>
              {failure}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" aria-disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save search'}
            </Button>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
