/**
 * The admin catalogue screens, loaded together as one chunk: an admin moves between them all the
 * time, and one entry point keeps the route table (which every visitor downloads) short.
 */
export { AdminCategoriesRoute } from './categories';
export { AdminCategoryCreateRoute } from './category-create';
export { AdminCategoryUpdateRoute } from './category-update';
export { AdminLocationCreateRoute } from './location-create';
export { AdminLocationUpdateRoute } from './location-update';
export { AdminLocationsRoute } from './locations';
export { AdminProductCreateRoute } from './product-create';
export { AdminProductUpdateRoute } from './product-update';
export { AdminProductsRoute } from './products';
