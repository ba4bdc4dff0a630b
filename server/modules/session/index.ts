// The session module as other modules see it: its routes. Sessions themselves live with their
// plugin (server/plugins/session.ts), which every module may use.
export { sessionRoutes } from './routes';
