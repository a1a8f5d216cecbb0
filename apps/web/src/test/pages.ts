/**
 * Page chunks that route tests load up front, so that no test waits for one: the modules the
 * router loads lazily (src/app composes the feature's page with the pieces of others).
 */
export const preloadAccountPage = () => import('../app/routes/account');
export const preloadProductPage = () => import('../app/routes/product-detail');
export const preloadWishlistPage = () => import('../app/routes/wishlist');
