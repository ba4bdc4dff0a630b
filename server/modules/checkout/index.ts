// The checkout module as other modules see it: its routes.
export { checkoutRoutes } from './routes';
