import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ARTICLE_PICTURE_MAX_BYTES, type ArticleRecord } from '../../../contract/admin-content';
import { type ArticleForm, articleFormSchema, formProblems, slugOf } from '../../../domain/admin-content';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, ConfirmDialog, Field, Notice, PageHeading, SelectField, TextField, useToast } from '../../ui';
import { MarkdownField } from '../../ui/markdown-field';
import { articleListQuery, useArticlePicture, useCreateArticle, useRemoveArticlePicture, useSaveArticle } from './api';
import styles from './content.module.css';

/** The form as typed: the category as text, the tags as the ticked ids' text. */
type Values = Omit<ArticleForm, 'category_id' | 'tag_ids'> & { category_id: string; tag_ids: string[] };

function bodyOf(values: Values): ArticleForm {
  return { ...values, category_id: Number(values.category_id), tag_ids: values.tag_ids.map(Number) };
}

const resolver: Resolver<Values> = async (values) => {
  const problems = formProblems(articleFormSchema, bodyOf(values));
  const names = Object.keys(problems);
  if (names.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(names.map((name) => [name, { type: 'validate', message: problems[name] }])) };
};

function valuesOf(article: ArticleRecord | undefined): Values {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    category_id: article ? String(article.category_id) : '',
    tag_ids: article ? article.tag_ids.map(String) : [],
    summary: article?.summary ?? '',
    body: article?.body ?? '',
    image_alt: article?.image_alt ?? '',
    publish_at: article?.publish_at ?? '',
  };
}

const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

/** What the blog shows now, said under the picture field of a saved article. */
const PICTURE_NOW: Record<ArticleRecord['picture'], string> = {
  uploaded: 'The blog shows the picture uploaded (below).',
  drawn: 'The blog shows a picture it draws for the article (a workshop scene with its category) until one is uploaded.',
  none: 'The blog shows this article without a picture until one is uploaded.',
};

/**
 * A saved article's picture taken off the blog (asked first): the uploaded files are deleted and
 * the article shows no picture, not the drawn one, until one is uploaded again.
 */
