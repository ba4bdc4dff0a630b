// The staff module as other modules see it: the back office's routes (sign-in, staff accounts, the
// audit log), and how every other back-office module registers its calls behind the access check
// and writes its audit entries (a member of staff's, or the shop's own for its background jobs).
export { staffRoutes } from './routes';
export { adminCalls, type AdminCalls, type AuditChange, auditByShop, staffOf } from './admin-calls';
