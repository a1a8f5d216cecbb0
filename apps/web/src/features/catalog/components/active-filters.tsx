import type { ProductFacets } from '@shop/contract/catalog';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { productTypeLabels } from '../lib/product-display';
import { changeSearch, hasFilters, type ProductsSearch, selectedPriceBand } from '../lib/products-search';

type Chip = { key: string; label: string; search: ProductsSearch };

/** The category's name when the facets know it, else what the URL says. */
export function categoryName(search: ProductsSearch, facets: ProductFacets | undefined): string | undefined {
  if (!search.category) return undefined;
  const wanted = search.category.toLowerCase();
  const found = facets?.categories.find((item) => item.slug === wanted || String(item.id) === wanted);
  return found?.name ?? search.category;
}

function priceLabel(search: ProductsSearch): string | undefined {
  const { price_min: min, price_max: max } = search;
  if (min === undefined && max === undefined) return undefined;
  const band = selectedPriceBand(search);
  if (band && max !== undefined && band.min === 0) return `Under ${formatUGX(max + 1)}`;
  if (min !== undefined && max !== undefined) return `${formatUGX(min)} to ${formatUGX(max)}`;
  if (min !== undefined) return `${formatUGX(min)} and above`;
  return `Up to ${formatUGX(max ?? 0)}`;
}

function vintageLabel(search: ProductsSearch): string | undefined {
  const { vintage_min: min, vintage_max: max } = search;
  if (min !== undefined && max !== undefined) return min === max ? `Vintage ${min}` : `Vintage ${min}–${max}`;
  if (min !== undefined) return `Vintage ${min} or later`;
  if (max !== undefined) return `Vintage ${max} or earlier`;
  return undefined;
}

/** One chip per active search or filter, each removing itself. */
export function activeChips(search: ProductsSearch, facets: ProductFacets | undefined): Chip[] {
  const chips: Chip[] = [];
  const add = (
    key: string,
    label: string | undefined,
    changes: Partial<Record<keyof ProductsSearch, undefined>>,
  ) => {
    if (label) chips.push({ key, label, search: changeSearch(search, changes) });
  };
  add('search', search.search && `“${search.search}”`, { search: undefined, ordering: undefined });
  add('category', categoryName(search, facets), { category: undefined });
  add('type', search.type && productTypeLabels[search.type], { type: undefined });
  add('country', search.country, { country: undefined });
  add('region', search.region && `Region: ${search.region}`, { region: undefined });
  add('varietal', search.varietal && `Grape: ${search.varietal}`, { varietal: undefined });
  add('vintage', vintageLabel(search), { vintage_min: undefined, vintage_max: undefined });
  add('price', priceLabel(search), { price_min: undefined, price_max: undefined });
  if (search.on_sale !== undefined)
    add('on_sale', search.on_sale ? 'On sale' : 'Not on sale', { on_sale: undefined });
  add('featured', search.featured && 'Featured', { featured: undefined });
  add('new_arrivals', search.new_arrivals && 'New arrivals', { new_arrivals: undefined });
  if (search.in_stock !== undefined) {
    add('in_stock', search.in_stock ? 'In stock' : 'Sold out', { in_stock: undefined });
  }
  return chips;
}

/** The active search and filters as removable chips, and "Clear all". */
export function ActiveFilters({
  search,
  facets,
}: {
  search: ProductsSearch;
  facets: ProductFacets | undefined;
}) {
  if (!hasFilters(search)) return null;
  const chips = activeChips(search, facets);
  return (
    <section aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to="/products"
              activeOptions={{ exact: true }}
              search={chip.search}
              resetScroll={false}
              className="inline-flex items-center gap-1.5 rounded-full border border-wine-200 bg-wine-50 py-1 pr-2 pl-3 text-sm text-wine-900 transition hover:border-wine-600"
            >
              {chip.label}
              <X aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(remove)</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/products"
        activeOptions={{ exact: true }}
        search={search.ordering ? { ordering: search.ordering } : {}}
        resetScroll={false}
        className="px-2 py-1 text-sm font-semibold text-wine-800 underline underline-offset-4"
      >
        Clear all
      </Link>
    </section>
  );
}
