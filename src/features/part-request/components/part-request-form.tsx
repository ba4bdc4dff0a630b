/**
 * The shop's part request form (SPEC §2, §5, §7): name, email, registration, part type, phone and
 * the bot check, checked in the spec's order by the domain's schema (the server runs the same
 * one). A refused or unfinished form shows filters.fill_form above the fields; a success shows
 * the server's message, clears the form and starts a fresh bot check, or follows the returned url.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { PartType } from '../../../contract/part-types';
import { t } from '../../../domain/messages';
import { partRequestFormSchema } from '../../../domain/part-request-form';
import { VRN_MAX_LENGTH } from '../../../domain/validation';
import { isApiError } from '../../../shared/api/api-error';
import { newIdempotencyKey } from '../../../shared/api/idempotency';
import { useInView } from '../../../shared/hooks/use-in-view';
import { useOnlineStatus } from '../../../shared/hooks/use-online-status';
import { hasSignal } from '../../../shared/signal';
import { QUEUED_MESSAGE, sendOrQueue } from '../../../shared/outbox/send-or-queue';
import { usePartTypes } from '../../../shared/catalogue/get-part-types';
import { Button } from '../../../shared/ui/button';
import { withCameraClass } from '../../../shared/camera/camera-row';
import { CameraButton } from '../../../shared/camera/camera-slot';
import { Field } from '../../../shared/ui/field';
import { PartTypeSelect } from '../../../shared/ui/part-type-select';
import { useSendPartRequest } from '../api/submit-part-request';
import styles from './part-request-form.module.css';
import { BrowserOnly } from '../../../shared/ui/browser-only';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const BotCheck = lazyWhenOnline(() => import('../../../shared/bot-check/bot-check'));

export interface PartRequestFormDefaults {
  carReg?: string | undefined;
  partType?: PartType | undefined;
}

interface FormValues {
  name: string;
  email: string;
  car_reg: string;
  part: { ID: number; Name?: string | undefined } | null;
  phone: string;
  'cf-token': string;
}

const FIELDS: readonly (keyof FormValues)[] = ['name', 'email', 'car_reg', 'part', 'phone', 'cf-token'];
const isField = (name: string): name is keyof FormValues => (FIELDS as readonly string[]).includes(name);

const newKey = newIdempotencyKey;

/** Stands in for the bot check's answer while checking the other fields offline (it is asked for later). */
const ASKED_LATER = 'asked-for-when-online';

const checkFields = zodResolver(partRequestFormSchema) as unknown as (values: FormValues, context: unknown, options: never) => ReturnType<ReturnType<typeof zodResolver>>;

