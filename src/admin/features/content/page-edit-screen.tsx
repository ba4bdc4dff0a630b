import { useSuspenseQuery } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import type { StaticPageSlug } from '../../../contract/static-contents';
import { formProblems, type StaticPageForm, staticPageFormSchema } from '../../../domain/admin-content';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, Notice, PageHeading, TextField, useToast } from '../../ui';
import { MarkdownField } from '../../ui/markdown-field';
import { pageQuery, useSavePage } from './api';

const resolver: Resolver<StaticPageForm> = async (values) => {
  const problems = formProblems(staticPageFormSchema, values);
  const names = Object.keys(problems);
  if (names.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(names.map((name) => [name, { type: 'validate', message: problems[name] }])) };
};

/** One fixed page: its title and its body in Markdown, with a preview. */
export function PageEditScreen({ slug }: { slug: StaticPageSlug }) {
  const { data } = useSuspenseQuery(pageQuery(slug));
  const save = useSavePage(slug);
  const notify = useToast();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<StaticPageForm>({ resolver, defaultValues: { title: data.record.title, body: data.record.body } });
  const server = fieldErrorsOf(save.error);
  return (
    <>
      <PageHeading
        title={`Edit: ${data.record.title}`}
        description={
          <>
            Shown at{' '}
            <a href={`/page/${slug}`} target="_blank" rel="noopener">
              /page/{slug}
            </a>
            . A page first written in HTML keeps its HTML: Markdown passes it through.
          </>
        }
      />
      {save.error && Object.keys(server).length === 0 ? <Notice tone="error">{messageOf(save.error)}</Notice> : null}
      <form className="bo-form" noValidate onSubmit={handleSubmit((values) => save.mutate(values, { onSuccess: (answer) => notify(answer.msg) }))}>
        <TextField label="Title" {...register('title')} error={errors.title?.message ?? server.title} />
        <MarkdownField label="Page" {...register('body')} value={watch('body')} error={errors.body?.message ?? server.body} />
        <Button type="submit" busy={save.isPending}>
          Save page
        </Button>
      </form>
    </>
  );
}