function RemovePicture({ article }: { article: ArticleRecord }) {
  const remove = useRemoveArticlePicture();
  const notify = useToast();
  const [asking, setAsking] = useState(false);
  return (
    <div className={styles.pictureActions}>
      <p className="bo-field__hint">{PICTURE_NOW[article.picture]}</p>
      {article.picture === 'none' ? null : (
        <Button variant="danger" small onClick={() => setAsking(true)}>
          Remove picture
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title="Remove the picture?"
        confirmLabel="Remove picture"
        tone="danger"
        busy={remove.isPending}
        error={remove.error ? messageOf(remove.error) : undefined}
        onCancel={() => {
          remove.reset();
          setAsking(false);
        }}
        onConfirm={() =>
          remove.mutate(article.id, {
            onSuccess: (answer) => {
              notify(answer.msg);
              setAsking(false);
            },
          })
        }
      >
        {article.picture === 'uploaded' ? 'The uploaded picture is deleted for good. ' : ''}The blog then shows {article.title} without a picture, on its page and in the list,
        until you upload one.
      </ConfirmDialog>
    </div>
  );
}

/** The chosen file's preview while it is chosen (the object URL is let go when it changes). */
function useFilePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * A new article (no `article`) or an existing one: its texts in Markdown, category, tags, publish
 * time (empty for a draft) and picture. The article is saved first, then the picture chosen is
 * uploaded to it; a picture refused leaves the saved article to fix on its own page.
 */
export function ArticleFormScreen({ article }: { article?: ArticleRecord }) {
  const { data } = useSuspenseQuery(articleListQuery());
  const create = useCreateArticle();
  const save = useSaveArticle(article?.id ?? 0);
  const picture = useArticlePicture();
  const change = article ? save : create;
  const notify = useToast();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | undefined>(undefined);
  const chosen = useFilePreview(file);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getFieldState,
    formState: { errors, isSubmitted },
  } = useForm<Values>({ resolver, defaultValues: valuesOf(article) });
  const server = fieldErrorsOf(change.error);
  const error = (name: keyof Values) => errors[name]?.message ?? server[name];
  const pictureError = fileProblem ?? fieldErrorsOf(picture.error)['picture'];
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const preview = chosen ?? article?.picture_preview ?? null;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.files?.[0] ?? null;
    picture.reset();
    if (next && next.size > ARTICLE_PICTURE_MAX_BYTES) {
      setFileProblem(`${next.name} is larger than ${ARTICLE_PICTURE_MAX_BYTES / 1024 / 1024} MB.`);
      setFile(null);
      return;
    }
    setFileProblem(undefined);
    setFile(next);
  }

  const title = register('title');
  return (
    <>
      <PageHeading
        title={article ? `Edit: ${article.title}` : 'New article'}
        description="Shown on the shop's /blog page from its publish time; with no publish time it stays a draft."
      />
      {change.error && Object.keys(server).length === 0 ? <Notice tone="error">{messageOf(change.error)}</Notice> : null}
      <form
        className="bo-form"
        noValidate
        onSubmit={handleSubmit((values) =>
          change.mutate(bodyOf(values), {
            onSuccess: (answer) => {
              const done = () => {
                notify(answer.msg);
                void navigate({ to: '/content/articles' });
              };
              if (!file) return done();
              picture.mutate(
                { id: answer.record.id, file },
                {
                  onSuccess: done,
                  // The article is saved: a refused picture is put right on its own page.
                  onError: () => {
                    if (!article) void navigate({ to: '/content/articles/$id', params: { id: String(answer.record.id) } });
                  },
                },
              );
            },
          }),
        )}
      >
        <TextField
          label="Title"
          {...title}
          onChange={(event) => {
            void title.onChange(event);
            // A new article's slug follows its title until someone writes one.
            if (!article && !getFieldState('slug').isDirty) setValue('slug', slugOf(event.target.value), { shouldValidate: isSubmitted });
          }}
          error={error('title')}
        />
        <TextField label="Slug" hint="Lower-case letters, digits and dashes; the address /blog/slug." {...register('slug')} error={error('slug')} />
        <SelectField
          label="Category"
          options={[{ value: '', label: 'Choose a category' }, ...data.categories.map((category) => ({ value: String(category.id), label: category.name }))]}
          {...register('category_id')}
          error={error('category_id')}
        />
        <fieldset className="bo-field">
          <legend className="bo-field__label">Tags</legend>
          <div className={styles.actions}>
            {data.tags.map((tag) => (
              <label key={tag.id} className="bo-check">
                <input type="checkbox" value={String(tag.id)} {...register('tag_ids')} /> {tag.name}
              </label>
            ))}
          </div>
          {error('tag_ids') ? <span className="bo-field__error">{error('tag_ids')}</span> : null}
        </fieldset>
        <MarkdownField label="Summary" rows={4} hint="A paragraph for the blog's list, in Markdown." {...register('summary')} value={watch('summary')} error={error('summary')} />
        <MarkdownField label="Article" {...register('body')} value={watch('body')} error={error('body')} />
        <TextField
          label="Publish time"
          type="datetime-local"
          hint="London time. A time ahead keeps it scheduled until then; leave it empty for a draft."
          {...register('publish_at')}
          error={error('publish_at')}
        />
        <Field label="Picture" hint="JPEG, PNG or WebP, at most 10 MB. Cropped to the blog's sizes from its centre." error={pictureError}>
          {(control) => <input {...control} type="file" accept={PICTURE_TYPES} onChange={choose} />}
        </Field>
        {article ? <RemovePicture article={article} /> : null}
        {preview && preview !== unreadable ? (
          <img
            className={styles.picture}
            src={preview}
            alt={chosen ? 'The picture chosen' : "The article's picture"}
            width={215}
            height={185}
            // A file the browser cannot show is not previewed (the shop names the problem when it is sent).
            onError={() => setUnreadable(preview)}
          />
        ) : null}
        <TextField label="What the picture shows" hint="For readers who cannot see it." {...register('image_alt')} error={error('image_alt')} />
        <Button type="submit" busy={change.isPending || picture.isPending}>
          {article ? 'Save article' : 'Create article'}
        </Button>
      </form>
    </>
  );
}
