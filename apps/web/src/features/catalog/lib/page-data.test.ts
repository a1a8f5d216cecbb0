import type { CatalogStats, ProductDetail, ProductListResponse } from '@shop/contract/catalog';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPageData } from '../../../lib/page-data';
import { catalogStatsQueryOptions } from '../api/get-catalog-stats';
import { productQueryOptions } from '../api/get-product';
import { productFacetsQueryOptions } from '../api/get-product-facets';
import { productsQueryOptions } from '../api/get-products';
import { warmProduct, warmProducts } from '../routes/loaders';
import { seedCatalogPageData } from './page-data';

const list = (name: string) =>
  ({ results: [{ id: 1, name }], count: 1, total_pages: 1, next: null }) as unknown as ProductListResponse;
const stats: CatalogStats = {
  product_count: 114,
  category_count: 13,
  featured_count: 8,
  new_count: 10,
  on_sale_count: 16,
};
const facets = { categories: [], product_types: [], countries: [], price_bands: [] };
const detail = {
  id: 13,
  slug: 'chateau-margaux-2015',
  name: 'Château Margaux 2015',
} as unknown as ProductDetail;

/** A page as the server sends it, its data escaped the server's way (`<` as \u003c). */
function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = `<div id="root"></div><script type="application/json" id="page-data">${json}</script>`;
  return doc;
}

afterEach(() => vi.restoreAllMocks());

describe('page data', () => {
  it('reads the JSON the server wrote into the page, escapes and all', () => {
    const doc = pageWith('{"product":{"id":"x","detail":{"name":"a \\u003c/script\\u003e \\u2028 b"}}}');
    expect(readPageData(doc)).toEqual({ product: { id: 'x', detail: { name: 'a </script> \u2028 b' } } });
  });

  it('reads nothing from a page without data, or with data that is not JSON', () => {
    expect(readPageData(pageWith(''))).toBeUndefined();
    expect(readPageData(pageWith('{not json'))).toBeUndefined();
    const bare = document.implementation.createHTMLDocument('page');
    expect(readPageData(bare)).toBeUndefined();
  });

  it('puts each answer under the key its page asks for, so the loaders fetch nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const queryClient = new QueryClient();
    seedCatalogPageData(queryClient, {
      stats,
      products: list('First of the list'),
      facets,
      product: { id: 'chateau-margaux-2015', detail },
    });

    expect(queryClient.getQueryData(catalogStatsQueryOptions().queryKey)).toEqual(stats);
    expect(queryClient.getQueryData(productsQueryOptions({}).queryKey)).toEqual(list('First of the list'));
    expect(queryClient.getQueryData(productFacetsQueryOptions({}).queryKey)).toEqual(facets);
    expect(queryClient.getQueryData(productQueryOptions('chateau-margaux-2015').queryKey)).toEqual(detail);

    // (warmHome asks for the featured section, which pages do not carry.)
    warmProducts(queryClient, {});
    warmProduct(queryClient, 'chateau-margaux-2015');
    await Promise.resolve();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('ignores data it does not know or that has the wrong shape', () => {
    const queryClient = new QueryClient();
    seedCatalogPageData(queryClient, undefined);
    seedCatalogPageData(queryClient, ['featured']);
    seedCatalogPageData(queryClient, { stats: 'nope', product: { id: 7, detail }, cart: { items: [] } });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
