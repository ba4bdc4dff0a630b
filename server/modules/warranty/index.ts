// The warranty module as other modules see it: its routes (a paid line's warranty certificate and
// the public check of a certificate by its number).
export { warrantyRoutes } from './routes';
