// The loyalty module as other modules see it: its routes (levels, a member's progress, the page's texts).
export { loyaltyRoutes } from './routes';
