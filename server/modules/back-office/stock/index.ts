// The back office's stock module as the app sees it: its routes (parts, photos, the CSV import).
export { adminStockRoutes } from './routes';
