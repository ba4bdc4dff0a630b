// The back office's dashboard as other modules see it: its route.
export { dashboardRoutes } from './routes';
