// The wishlist module as other modules see it: its routes (the list, the Tags for hearts, the
// toggle), and the reader, whose isOnWishlist fills a signed-in member's part answers.
export { wishlistRoutes } from './routes';
export { createWishlistReader } from './service';
