// The part requests module as other modules see it: its routes.
export { partRequestRoutes } from './routes';
export { createPartRequestStatusService, type PartRequestStatusService } from './status-service';
