/**
 * The jobs section's reads (SPEC §7: GET /jobs/list.json, /jobs/featured.json,
 * /job-categories/list.json, /jobs/locations.json, and one job) as queryOptions the loaders ensure
 * and the screens read, and the application, a multipart POST with the CV.
 */
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, buildPath, CSRF_HEADER } from '../../../contract/http';
import { applyForJob, featuredJobs, getJob, JOB_APPLICATION_FIELDS, listJobCategories, listJobLocations, listJobs } from '../../../contract/jobs';
import { apiOf } from '../../../shared/api/client';
import { readCsrfToken } from '../../../shared/api/csrf';
import { sendForm } from '../../../shared/api/send-form';
import type { JobListParams } from '../jobs-search';

export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (params: JobListParams) => [...jobKeys.lists(), params] as const,
  featured: () => [...jobKeys.all, 'featured'] as const,
  categories: () => [...jobKeys.all, 'categories'] as const,
  locations: () => [...jobKeys.all, 'locations'] as const,
  detail: (id: number) => [...jobKeys.all, 'detail', id] as const,
};

/**
 * A page of jobs. A failure is not kept long, so going back to the page asks again; the screen
 * shows it by SPEC §8 (success false: a popup with msg; a failed request: an empty list).
 */
export const jobListQueryOptions = (params: JobListParams) =>
  queryOptions({
    queryKey: jobKeys.list(params),
    queryFn: ({ client, signal }) => apiOf(client)(listJobs, { query: params, signal }),
    staleTime: 60_000,
    retry: false,
  });

export const featuredJobsQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.featured(),
    queryFn: ({ client, signal }) => apiOf(client)(featuredJobs, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const jobCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.categories(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(listJobCategories, { signal })).items,
    staleTime: 5 * 60_000,
    retry: false,
  });

export const jobLocationsQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.locations(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(listJobLocations, { signal })).data,
    staleTime: 5 * 60_000,
    retry: false,
  });

export const jobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getJob, { params: { id }, signal })).job,
    staleTime: 60_000,
  });

export interface JobApplication {
  name: string;
  email: string;
  phone: string;
  message: string;
  cv: File;
}

/**
 * Sends an application (POST /jobs/apply/{id}.json, multipart: the text parts and the CV). Answers
 * the server's message, or throws an ApiError with its msg and field errors.
 */
export async function sendJobApplication(jobId: number, application: JobApplication): Promise<string> {
  const body = new FormData();
  body.set(JOB_APPLICATION_FIELDS.name, application.name);
  body.set(JOB_APPLICATION_FIELDS.email, application.email);
  body.set(JOB_APPLICATION_FIELDS.phone, application.phone);
  if (application.message) body.set(JOB_APPLICATION_FIELDS.message, application.message);
  body.set(JOB_APPLICATION_FIELDS.cv, application.cv, application.cv.name);
  const token = readCsrfToken();
  const { status, json } = await sendForm(`${API_BASE}${buildPath(applyForJob.path, { id: jobId })}`, 'POST', body, token ? { [CSRF_HEADER]: token } : {});
  const { parseAnswer } = await import('../../../shared/api/parse-answer');
  return parseAnswer(applyForJob, status, json).msg;
}
