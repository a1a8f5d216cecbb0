import { productStoreMessages } from '@shop/contract/errors';
import { countOf } from '@shop/contract/plural';
import { getRouteApi, Link } from '@tanstack/react-router';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { SearchForm } from '../../../components/search-form';
import { isApiError } from '../../../lib/api-client';
import { HydrateLater } from '../../../lib/hydration-steps';
import { useProductFacets } from '../api/get-product-facets';
import { PRODUCTS_PAGE_SIZE, useProducts } from '../api/get-products';
import { ActiveFilters, categoryName } from '../components/active-filters';
import { ProductGrid, ProductGridSkeleton } from '../components/product-card';
import { ProductFilters } from '../components/product-filters';
import { ProductsEmpty } from '../components/products-empty';
import { ProductsPagination } from '../components/products-pagination';
import { SortSelect } from '../components/sort-select';
import { formatCount } from '../lib/product-display';
import { changeSearch, hasFilters } from '../lib/products-search';

const route = getRouteApi('/products');

/** A broad search counts up to a cap (`count_capped`): then the count is "at least". */
function resultCountText(count: number, capped = false): string {
  if (capped) return `${formatCount(count)}+ bottles`;
  return countOf(count, 'bottle');
}

/**
 * The product list (/products): search, category, every filter, the order and the page live in the
 * URL, so a link or Back restores the same view. The filter panel shows each choice's product
 * count; the list pages twelve at a time.
 */
export function ProductsPage() {
  const search = route.useSearch();
  const products = useProducts(search);
  const facets = useProductFacets(search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const page = search.page ?? 1;
  const category = categoryName(search, facets.data);

  let lead: ReactNode = 'Reds, whites, rosé and sparkling wines, whiskies, gins, rums and brandies.';
  if (search.search)
    lead = (
      <>
        Results for “{search.search}”{category ? ` in ${category}` : ''}
      </>
    );
  else if (category) lead = <>Browsing {category}</>;

  let results: ReactNode;
  if (products.data) {
    const { data } = products;
    if (data.results.length > 0) {
      results = (
        <>
          <ProductGrid products={data.results} busy={products.isPlaceholderData} eagerImages={3} />
          <ProductsPagination search={search} page={page} totalPages={data.total_pages} />
        </>
      );
    } else if (data.count > 0) {
      results = (
        <div className="rounded-2xl border border-dashed border-cream-300 bg-white px-6 py-10 text-center">
          <h3 className="text-2xl">There is no page {page}</h3>
          <p className="mt-2 text-ink-soft">This list has {data.total_pages} pages.</p>
          <Link
            to="/products"
            search={changeSearch(search, {})}
            className="mt-4 inline-flex rounded-full bg-wine-800 px-5 py-2.5 font-semibold text-cream-50 hover:bg-wine-900"
          >
            Go to the first page
          </Link>
        </div>
      );
    } else {
      results = <ProductsEmpty search={search} />;
    }
  } else if (products.isError) {
    const invalid =
      isApiError(products.error) && (products.error.status === 422 || products.error.status === 400);
    results = (
      <LoadError
        message={productStoreMessages.products}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
      >
        {invalid ? (
          <p className="text-sm text-ink-soft">
            Some of the choices in this link are no longer valid.{' '}
            <Link to="/products" className="font-semibold text-wine-800 underline underline-offset-4">
              Clear all filters
            </Link>
          </p>
        ) : undefined}
      </LoadError>
    );
  } else {
    results = <ProductGridSkeleton count={PRODUCTS_PAGE_SIZE} />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className="max-w-3xl">
        <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">Discover</p>
        <h1 className="text-4xl sm:text-5xl">Wines &amp; spirits</h1>
        <p className="mt-3 text-lg text-ink-soft">{lead}</p>
      </div>
      <div className="mt-6">
        <SearchForm key={search.search ?? ''} defaultValue={search.search ?? ''} />
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_1fr]">
        <aside aria-labelledby="filters-heading">
          <div className="flex items-center justify-between lg:block">
            <h2 id="filters-heading" className="text-xl">
              Filters
            </h2>
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls="product-filters"
              onClick={() => setFiltersOpen((open) => !open)}
              className="inline-flex items-center gap-2 rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800 lg:hidden"
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              {filtersOpen ? 'Hide filters' : 'Show filters'}
            </button>
          </div>
          <div id="product-filters" className={`mt-2 ${filtersOpen ? '' : 'hidden'} lg:block`}>
            {/* Below the first cards on a phone: hydrated a task after them (lib/hydration-steps.tsx). */}
            <HydrateLater step={1}>
              <ProductFilters search={search} facets={facets} />
            </HydrateLater>
          </div>
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm font-semibold text-wine-900">
              {products.data
                ? resultCountText(products.data.count, products.data.count_capped)
                : products.isError
                  ? ''
                  : 'Loading…'}
            </p>
            <SortSelect search={search} />
          </div>
          {hasFilters(search) ? (
            <div className="mb-5">
              <ActiveFilters search={search} facets={facets.data} />
            </div>
          ) : null}
          {results}
        </section>
      </div>
    </div>
  );
}
