import type { ProductOrdering } from '@shop/contract/catalog';
import { DEFAULT_PRODUCT_ORDERING, DEFAULT_SEARCH_ORDERING } from '@shop/contract/catalog-constants';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { changeSearch, type ProductsSearch } from '../lib/products-search';

const orderingLabels: Array<[ProductOrdering, string]> = [
  ['relevance', 'Best match'],
  ['newest', 'Newest'],
  ['price', 'Price: low to high'],
  ['-price', 'Price: high to low'],
  ['-rating', 'Top rated'],
  ['name', 'Name: A to Z'],
  ['-name', 'Name: Z to A'],
];

/** The list's order. "Best match" is offered (and the default) only when searching. */
export function SortSelect({ search }: { search: ProductsSearch }) {
  const navigate = useNavigate();
  const id = useId();
  const fallback = search.search ? DEFAULT_SEARCH_ORDERING : DEFAULT_PRODUCT_ORDERING;
  const current =
    search.ordering === 'relevance' && !search.search ? fallback : (search.ordering ?? fallback);
  const options = orderingLabels.filter(([value]) => value !== 'relevance' || search.search);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-ink-soft">
        Sort by
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const ordering = event.currentTarget.value as ProductOrdering;
          void navigate({
            to: '/products',
            search: changeSearch(search, { ordering: ordering === fallback ? undefined : ordering }),
            resetScroll: false,
          });
        }}
        className="h-10 rounded-full border border-cream-300 bg-white px-3 text-sm text-ink focus:border-wine-600"
      >
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
