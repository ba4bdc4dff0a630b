// The back office's customers module as the app sees it: its routes (find a member, a member's page).
export { adminCustomerRoutes } from './routes';
