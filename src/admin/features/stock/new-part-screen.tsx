/** /admin/stock/new: the part form and its photos; saved, the part is on the shop at once. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../api';
import { PageHeading, useToast } from '../../ui';
import { useAddPhotos, useCreatePart } from './api';
import { PartForm } from './part-form';
import { PhotoPicker } from './photo-picker';
import styles from './stock.module.css';

export function NewPartScreen() {
  const create = useCreatePart();
  const [photos, setPhotos] = useState<File[]>([]);
  const upload = useAddPhotos();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <>
      <PageHeading title="Add a part" description="Saved, it is in the shop's searches at once, and customers whose alerts it matches are told." actions={<Link to="/stock">Back to stock</Link>} />
      <PartForm
        submitLabel={photos.length > 0 ? `Save the part and its ${photos.length === 1 ? 'photo' : `${photos.length} photos`}` : 'Save the part'}
        busy={create.isPending || upload.isPending}
        error={create.error}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: async ({ part, msg }) => {
              if (photos.length > 0) {
                try {
                  await upload.mutateAsync({ id: part.id, files: photos });
                } catch (error) {
                  toast(`${msg} The photos were not added: ${fieldErrorsOf(error).photos ?? messageOf(error)}`);
                  void navigate({ to: '/stock/$id', params: { id: String(part.id) } });
                  return;
                }
              }
              toast(msg);
              void navigate({ to: '/stock/$id', params: { id: String(part.id) } });
            },
          })
        }
      >
        <section className={styles.section} aria-labelledby="part-photos">
          <h2 id="part-photos">Photos</h2>
          <PhotoPicker label="Choose photos" files={photos} onChange={setPhotos} />
        </section>
      </PartForm>
    </>
  );
}
