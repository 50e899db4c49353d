// The catalogue module's public face: categories, locations and products for the routes, and the
// price quote and location names other modules read.

export { createCategory, deleteCategory, listCategories, updateCategory } from './categories';
export { createLocation, deleteLocation, listLocations, locationNames, updateLocation } from './locations';
export {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  listProductsAtLocation,
  PRODUCT_IN_USE,
  updateProduct,
} from './products';
export { quote } from './quote';
