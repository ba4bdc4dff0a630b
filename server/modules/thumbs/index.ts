// The thumbs module as other modules see it: the product images' URLs and what they are drawn from.
export { type Drawing, partDrawing, type PartDrawing, vehicleDrawing, type VehicleDrawing } from './drawing';
export { partImageUrl, thumbUrl, vehicleImageUrl } from './service';
export { thumbRoutes } from './routes';
