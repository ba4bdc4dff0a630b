// The loyalty module as other modules see it: its routes (levels, a member's progress, the page's
// texts), and the levels and texts as the back office edits them.
export { loyaltyRoutes } from './routes';
export type { ThresholdValues } from './repository';
export { createLoyaltyAdminService } from './service';
