// The VAT lookup module as other modules see it: its route (the register itself is an integration).
export { vatLookupRoutes } from './routes';
