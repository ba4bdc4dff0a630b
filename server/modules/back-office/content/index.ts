// The back office's content module as other modules see it: its routes (discount codes, static
// pages, job adverts, articles, loyalty).
export { adminContentRoutes } from './routes';
