import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { ArticleTermRecord } from '../../../contract/admin-content';
import { articleTermFormSchema, type ArticleTermKind, articleTermSlug, categoryDeleteRefusal, tagDeleteWarning } from '../../../domain/article-terms';
import { formProblems } from '../../../domain/admin-content';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, buttonClass, type Column, ConfirmDialog, DataTable, Notice, PageHeading, TextField, useToast } from '../../ui';
import { articleTermListQuery, useCreateArticleTerm, useDeleteArticleTerm, useRenameArticleTerm } from './api';
import styles from './content.module.css';

const WORDS: Record<ArticleTermKind, { one: string; many: string; heading: string }> = {
  tag: { one: 'tag', many: 'tags', heading: 'Tags' },
  category: { one: 'category', many: 'categories', heading: 'Categories' },
};

/** Where the blog shows a tag's or category's articles. */
const addressOf = (kind: ArticleTermKind, slug: string) => (kind === 'tag' ? `/blog/tag/${slug}` : `/blog?category=${slug}`);

/** The form's own check of a name, as the server makes it (the schema is the same). */
const nameProblem = (name: string): string | undefined => formProblems(articleTermFormSchema, { name })['name'];

/** A name for a new tag or category, with the address it will have. */
function AddForm({ kind }: { kind: ArticleTermKind }) {
  const create = useCreateArticleTerm(kind);
  const notify = useToast();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const words = WORDS[kind];
  const slug = articleTermSlug(name);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = nameProblem(name);
    setProblem(found);
    if (found) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (answer) => {
          notify(answer.msg);
          setName('');
        },
      },
    );
  }

  const error = problem ?? fieldErrorsOf(create.error)['name'];
  return (
    <form className={styles.termForm} noValidate onSubmit={submit} aria-label={`New ${words.one}`}>
      <TextField
        label={`New ${words.one}`}
        name="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(undefined);
          create.reset();
        }}
        hint={slug ? `Its address: ${addressOf(kind, slug)}` : 'Its address on the blog is made from the name.'}
        error={error}
      />
      <Button type="submit" busy={create.isPending}>
        Add {words.one}
      </Button>
      {create.error && !error ? <Notice tone="error">{messageOf(create.error)}</Notice> : null}
    </form>
  );
}

/** The name cell while it is being renamed: the new name, Save and Cancel. */
function RenameForm({ kind, term, onDone }: { kind: ArticleTermKind; term: ArticleTermRecord; onDone: () => void }) {
  const rename = useRenameArticleTerm(kind);
  const notify = useToast();
  const [name, setName] = useState(term.name);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const error = problem ?? fieldErrorsOf(rename.error)['name'] ?? (rename.error ? messageOf(rename.error) : undefined);
  return (
    <form
      className={styles.termForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = nameProblem(name);
        setProblem(found);
        if (found) return;
        rename.mutate(
          { id: term.id, body: { name: name.trim() } },
          {
            onSuccess: (answer) => {
              notify(answer.msg);
              onDone();
            },
          },
        );
      }}
    >
      <TextField
        label={`New name for ${term.name}`}
        name="name"
        value={name}
        // Focus goes to the field the person asked for.
        autoFocus
        onChange={(event) => {
          setName(event.target.value);
          setProblem(undefined);
        }}
        hint={`The address stays ${addressOf(kind, term.slug)}, so links to it keep working.`}
        error={error}
      />
      <span className={styles.actions}>
        <Button type="submit" small busy={rename.isPending}>
          Save name
        </Button>
        <Button variant="secondary" small onClick={onDone} disabled={rename.isPending}>
          Cancel
        </Button>
      </span>
    </form>
  );
}

/** One kind's table: name (or its rename form), address, articles, and the ways to rename or delete. */
function TermSection({ kind, terms }: { kind: ArticleTermKind; terms: readonly ArticleTermRecord[] }) {
  const remove = useDeleteArticleTerm(kind);
  const notify = useToast();
  const [renaming, setRenaming] = useState<number | null>(null);
  const [pending, setPending] = useState<ArticleTermRecord | null>(null);
  const words = WORDS[kind];
  // A category still used cannot go: the dialog says why instead of offering Delete.
  const refusal = pending && kind === 'category' ? categoryDeleteRefusal(pending.name, pending.articles) : null;

  const columns: Column<ArticleTermRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (term) => (renaming === term.id ? <RenameForm kind={kind} term={term} onDone={() => setRenaming(null)} /> : term.name),
    },
    { key: 'address', header: 'Address on the shop', cell: (term) => <code>{addressOf(kind, term.slug)}</code> },
    { key: 'articles', header: 'Articles', align: 'end', cell: (term) => term.articles },
    {
      key: 'actions',
      header: 'Actions',
      cell: (term) =>
        renaming === term.id ? null : (
          <span className={styles.actions}>
            <Button variant="secondary" small onClick={() => setRenaming(term.id)} aria-label={`Rename ${term.name}`}>
              Rename
            </Button>
            <Button variant="danger" small onClick={() => setPending(term)} aria-label={`Delete ${term.name}`}>
              Delete
            </Button>
          </span>
        ),
    },
  ];

  return (
    // Not a <section>: the table's own region has its name already (two landmarks named alike confuse).
    <div className={styles.termSection}>
      <h2>{words.heading}</h2>
      <DataTable caption={words.heading} columns={columns} rows={terms} rowKey={(term) => term.id} empty={`No ${words.many} yet.`} />
      <AddForm kind={kind} />
      <ConfirmDialog
        open={pending !== null}
        title={refusal ? `${pending?.name ?? ''} cannot be deleted` : `Delete ${pending?.name ?? ''}?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        error={remove.error ? messageOf(remove.error) : undefined}
        onCancel={() => {
          remove.reset();
          setPending(null);
        }}
        // The server refuses it too (and says so if an article took it meanwhile).
        onConfirm={
          refusal
            ? undefined
            : () => {
                if (!pending) return;
                remove.mutate(pending.id, {
                  onSuccess: (answer) => {
                    notify(answer.msg);
                    setPending(null);
                  },
                });
              }
        }
      >
        {refusal ?? (pending && kind === 'tag' ? `${tagDeleteWarning(pending.name, pending.articles)} Its address stops working.` : 'No article uses it. Its address stops working.')}
      </ConfirmDialog>
    </div>
  );
}

/** The blog's categories (its tab bar) and tags ('Filter by category'), each with how many articles use it. */
export function ArticleTermsScreen() {
  const { data } = useSuspenseQuery(articleTermListQuery());
  return (
    <>
      <PageHeading
        title="Tags and categories"
        description="The blog's category tabs and its 'Filter by category' tags. A change shows on /blog at once; a rename keeps the address."
        actions={
          <Link to="/content/articles" className={buttonClass('secondary')}>
            Back to articles
          </Link>
        }
      />
      <TermSection kind="category" terms={data.categories} />
      <TermSection kind="tag" terms={data.tags} />
    </>
  );
}
