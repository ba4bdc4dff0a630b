// The jobs module as other modules see it: its routes and the open jobs' sitemap entries.
export { jobRoutes } from './routes';
export { createJobService } from './service';
