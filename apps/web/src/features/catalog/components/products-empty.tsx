import { Link } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { useCategories } from '../api/get-categories';
import { changeSearch, filtersOf, type ProductsSearch } from '../lib/products-search';

/** How many popular categories the empty state suggests. */
const POPULAR_COUNT = 4;

/**
 * Nothing matches the view: say so, and suggest what to try: the spelling, the search without the
 * other filters, no filters at all, and the most stocked categories.
 */
export function ProductsEmpty({ search }: { search: ProductsSearch }) {
  const categories = useCategories();
  const popular = [...(categories.data?.results ?? [])]
    .filter((category) => category.product_count > 0)
    .sort((a, b) => b.product_count - a.product_count)
    .slice(0, POPULAR_COUNT);
  const filterCount = Object.keys(filtersOf(search)).length - (search.search ? 1 : 0);

  return (
    <div className="rounded-2xl border border-dashed border-cream-300 bg-white px-6 py-10 sm:px-10">
      <SearchX aria-hidden="true" className="size-10 text-wine-700" />
      <h3 className="mt-4 text-2xl">
        {search.search ? <>No bottles match “{search.search}”</> : 'No bottles match these filters'}
      </h3>
      <p className="mt-2 text-ink-soft">Here is what you can try:</p>
      <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-ink">
        {search.search ? (
          <li>
            Check the spelling, or use fewer or more general words: “malbec” rather than “malbec reserve
            2019”.
          </li>
        ) : null}
        {search.search && filterCount > 0 ? (
          <li>
            <Link
              to="/products"
              activeOptions={{ exact: true }}
              search={{ search: search.search }}
              className="font-semibold text-wine-800 underline underline-offset-4"
            >
              Search for “{search.search}” without the filters
            </Link>
          </li>
        ) : null}
        {filterCount > 0 ? (
          <li>
            Remove a filter, or{' '}
            <Link
              to="/products"
              activeOptions={{ exact: true }}
              search={changeSearch({}, {})}
              className="font-semibold text-wine-800 underline underline-offset-4"
            >
              clear all filters
            </Link>
            .
          </li>
        ) : null}
        {popular.length > 0 ? (
          <li>
            Browse a popular category:{' '}
            {popular.map((category, index) => (
              <span key={category.id}>
                {index > 0 ? ', ' : null}
                <Link
                  to="/products"
                  activeOptions={{ exact: true }}
                  search={{ category: category.slug }}
                  className="font-semibold text-wine-800 underline underline-offset-4"
                >
                  {category.name}
                </Link>
              </span>
            ))}
            .
          </li>
        ) : null}
        <li>
          Looking for a particular bottle?{' '}
          <Link to="/contact" className="font-semibold text-wine-800 underline underline-offset-4">
            Ask us
          </Link>
          : we can often source it within a few weeks.
        </li>
      </ul>
    </div>
  );
}
