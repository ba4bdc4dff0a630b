// The orders module as other modules see it: its routes and the timer that releases held parts.
export { orderHoldRelease } from './hold-release';
export { orderRoutes } from './routes';
