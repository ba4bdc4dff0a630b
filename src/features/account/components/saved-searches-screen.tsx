/**
 * 'Saved searches' (issue 17): each search the member saved, with what it searches, how many parts
 * match now and how many are new since they last ran it; one tap runs it (the normal results page,
 * marked viewed), and it can be renamed, deleted (after asking) and watched by an alert.
 *
 * Without signal the list is the one kept with the session's cache, and a run opens the results
 * page at the search's own address, which the service worker answers with the results it kept when
 * the search last ran with signal (issue 16's kept answers; nothing else is stored here).
 */
import { useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { SavedSearch } from '../../../contract/saved-searches';
import { formatDateTime } from '../../../domain/dates';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { savedSearchSummary, savedSearchUrl } from '../../../domain/saved-searches';
import { isApiError } from '../../../shared/api/api-error';
import { useMakes } from '../../../shared/catalogue/get-makes';
import { usePartTypes } from '../../../shared/catalogue/get-part-types';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useAskedSwitch } from '../../../shared/hooks/use-asked-switch';
import { useOfflineAsOf } from '../../../shared/offline/kept-answer';
import { OfflineNotice } from '../../../shared/offline/offline-notice';
import { hasSignal } from '../../../shared/signal';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useDeleteSavedSearch, useRenameSavedSearch, useRunSavedSearch, useSavedSearchAlert, useSavedSearches } from '../api/saved-searches';
import accountStyles from './account.module.css';
import styles from './saved-searches.module.css';

const failureOf = (error: unknown) => (isApiError(error) && error.kind !== 'parse' ? error.msg : t('saved_searches.change_failed'));

