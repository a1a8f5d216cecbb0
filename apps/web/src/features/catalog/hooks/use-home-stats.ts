import type { CatalogStats } from '@shop/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { useCatalogStats } from '../api/get-catalog-stats';
import { categoriesQueryOptions } from '../api/get-categories';
import { sectionProductsQueryOptions } from '../api/get-section-products';

/**
 * The home page's statistics from `GET /products/products/stats/`. Should that fail, they are
 * derived from the answers the page already has (categories and the first page of each section),
 * without asking for anything more. Null while nothing is known yet.
 */
export function useHomeStats(): CatalogStats | null {
  const stats = useCatalogStats();
  const fallback = stats.isError;
  // Cache readers only: they never fetch, they follow what the page's other queries bring.
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: false });
  const featured = useQuery({ ...sectionProductsQueryOptions('featured'), enabled: false });
  const fresh = useQuery({ ...sectionProductsQueryOptions('new'), enabled: false });
  const onSale = useQuery({ ...sectionProductsQueryOptions('on_sale'), enabled: false });

  if (stats.data) return stats.data;
  if (!fallback || !categories.data || !featured.data || !fresh.data || !onSale.data) return null;
  return {
    product_count: categories.data.results.reduce((sum, category) => sum + category.product_count, 0),
    category_count: categories.data.count,
    featured_count: featured.data.count,
    new_count: fresh.data.count,
    on_sale_count: onSale.data.count,
  };
}
