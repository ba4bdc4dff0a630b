// The garage (issue 17) as other modules see it: the routes, the reader the alerts module makes
// vehicle alerts with, and the order lines' vehicle snapshots (orders and order history).
export { garageRoutes } from './routes';
export { createGarageService, createOrderVehicleSnapshots, orderLineVehiclesOf } from './service';
