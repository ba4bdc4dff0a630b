// Saved searches (issue 17) as other modules see them: the routes, and the reader the alerts
// module uses to make an alert of a member's saved search.
export { savedSearchRoutes } from './routes';
export { createSavedSearchService } from './service';
