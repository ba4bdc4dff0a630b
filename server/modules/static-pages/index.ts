// The static pages module as other modules see it: its route, and the filling of the configured
// figures (the returns window) that the catalogue's copies of the same pages use too, and the
// pages' rows as the back office edits them.
export { staticPageRoutes } from './routes';
export { fillPageFigures, type PageFigures } from './fill';
export { createStaticPageAdminService } from './service';
