// The bot check module as other modules see it: its routes (the check itself is an integration).
export { botCheckRoutes } from './routes';
