/** /admin/stock/$id: a part's form, its photos (add, reorder, remove) and its status (sold, withdrawn, back on sale). */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { StockPart } from '../../../contract/admin-stock';
import { fieldErrorsOf, messageOf } from '../../api';
import { useCan } from '../../session';
import { Button, ConfirmDialog, formatDateTime, Notice, PageHeading, StatusBadge, useToast } from '../../ui';
import { stockPartQuery, useAddPhotos, useOrderPhotos, usePartStatus, useRemovePhoto, useUpdatePart } from './api';
import { PartForm } from './part-form';
import { PhotoPicker } from './photo-picker';
import { PART_STATUS } from './status';
import styles from './stock.module.css';

type Action = 'sold' | 'withdrawn' | 'for_sale';
const ACTIONS: Record<Action, { label: string; question: string; tone: 'danger' | 'primary' }> = {
  sold: { label: 'Mark sold', question: 'Mark this part sold? It leaves the shop at once.', tone: 'danger' },
  withdrawn: { label: 'Withdraw from sale', question: 'Withdraw this part? The shop shows it as coming soon and nobody can buy it.', tone: 'danger' },
  for_sale: { label: 'Put back on sale', question: 'Put this part back on sale? It is searchable at once and customers whose alerts it matches are told.', tone: 'primary' },
};

function actionsFor(status: StockPart['status']): Action[] {
  if (status === 'available') return ['sold', 'withdrawn'];
  if (status === 'sold') return ['for_sale', 'withdrawn'];
  if (status === 'coming_soon') return ['for_sale', 'sold'];
  return [];
}

function Photos({ part }: { part: StockPart }) {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useAddPhotos();
  const order = useOrderPhotos(part.id);
  const remove = useRemovePhoto(part.id);
  const toast = useToast();
  const ids = part.photos.map((photo) => photo.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    order.mutate(next, { onSuccess: ({ msg }) => toast(msg) });
  };
  const error = order.error ?? remove.error;
  return (
    <section className={styles.section} aria-labelledby="photos-heading">
      <h2 id="photos-heading">Photos ({part.photos.length})</h2>
      {error ? <Notice tone="error">{messageOf(error)}</Notice> : null}
      {part.photos.length === 0 ? <p>No photos yet: the shop shows a placeholder.</p> : null}
      <ol className={styles.photos} aria-label="The part's photos, in the shop's order">
        {part.photos.map((photo, index) => (
          <li key={photo.id} className={styles.photo}>
            <a href={photo.gallery} target="_blank" rel="noreferrer">
              <img src={photo.thumb} alt={photo.alt} width={184} height={115} />
            </a>
            <span>{index === 0 ? 'Main picture' : `Photo ${index + 1}`}</span>
            <div className={styles.photoActions}>
              <Button variant="secondary" small disabled={index === 0 || order.isPending} onClick={() => move(index, -1)} aria-label={`Move photo ${index + 1} earlier`}>
                Earlier
              </Button>
              <Button variant="secondary" small disabled={index === part.photos.length - 1 || order.isPending} onClick={() => move(index, 1)} aria-label={`Move photo ${index + 1} later`}>
                Later
              </Button>
              <Button variant="danger" small busy={remove.isPending && remove.variables === photo.id} onClick={() => remove.mutate(photo.id, { onSuccess: ({ msg }) => toast(msg) })} aria-label={`Remove photo ${index + 1}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <PhotoPicker label="Add photos" files={files} onChange={setFiles} error={fieldErrorsOf(upload.error).photos} />
      {upload.error && !fieldErrorsOf(upload.error).photos ? <Notice tone="error">{messageOf(upload.error)}</Notice> : null}
      <div>
        <Button
          disabled={files.length === 0}
          busy={upload.isPending}
          onClick={() =>
            upload.mutate(
              { id: part.id, files },
              {
                onSuccess: ({ msg }) => {
                  setFiles([]);
                  toast(msg);
                },
              },
            )
          }
        >
          {upload.isPending ? 'Uploading…' : files.length > 1 ? `Upload ${files.length} photos` : 'Upload the photo'}
        </Button>
      </div>
    </section>
  );
}

export function PartScreen({ id }: { id: number }) {
  const { data } = useSuspenseQuery(stockPartQuery(id));
  const { part } = data;
  const can = useCan();
  const update = useUpdatePart(id);
  const status = usePartStatus(id);
  const [asking, setAsking] = useState<Action | null>(null);
  const toast = useToast();
  const manage = can('stock.manage');
  return (
    <>
      <PageHeading
        title={`Part ${part.tag}`}
        description={
          <>
            <StatusBadge tone={PART_STATUS[part.status].tone}>{PART_STATUS[part.status].label}</StatusBadge> Added {formatDateTime(part.created_at)}, changed {formatDateTime(part.updated_at)}.{' '}
            <a href={part.url} target="_blank" rel="noreferrer">
              See it on the shop
            </a>
          </>
        }
        actions={
          <>
            <Link to="/stock">Back to stock</Link>
            {manage
              ? actionsFor(part.status).map((action) => (
                  <Button key={action} variant={ACTIONS[action].tone === 'danger' ? 'danger' : 'primary'} onClick={() => setAsking(action)}>
                    {ACTIONS[action].label}
                  </Button>
                ))
              : null}
          </>
        }
      />
      {part.status === 'reserved' ? <Notice tone="warning">An unpaid order holds this part: its status follows the order.</Notice> : null}
      {manage ? <Photos part={part} /> : null}
      {manage ? (
        <PartForm key={part.updated_at} part={part} submitLabel="Save changes" busy={update.isPending} error={update.error} onSubmit={(body) => update.mutate(body, { onSuccess: ({ msg }) => toast(msg) })} />
      ) : (
        <Notice>Your role may look at stock but not change it.</Notice>
      )}
      {asking ? (
        <ConfirmDialog
          open
          title={ACTIONS[asking].label}
          confirmLabel={ACTIONS[asking].label}
          tone={ACTIONS[asking].tone}
          busy={status.isPending}
          error={status.error ? messageOf(status.error) : undefined}
          onCancel={() => {
            status.reset();
            setAsking(null);
          }}
          onConfirm={() =>
            status.mutate(asking, {
              onSuccess: ({ msg }) => {
                setAsking(null);
                toast(msg);
              },
            })
          }
        >
          <p>{ACTIONS[asking].question}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
