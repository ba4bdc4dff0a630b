import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminArticle,
  adminArticleCreate,
  adminArticleDelete,
  adminArticleCategoryCreate,
  adminArticleCategoryDelete,
  adminArticleCategoryRename,
  adminArticleList,
  adminArticlePicture,
  adminArticlePictureDelete,
  adminArticleSave,
  adminArticleTagCreate,
  adminArticleTagDelete,
  adminArticleTagRename,
  adminArticleTermList,
  adminJobCreate,
  adminJobDelete,
  adminJobList,
  adminJobSave,
  adminJobUnpublish,
  adminStaticPage,
  adminStaticPageList,
  adminStaticPageSave,
} from '../../../contract/admin-content';
import { adminJobApplicationCv, adminJobApplicationList, adminJobApplicationMark, type JOB_APPLICATION_MARKS } from '../../../contract/admin-job-applications';
import { adminReviewApprove, adminReviewList, adminReviewReject } from '../../../contract/admin-reviews';
import { API_BASE, buildPath } from '../../../contract/http';
import type { ReviewStatus } from '../../../contract/reviews';
import type { StaticPageSlug } from '../../../contract/static-contents';
import type { ArticleForm, JobForm, StaticPageForm } from '../../../domain/admin-content';
import type { ArticleTermForm, ArticleTermKind } from '../../../domain/article-terms';
import { adminApi, adminUpload } from '../../api';

export const pageListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'pages', 'list'],
    queryFn: ({ signal }) => adminApi(adminStaticPageList, { signal }),
  });

export const pageQuery = (slug: StaticPageSlug) =>
  queryOptions({
    queryKey: ['admin', 'content', 'pages', slug],
    queryFn: ({ signal }) => adminApi(adminStaticPage, { params: { slug }, signal }),
  });

export function useSavePage(slug: StaticPageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaticPageForm) => adminApi(adminStaticPageSave, { params: { slug }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'pages'] }),
  });
}

export const jobListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'jobs'],
    queryFn: ({ signal }) => adminApi(adminJobList, { signal }),
  });

function useJobChange<A>(change: (argument: A) => Promise<{ msg: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'jobs'] }) });
}

export const useCreateJob = () => useJobChange((body: JobForm) => adminApi(adminJobCreate, { body }));
export const useSaveJob = (id: number) => useJobChange((body: JobForm) => adminApi(adminJobSave, { params: { id }, body }));
export const useUnpublishJob = () => useJobChange((id: number) => adminApi(adminJobUnpublish, { params: { id } }));
export const useDeleteJob = () => useJobChange((id: number) => adminApi(adminJobDelete, { params: { id } }));

export const articleListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'articles', 'list'],
    queryFn: ({ signal }) => adminApi(adminArticleList, { signal }),
  });

export const articleQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'content', 'articles', id],
    queryFn: ({ signal }) => adminApi(adminArticle, { params: { id }, signal }),
  });

function useArticleChange<A, R>(change: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'articles'] }) });
}

/** An article's picture. */
async function sendPicture(id: number, file: File) {
  const body = new FormData();
  body.append('picture', file, file.name);
  return adminUpload(adminArticlePicture, { id }, body);
}

export const useCreateArticle = () => useArticleChange((body: ArticleForm) => adminApi(adminArticleCreate, { body }));
export const useSaveArticle = (id: number) => useArticleChange((body: ArticleForm) => adminApi(adminArticleSave, { params: { id }, body }));
export const useArticlePicture = () => useArticleChange(({ id, file }: { id: number; file: File }) => sendPicture(id, file));
export const useDeleteArticle = () => useArticleChange((id: number) => adminApi(adminArticleDelete, { params: { id } }));
export const useRemoveArticlePicture = () => useArticleChange((id: number) => adminApi(adminArticlePictureDelete, { params: { id } }));

/** The blog's categories and tags with their article counts; under the articles' key, so an article's change refreshes the counts too. */
export const articleTermListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'articles', 'terms'],
    queryFn: ({ signal }) => adminApi(adminArticleTermList, { signal }),
  });

const TERM_CALLS = {
  tag: { create: adminArticleTagCreate, rename: adminArticleTagRename, delete: adminArticleTagDelete },
  category: { create: adminArticleCategoryCreate, rename: adminArticleCategoryRename, delete: adminArticleCategoryDelete },
} as const;

// Each change also refreshes the article form's choices (the same key).
export const useCreateArticleTerm = (kind: ArticleTermKind) => useArticleChange((body: ArticleTermForm) => adminApi(TERM_CALLS[kind].create, { body }));
export const useRenameArticleTerm = (kind: ArticleTermKind) =>
  useArticleChange(({ id, body }: { id: number; body: ArticleTermForm }) => adminApi(TERM_CALLS[kind].rename, { params: { id }, body }));
export const useDeleteArticleTerm = (kind: ArticleTermKind) => useArticleChange((id: number) => adminApi(TERM_CALLS[kind].delete, { params: { id } }));

export const jobApplicationsQuery = (jobId: number) =>
  queryOptions({
    queryKey: ['admin', 'content', 'jobs', jobId, 'applications'],
    queryFn: ({ signal }) => adminApi(adminJobApplicationList, { params: { id: jobId }, signal }),
  });

/** The CV's address: a plain link, so the browser saves the attachment the server sends. */
export const jobApplicationCvUrl = (id: number) => `${API_BASE}${buildPath(adminJobApplicationCv.path, { id })}`;

// Under the adverts' key: their counts and the list refresh together.
export const useMarkJobApplication = () =>
  useJobChange(({ id, status }: { id: number; status: (typeof JOB_APPLICATION_MARKS)[number] }) => adminApi(adminJobApplicationMark, { params: { id }, body: { status } }));

export const reviewListQuery = (status: ReviewStatus) =>
  queryOptions({
    queryKey: ['admin', 'content', 'reviews', status],
    queryFn: ({ signal }) => adminApi(adminReviewList, { query: { status }, signal }),
  });

function useReviewDecision<A>(decide: (argument: A) => Promise<{ msg: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decide, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'reviews'] }) });
}

export const useApproveReview = () => useReviewDecision((id: number) => adminApi(adminReviewApprove, { params: { id } }));
export const useRejectReview = () => useReviewDecision(({ id, reason }: { id: number; reason: string }) => adminApi(adminReviewReject, { params: { id }, body: { reason } }));
