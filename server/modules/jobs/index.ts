// The jobs module as other modules see it: its routes, the open jobs' sitemap entries, the
// adverts and their applications as the back office keeps them, and the applications' retention round.
export { jobRoutes } from './routes';
export { createJobService } from './service';
export type { JobAdvertRow, JobAdvertValues } from './admin-repository';
export type { JobApplicationRow, StoredCv } from './application-repository';
export { createJobAdminService, createJobApplicationAdminService, type JobAdminService } from './admin-service';
export { applicationRetention } from './application-retention';
