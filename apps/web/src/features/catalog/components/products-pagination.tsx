import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { changeSearch, type ProductsSearch } from '../lib/products-search';

/** The pages to offer: the first, the last, and two either side of the current one, with gaps. */
export function pageWindow(current: number, total: number): Array<number | 'gap'> {
  const pages = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const page of sorted) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && page - previous > 1) result.push('gap');
    result.push(page);
  }
  return result;
}

const itemClass =
  'inline-flex min-w-10 items-center justify-center gap-1 rounded-full border px-3 py-2 text-sm font-semibold transition';

/** The list's pages, as links: the page lives in the URL (`?page=2`), so Back returns to it. */
export function ProductsPagination({
  search,
  page,
  totalPages,
}: {
  search: ProductsSearch;
  page: number;
  totalPages: number;
}) {
  if (totalPages <= 1) return null;
  const toPage = (target: number) => changeSearch(search, { page: target > 1 ? target : undefined });
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to="/products"
          activeOptions={{ exact: true }}
          search={toPage(page - 1)}
          rel="prev"
          className={`${itemClass} border-wine-800 text-wine-800 hover:bg-wine-50`}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-2">
        {pageWindow(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to="/products"
                activeOptions={{ exact: true }}
                search={toPage(item)}
                aria-current={item === page ? 'page' : undefined}
                className={`${itemClass} ${
                  item === page
                    ? 'border-wine-800 bg-wine-800 text-cream-50'
                    : 'border-cream-300 bg-white text-wine-900 hover:border-wine-600'
                }`}
              >
                <span className="sr-only">Page </span>
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link
          to="/products"
          activeOptions={{ exact: true }}
          search={toPage(page + 1)}
          rel="next"
          className={`${itemClass} border-wine-800 text-wine-800 hover:bg-wine-50`}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