export default function PartRequestForm({ defaults }: { defaults: PartRequestFormDefaults }) {
  const partTypes = usePartTypes();
  const send = useSendPartRequest();
  const online = useOnlineStatus();
  const [round, setRound] = useState(0);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [notice, setNotice] = useState<{ kind: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const emptyValues: FormValues = {
    name: '',
    email: '',
    car_reg: defaults.carReg ?? '',
    part: defaults.partType ? { ID: defaults.partType.ID, Name: defaults.partType.Name } : null,
    phone: '',
    'cf-token': '',
  };
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    // The schema's output cleans values (trimmed, the registration upper-cased) before sending.
    // Without signal the bot check cannot be solved: the other fields are checked, and the
    // request waits in the outbox for the check (asked for when the page next has signal).
    resolver: ((values: FormValues, context: unknown, options: never) =>
      checkFields(!hasSignal() && values['cf-token'] === '' ? { ...values, 'cf-token': ASKED_LATER } : values, context, options)) as never,
    defaultValues: emptyValues,
    shouldFocusError: true,
  });

  const onToken = useCallback((token: string) => setValue('cf-token', token, { shouldValidate: token !== '' }), [setValue]);
  // The bot check's widget is mounted once its place nears the screen or the form gets the focus,
  // not with the page: on the results with nothing in stock the form is thousands of pixels down,
  // and mounting the widget was a task of 55-82 ms on a 4x slowed phone during the first load
  // (issue 29). Its proof of work starts on the form's focus either way.
  const [checkWanted, setCheckWanted] = useState(false);
  const wantCheck = useCallback(() => setCheckWanted(true), []);
  const checkPlace = useInView<HTMLDivElement>(wantCheck, checkWanted, '400px');
  useEffect(() => {
    // A browser without IntersectionObserver never reports the place: it gets the check at once.
    if (typeof IntersectionObserver === 'undefined') wantCheck();
  }, [wantCheck]);
  const botCheckNote = <p className={styles.botNote}>Loading the security check…</p>;

  const submit = handleSubmit(
    async (values) => {
      if (send.isPending) {
        setNotice({ kind: 'warning', text: t('filters.fill_form') });
        return;
      }
      setNotice(null);
      const token = values['cf-token'] === ASKED_LATER ? '' : values['cf-token'];
      const body = { ...values, 'cf-token': token, part: values.part, phone: values.phone || undefined };
      try {
        const result = await sendOrQueue(
          { id: idempotencyKey, kind: 'part-request', label: `Part request: ${values.part?.Name ?? 'a part'} for ${values.car_reg}`, body },
          () => send.mutateAsync({ idempotencyKey, body }),
        );
        if (!result.sent) {
          // Saved in the outbox with this key: the form starts afresh for another request.
          reset({ ...emptyValues, car_reg: '', part: null });
          setRound((current) => current + 1);
          setIdempotencyKey(newKey());
          setNotice({ kind: 'warning', text: `${QUEUED_MESSAGE}${token ? '' : ' We will ask you for the security check then.'}` });
          return;
        }
        const answer = result.answer;
        if (answer.url) {
          window.location.assign(answer.url);
          return;
        }
        // SPEC §4: success resets the form and the bot check.
        reset({ ...emptyValues, car_reg: '', part: null });
        setRound((current) => current + 1);
        setIdempotencyKey(newKey());
        setNotice({ kind: 'success', text: answer.msg });
      } catch (error) {
        if (!isApiError(error)) throw error;
        for (const [field, messages] of Object.entries(error.errors)) {
          if (isField(field) && messages[0]) setError(field, { type: 'server', message: messages[0] });
        }
        if (error.errors['cf-token']) {
          // A refused or used answer: a fresh challenge.
          setValue('cf-token', '');
          setRound((current) => current + 1);
        }
        setNotice({ kind: 'error', text: error.msg });
      }
    },
    () => setNotice({ kind: 'warning', text: t('filters.fill_form') }),
  );

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} onFocus={wantCheck} noValidate aria-describedby="part-request-notice">
      <div id="part-request-notice" role={notice?.kind === 'success' ? 'status' : 'alert'} className={notice ? styles[notice.kind] : undefined}>
        {notice?.text}
      </div>
      <Field label="Your name" hint="At least 3 characters" error={errors.name?.message}>
        {(field) => <input {...field} {...register('name')} type="text" autoComplete="name" />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(field) => <input {...field} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
      </Field>
      <Field label="Vehicle registration" error={errors.car_reg?.message}>
        {({ className, ...field }) => (
          <div className={withCameraClass}>
            <input
              {...field}
              {...register('car_reg')}
              className={`${className} ${styles.upper}`}
              type="text"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={VRN_MAX_LENGTH + 2}
            />
            <CameraButton kind="plate" onRead={(read) => setValue('car_reg', read, { shouldValidate: true, shouldDirty: true })} />
          </div>
        )}
      </Field>
      <Controller
        control={control}
        name="part"
        render={({ field, fieldState }) => (
          <PartTypeSelect
            partTypes={partTypes}
            label="Part you need"
            value={field.value ? String(field.value.ID) : ''}
            onChange={(value) => {
              const chosen = partTypes.find((row) => String(row.ID) === value);
              field.onChange(chosen ? { ID: chosen.ID, Name: chosen.Name } : null);
            }}
            onBlur={field.onBlur}
            selectRef={field.ref}
            error={fieldState.error?.message ?? (fieldState.error as { ID?: { message?: string } } | undefined)?.ID?.message}
          />
        )}
      />
      <Field label="Phone (optional)" error={errors.phone?.message}>
        {(field) => <input {...field} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" />}
      </Field>
      <div className={styles.wide}>
        <p className={styles.botLabel} id="bot-check-label">
          Security check
        </p>
        <div ref={checkPlace} role="group" aria-labelledby="bot-check-label" className={styles.bot}>
          <input type="hidden" {...register('cf-token')} />
          {/* The widget and its worker exist only in the browser. */}
          <BrowserOnly fallback={botCheckNote}>
            {online ? (
              <Suspense fallback={botCheckNote}>{checkWanted ? <BotCheck round={round} onToken={onToken} /> : botCheckNote}</Suspense>
            ) : (
              <p className={styles.botNote}>You are offline: send the request now and we will ask for the security check when you have signal.</p>
            )}
          </BrowserOnly>
        </div>
        {errors['cf-token']?.message ? (
          <p className={styles.fieldError} role="alert">
            {errors['cf-token'].message}
          </p>
        ) : null}
      </div>
      <div className={styles.wide}>
        <Button type="submit" variant="primary" aria-disabled={isSubmitting || send.isPending}>
          {isSubmitting || send.isPending ? 'Sending…' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}
