// The reviews module as other modules see it (issue 32): the member's review calls, the review
// invitations' round, and the moderation the back office's content screens make.
export { reviewRoutes } from './routes';
export { reviewInvitationRounds } from './invitations';
export { createReviewModerationService, REVIEW_MESSAGES, type ReviewAudit } from './service';
