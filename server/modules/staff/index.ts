// The staff module as other modules see it: the back office's routes (sign-in, staff accounts, the
// audit log), each behind its access check.
export { staffRoutes } from './routes';
