// The static pages module as other modules see it: its route, and the filling of the configured
// figures (the returns window) that the catalogue's copies of the same pages use too.
export { staticPageRoutes } from './routes';
export { fillPageFigures, type PageFigures } from './fill';
