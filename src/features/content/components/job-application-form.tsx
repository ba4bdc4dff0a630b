/**
 * The application form of a job's page: name, e-mail, phone, message and the CV (PDF or Word, at
 * most 5 MB), checked by the domain's schema, sent as the contract's multipart POST. Field errors
 * (the form's or the server's) show under their inputs; success replaces the form with the
 * server's message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { CV_ACCEPT, jobApplicationSchema, type JobApplicationFields } from '../../../domain/job-application';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { sendJobApplication } from '../api/jobs';
import styles from './content.module.css';

const FIELDS = ['name', 'email', 'phone', 'message', 'cv'] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

const empty: JobApplicationFields = { name: '', email: '', phone: '', message: '', cv: null };

export default function JobApplicationForm({ jobId, jobTitle }: { jobId: number; jobTitle: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JobApplicationFields>({ resolver: zodResolver(jobApplicationSchema), defaultValues: empty, shouldFocusError: true });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (!values.cv || !(values.cv instanceof File)) return;
    try {
      const message = await sendJobApplication(jobId, { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim(), message: values.message.trim(), cv: values.cv });
      setSent(message);
    } catch (error) {
      if (!isApiError(error)) throw error;
      for (const [field, messages] of Object.entries(error.errors)) {
        if (isField(field) && messages[0]) setError(field, { type: 'server', message: messages[0] });
      }
      setFailure(error.msg);
    }
  });

  if (sent !== null) {
    return (
      <div className={styles.success} role="status">
        <p>{sent}</p>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={`${t('jobs.apply_heading')}: ${jobTitle}`}>
      {failure ? (
        <p className={styles.formError} role="alert">
          {failure}
        </p>
      ) : null}
      <Field label={t('jobs.apply_name')} error={errors.name?.message}>
        {(field) => <input {...field} {...register('name')} type="text" autoComplete="name" />}
      </Field>
      <Field label={t('jobs.apply_email')} error={errors.email?.message}>
        {(field) => <input {...field} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
      </Field>
      <Field label={t('jobs.apply_phone')} error={errors.phone?.message}>
        {(field) => <input {...field} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" />}
      </Field>
      <Field label={t('jobs.apply_message')} error={errors.message?.message}>
        {(field) => <textarea {...field} {...register('message')} rows={5} />}
      </Field>
      <Controller
        control={control}
        name="cv"
        render={({ field: { onChange, onBlur, ref, name }, fieldState }) => (
          <Field label={t('jobs.apply_cv')} hint={t('jobs.apply_cv_hint')} error={fieldState.error?.message}>
            {(field) => (
              <input
                {...field}
                ref={ref}
                name={name}
                onBlur={onBlur}
                type="file"
                accept={CV_ACCEPT}
                onChange={(event) => onChange(event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
        )}
      />
      <div>
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {isSubmitting ? t('jobs.apply_sending') : t('jobs.apply_send')}
        </Button>
      </div>
    </form>
  );
}
