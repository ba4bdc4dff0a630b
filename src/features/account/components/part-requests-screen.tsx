/**
 * 'Part requests' (SPEC §2, §4, §5): the form — car registration (cleaned by the one registration
 * rule), the searchable part-type select or a part name typed by hand (upper-cased) — and the
 * member's past requests with their status badge, part, registration and date, and the note that
 * the part may not be found. Sorted 'Most recent' / 'Oldest first', 5 a page. Success clears the
 * errors, shows a toast, resets the form and shows page 1; a failure keeps the field errors and
 * shows a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { cleanManualPartName, accountPartRequestFormSchema } from '../../../domain/account-part-request';
import { VRN_MAX_LENGTH, cleanVrn } from '../../../domain/validation';
import { isApiError } from '../../../shared/api/api-error';
import { newIdempotencyKey } from '../../../shared/api/idempotency';
import { QUEUED_MESSAGE, sendOrQueue } from '../../../shared/outbox/send-or-queue';
import { usePartTypes } from '../../../shared/catalogue/get-part-types';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { withCameraClass } from '../../../shared/camera/camera-row';
import { CameraButton } from '../../../shared/camera/camera-slot';
import { Field } from '../../../shared/ui/field';
import { Paginator } from '../../../shared/ui/paginator';
import { PartTypeSelect } from '../../../shared/ui/part-type-select';
import { useAddPartRequest, usePartRequestList } from '../api/part-requests';
import { t } from '../../../domain/messages';
import styles from './account.module.css';
import { StatusBadge } from './status-badge';
import '../../../domain/messages-more';

const created = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

interface FormValues {
  car_reg: string;
  part_type: string;
  part_name_manually: string;
}

const EMPTY: FormValues = { car_reg: '', part_type: '', part_name_manually: '' };
const FIELDS = ['car_reg', 'part_type', 'part_name_manually'] as const;
const isField = (name: string): name is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(name);

export function PartRequestsScreen() {
  const [page, setPage] = useState(1);
  const [direction, setDirection] = useState<'ASC' | 'DESC'>('DESC');
  const list = usePartRequestList({ page, direction });
  const hydrated = useHydrated();
  const records = list.isError ? [] : (list.data?.records ?? null);
  const paginator = list.data?.paginator;

  return (
    <section aria-labelledby="part-requests-title">
      <div className={styles.screenHead}>
        <h1 id="part-requests-title">Part requests</h1>
      </div>
      <p className={styles.intro}>Can't find a part? Tell us the car and the part and we will look for it for you.</p>
      <PartRequestForm onAdded={() => setPage(1)} />
      <section className={styles.section} aria-labelledby="past-requests-title">
        <div className={styles.screenHead}>
          <h2 id="past-requests-title">Your requests</h2>
          <label className={styles.sortField}>
            <span>Sort by</span>
            <select
              value={direction}
              disabled={!hydrated}
              onChange={(event) => {
                setDirection(event.target.value === 'ASC' ? 'ASC' : 'DESC');
                setPage(1);
              }}
            >
              <option value="DESC">{t('part_requests.sort_recent')}</option>
              <option value="ASC">{t('part_requests.sort_oldest')}</option>
            </select>
          </label>
        </div>
        {records === null ? (
          <p role="status">Loading your part requests…</p>
        ) : records.length === 0 ? (
          <p className={styles.empty}>{t('part_requests.empty')}</p>
        ) : (
          <ul role="list" className={styles.requests} aria-busy={list.isFetching}>
            {records.map((request) => (
              <li key={request.id} className={styles.request}>
                <div className={styles.requestHead}>
                  <strong>{request.part_name}</strong>
                  <StatusBadge name={request.part_request_status.name} colour={request.part_request_status.color_rgba} />
                </div>
                <dl className={styles.facts}>
                  <div>
                    <dt>Registration</dt>
                    <dd>{request.car_reg}</dd>
                  </div>
                  <div>
                    <dt>Requested</dt>
                    <dd>{created.format(new Date(request.created))}</dd>
                  </div>
                  <div>
                    <dt>Reference</dt>
                    <dd>{request.reference}</dd>
                  </div>
                </dl>
                {request.part_request_status.code === 'found' && request.part_url ? <a href={request.part_url}>See the part we found</a> : null}
                {request.part_request_status.code === 'new' || request.part_request_status.code === 'searching' ? (
                  <p className={styles.muted}>{t('part_requests.may_not_source')}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {paginator ? (
          <Paginator
            page={paginator.page}
            pageCount={paginator.pageCount}
            label="Part request pages"
            onPageChange={(next) => {
              setPage(next);
              // SPEC §4: a page change scrolls to the top.
              window.scrollTo({ top: 0 });
            }}
          />
        ) : null}
      </section>
    </section>
  );
}

function PartRequestForm({ onAdded }: { onAdded: () => void }) {
  const partTypes = usePartTypes();
  const add = useAddPartRequest();
  const hydrated = useHydrated();
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    setValue,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: EMPTY, shouldFocusError: true, resolver: resolver });

  const submit = handleSubmit(async (values) => {
    if (add.isPending) return;
    const typeId = values.part_type === '' ? null : Number(values.part_type);
    const type = partTypes.find((each) => each.ID === typeId);
    const body = {
      car_reg: cleanVrn(values.car_reg),
      part_type: typeId,
      part_name_manually: typeId === null ? cleanManualPartName(values.part_name_manually) : null,
      part_name: type?.Name ?? null,
    };
    // One key per press of Send: the same request if it has to wait in the outbox.
    const idempotencyKey = newIdempotencyKey();
    try {
      const result = await sendOrQueue(
        { id: idempotencyKey, kind: 'account-part-request', label: `Part request: ${body.part_name ?? body.part_name_manually ?? 'a part'} for ${body.car_reg}`, body },
        () => add.mutateAsync({ body, idempotencyKey }),
      );
      clearErrors();
      reset(EMPTY);
      if (!result.sent) {
        toast.info(QUEUED_MESSAGE);
        return;
      }
      toast.success(result.answer.msg);
      onAdded();
    } catch (error) {
      if (!isApiError(error)) throw error;
      for (const [field, messages] of Object.entries(error.errors)) {
        if (isField(field) && messages[0]) setError(field, { type: 'server', message: messages[0] });
      }
      toast.error(error.msg);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label="Request a part">
      <div className={styles.formRow}>
        <Field label="Car registration" error={errors.car_reg?.message}>
          {(field) => (
            <div className={withCameraClass}>
              <input
                {...field}
                {...register('car_reg', { setValueAs: (value: string) => cleanVrn(value) })}
                type="text"
                autoCapitalize="characters"
                autoComplete="off"
                maxLength={VRN_MAX_LENGTH + 4}
              />
              <CameraButton kind="plate" onRead={(read) => setValue('car_reg', read, { shouldValidate: true, shouldDirty: true })} />
            </div>
          )}
        </Field>
        <Controller
          control={control}
          name="part_type"
          render={({ field }) => (
            <PartTypeSelect
              partTypes={partTypes}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              selectRef={field.ref}
              error={errors.part_type?.message}
            />
          )}
        />
      </div>
      <Field label="Or type the part's name" hint="If it is not in the list" error={errors.part_name_manually?.message}>
        {(field) => (
          <input
            {...field}
            {...register('part_name_manually', { onChange: (event: { target: HTMLInputElement }) => (event.target.value = event.target.value.toUpperCase()) })}
            type="text"
            autoCapitalize="characters"
          />
        )}
      </Field>
      <div>
        <Button type="submit" disabled={!hydrated} aria-disabled={add.isPending} aria-busy={add.isPending}>
          {add.isPending ? 'Sending…' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}

/** The form's strings checked by the domain's schema (SPEC §5); its messages land under the fields. */
const schemaResolver = zodResolver(accountPartRequestFormSchema as never) as unknown as Resolver<Record<string, unknown>>;
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const input = {
    car_reg: values.car_reg,
    part_type: values.part_type === '' ? null : Number(values.part_type),
    part_name_manually: values.part_name_manually === '' ? null : values.part_name_manually,
  };
  const result = await schemaResolver(input, context, options as never);
  return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as never } : { values, errors: {} };
};
