// The wishlist module as other modules see it: its routes (the list, the Tags for hearts, the toggle).
export { wishlistRoutes } from './routes';
