// The warranty module as other modules see it: its routes (a paid line's warranty certificate, the
// public check of a certificate by its number, the member's warranty claims) and the claims as the
// back office works on them.
export { warrantyRoutes } from './routes';
export { createClaimStaffService, type ClaimNews, type ClaimRow, type ClaimStaffService } from './claims-staff';
