import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type Resolver, useForm } from 'react-hook-form';
import type { JobRecord } from '../../../contract/admin-content';
import { formProblems, type JobForm, jobFormSchema, slugOf } from '../../../domain/admin-content';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, Notice, PageHeading, SelectField, TextField, useToast } from '../../ui';
import { MarkdownField } from '../../ui/markdown-field';
import { jobListQuery, useCreateJob, useSaveJob } from './api';

/** The form as typed: numbers and choices as text, blanks for none. */
type Values = Omit<JobForm, 'salary_from' | 'salary_to' | 'category_id' | 'location_id' | 'sector_id'> & {
  salary_from: string;
  salary_to: string;
  category_id: string;
  location_id: string;
  sector_id: string;
};

const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function bodyOf(values: Values): JobForm {
  return {
    ...values,
    salary_from: wholeOrNull(values.salary_from),
    salary_to: wholeOrNull(values.salary_to),
    category_id: Number(values.category_id),
    location_id: Number(values.location_id),
    sector_id: Number(values.sector_id),
  };
}

const resolver: Resolver<Values> = async (values) => {
  const problems = formProblems(jobFormSchema, bodyOf(values));
  const names = Object.keys(problems);
  if (names.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(names.map((name) => [name, { type: 'validate', message: problems[name] }])) };
};

function valuesOf(job: JobRecord | undefined): Values {
  return {
    title: job?.title ?? '',
    slug: job?.slug ?? '',
    purpose: job?.purpose ?? '',
    description: job?.description ?? '',
    how_to_apply: job?.how_to_apply ?? '',
    salary: job?.salary ?? '',
    salary_from: job?.salary_from === null || job?.salary_from === undefined ? '' : String(job.salary_from),
    salary_to: job?.salary_to === null || job?.salary_to === undefined ? '' : String(job.salary_to),
    working_hours: job?.working_hours ?? '',
    working_pattern: job?.working_pattern ?? '',
    category_id: job ? String(job.category_id) : '',
    location_id: job ? String(job.location_id) : '',
    sector_id: job ? String(job.sector_id) : '',
    featured: job?.featured ?? false,
    expires_on: job?.expires_on ?? '',
  };
}

const choose = (label: string, list: readonly { id: number; name: string }[]) => [{ value: '', label }, ...list.map((item) => ({ value: String(item.id), label: item.name }))];

/** A new job advert (no id) or an existing one: its texts in Markdown, its facts and its last day. */
export function JobFormScreen({ id }: { id?: number }) {
  const { data } = useSuspenseQuery(jobListQuery());
  const job = id === undefined ? undefined : data.records.find((record) => record.id === id);
  const create = useCreateJob();
  const save = useSaveJob(id ?? 0);
  const change = id === undefined ? create : save;
  const notify = useToast();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getFieldState,
    formState: { errors, isSubmitted },
  } = useForm<Values>({ resolver, defaultValues: valuesOf(job) });
  const server = fieldErrorsOf(change.error);
  const error = (name: keyof Values) => errors[name]?.message ?? server[name];

  if (id !== undefined && !job) return <Notice tone="error">This job advert no longer exists.</Notice>;

  const title = register('title');
  return (
    <>
      <PageHeading title={job ? `Edit: ${job.title}` : 'New job advert'} description="Shown on the shop's /jobs page as soon as it is saved, until its last day." />
      {change.error && Object.keys(server).length === 0 ? <Notice tone="error">{messageOf(change.error)}</Notice> : null}
      <form
        className="bo-form"
        noValidate
        onSubmit={handleSubmit((values) =>
          change.mutate(bodyOf(values), {
            onSuccess: (answer) => {
              notify(answer.msg);
              void navigate({ to: '/content/jobs' });
            },
          }),
        )}
      >
        <TextField
          label="Title"
          {...title}
          onChange={(event) => {
            void title.onChange(event);
            // A new advert's slug follows its title until someone writes one.
            if (!job && !getFieldState('slug').isDirty) setValue('slug', slugOf(event.target.value), { shouldValidate: isSubmitted });
          }}
          error={error('title')}
        />
        <TextField label="Slug" hint="Lower-case letters, digits and dashes; unique among adverts." {...register('slug')} error={error('slug')} />
        <TextField label="Purpose" hint="One sentence: what the job is for." {...register('purpose')} error={error('purpose')} />
        <MarkdownField label="Description" {...register('description')} value={watch('description')} error={error('description')} />
        <MarkdownField label="How to apply" rows={5} {...register('how_to_apply')} value={watch('how_to_apply')} error={error('how_to_apply')} />
        <SelectField label="Category" options={choose('Choose a category', data.categories)} {...register('category_id')} error={error('category_id')} />
        <SelectField label="Location" options={choose('Choose a location', data.locations)} {...register('location_id')} error={error('location_id')} />
        <SelectField label="Reports to" options={choose('Choose whom the role reports to', data.sectors)} {...register('sector_id')} error={error('sector_id')} />
        <TextField label="Salary as shown" hint="E.g. '£24,000 a year'. Leave empty to show the range." {...register('salary')} error={error('salary')} />
        <TextField label="Salary from (£ a year)" inputMode="numeric" {...register('salary_from')} error={error('salary_from')} />
        <TextField label="Salary to (£ a year)" inputMode="numeric" {...register('salary_to')} error={error('salary_to')} />
        <TextField label="Working hours" {...register('working_hours')} error={error('working_hours')} />
        <TextField label="Working pattern" {...register('working_pattern')} error={error('working_pattern')} />
        <TextField label="Last day" type="date" hint="Leave empty to keep it open until taken off." {...register('expires_on')} error={error('expires_on')} />
        <label className="bo-check">
          <input type="checkbox" {...register('featured')} /> Featured on the home page
        </label>
        <Button type="submit" busy={change.isPending}>
          {job ? 'Save job advert' : 'Create job advert'}
        </Button>
      </form>
    </>
  );
}
