/** The results screen's categories: the one shared query (the route reads it from here too). */
export { enabledCategoriesQueryOptions, getEnabledCategories, useEnabledCategories } from '@/lib/catalog-queries';
