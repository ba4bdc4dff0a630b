// The jobs module as other modules see it: its routes, the open jobs' sitemap entries, and the
// adverts as the back office keeps them.
export { jobRoutes } from './routes';
export { createJobService } from './service';
export { createJobAdminRepository, type JobAdvertRow, type JobAdvertValues } from './admin-repository';