export function SavedSearchesScreen() {
  const list = useSavedSearches();
  const partTypes = usePartTypes();
  const records = list.data ?? (list.isError ? [] : null);
  // Shown from the kept list: its counts are as of when it was read.
  const asOf = useOfflineAsOf({ dataUpdatedAt: list.dataUpdatedAt, error: list.error });
  const partTypeName = (id: number | undefined) => (id === undefined ? null : (partTypes.find((row) => row.ID === id)?.Name ?? null));
  // A search keeps its make upper-cased as its address does (SPEC §2); it is named as the
  // catalogue spells it. Until hydrated, as the server drew it (the makes may come from the kept cache).
  const hydrated = useHydrated();
  const makes = useMakes();
  const spelt = (params: SavedSearch['params']): SavedSearch['params'] => {
    const make = params.make && hydrated ? makes.data?.find((row) => row.name.toUpperCase() === params.make?.toUpperCase())?.name : undefined;
    return make ? { ...params, make } : params;
  };

  return (
    <section aria-labelledby="saved-searches-title">
      <div className={accountStyles.screenHead}>
        <h1 id="saved-searches-title">Saved searches</h1>
      </div>
      <p className={styles.intro}>{t('saved_searches.intro')}</p>
      {list.data ? <OfflineNotice asOf={asOf} /> : null}
      {records === null ? (
        <p role="status">Loading your saved searches…</p>
      ) : list.isError && !list.data ? (
        <p role="alert" className={styles.failure}>
          {failureOf(list.error)}
        </p>
      ) : records.length === 0 ? (
        <p className={accountStyles.empty}>{t('saved_searches.empty')}</p>
      ) : (
        <ul role="list" className={styles.list} aria-label="Your saved searches">
          {records.map((search) => (
            <SavedSearchItem key={search.id} search={search} summary={savedSearchSummary(spelt(search.params), partTypeName(search.params.partType))} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchItem({ search, summary }: { search: SavedSearch; summary: string }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const nameId = useId();
  const run = useRunSavedSearch();
  const alert = useSavedSearchAlert();
  const [renaming, setRenaming] = useState(false);

  const runSearch = async () => {
    if (run.isPending) return;
    // Without signal the run cannot be recorded; the results page opens from what the phone kept.
    const kept = savedSearchUrl(search.params);
    if (!hasSignal()) {
      await router.navigate({ href: kept });
      return;
    }
    try {
      const answer = await run.mutateAsync(search.id);
      await router.navigate({ href: answer.search_url });
    } catch (error) {
      if (isApiError(error) && error.kind === 'network') await router.navigate({ href: kept });
      else toast.error(failureOf(error));
    }
  };

  // The switch shows what was asked for from the tap until the list read again confirms it.
  const alertSwitch = useAskedSwitch(search.alert_id !== null);
  const toggleAlert = (on: boolean) =>
    alertSwitch.ask(on, async () => {
      try {
        await alert.mutateAsync({ search, on });
        toast.success(t(on ? 'saved_searches.alert_on' : 'saved_searches.alert_off', { name: search.name }));
      } catch (error) {
        toast.error(failureOf(error));
      }
    });

  const fresh = search.new_since_last_view;
  return (
    <li className={styles.item}>
      {renaming ? (
        <RenameForm search={search} onDone={() => setRenaming(false)} />
      ) : (
        <div className={styles.head}>
          <h2 id={nameId} className={styles.name}>
            {search.name}
          </h2>
          {fresh > 0 ? (
            <span className={styles.fresh}>
              {fresh} new<span className="visually-hidden"> since your last visit</span>
            </span>
          ) : null}
        </div>
      )}
      <p className={styles.summary}>{summary}</p>
      <p className={styles.counts}>
        <strong>{search.matching === 1 ? '1 part matches now' : `${search.matching} parts match now`}</strong>
        <span className={accountStyles.muted}>{search.last_viewed ? ` · Last run ${formatDateTime(new Date(search.last_viewed))}` : ' · Not run yet'}</span>
      </p>
      <div className={styles.actions}>
        <Button className={styles.run} onClick={() => void runSearch()} disabled={!hydrated} aria-disabled={run.isPending} aria-describedby={nameId}>
          {run.isPending ? 'Opening…' : 'Run search'}
        </Button>
        {renaming ? null : (
          <Button variant="quiet" onClick={() => setRenaming(true)} disabled={!hydrated} aria-describedby={nameId}>
            Rename
          </Button>
        )}
        <DeleteButton search={search} describedBy={nameId} />
      </div>
      <label className={styles.alert}>
        <input
          type="checkbox"
          role="switch"
          checked={alertSwitch.on}
          disabled={!hydrated}
          aria-disabled={alertSwitch.asking}
          aria-describedby={nameId}
          onChange={(event) => {
            if (!alertSwitch.asking) void toggleAlert(event.target.checked);
          }}
        />
        {t('saved_searches.alert')}
      </label>
    </li>
  );
}

function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const rename = useRenameSavedSearch();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    setError(undefined);
    try {
      await rename.mutateAsync({ id: search.id, name: name.trim() });
      onDone();
    } catch (failure) {
      const forName = isApiError(failure) ? failure.errors.name?.[0] : undefined;
      if (forName) setError(forName);
      else toast.error(failureOf(failure));
    }
  };

  return (
    <form className={styles.rename} onSubmit={(event) => void submit(event)} noValidate>
      <Field label={`New name for “${search.name}”`} error={error}>
        {(control) => (
          // Opened on purpose by 'Rename': the field the person is about to type in.
          <input {...control} type="text" value={name} maxLength={80} autoComplete="off" autoFocus onChange={(event) => setName(event.target.value)} />
        )}
      </Field>
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={rename.isPending}>
          Save name
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteButton({ search, describedBy }: { search: SavedSearch; describedBy: string }) {
  const hydrated = useHydrated();
  const remove = useDeleteSavedSearch();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    if (remove.isPending) return;
    try {
      const answer = await remove.mutateAsync(search.id);
      setOpen(false);
      toast.success(answer.msg);
    } catch (error) {
      toast.error(failureOf(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="quiet" className={styles.delete} disabled={!hydrated} aria-describedby={describedBy}>
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent title="Delete saved search" description={t('saved_searches.delete_confirm', { name: search.name })}>
        <div className={accountStyles.dialogActions}>
          <Button onClick={() => void confirm()} aria-disabled={remove.isPending}>
            Delete
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
