import { HOME_PAGE_SIZE } from '@shop/contract/constants';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { type ProductSection, useSectionProducts } from '../api/get-section-products';
import { useNearViewport } from '../hooks/use-near-viewport';
import type { ProductsSearch } from '../lib/products-search';
import { ProductGrid, ProductGridSkeleton } from './product-card';

export type HomeProductSectionProps = {
  section: ProductSection;
  title: string;
  description: string;
  /** Shown with a Retry button when the section cannot be loaded. */
  errorMessage: string;
  /** The view of /products that "See all" opens. */
  seeAll: ProductsSearch;
  /** What an empty section says. */
  emptyText: string;
};

/**
 * One of the home page's sections (Featured Selections, New Arrivals, Special Offers): six products
 * a page, with Previous/Next shown only when there is more than one page (docs/product.md section 2). A
 * page already seen comes from the cache; the current page stays on screen while the next loads.
 */
export function HomeProductSection({
  section,
  title,
  description,
  errorMessage,
  seeAll,
  emptyText,
}: HomeProductSectionProps) {
  const [page, setPage] = useState(1);
  // Below the fold: its cards are drawn (and its pages asked for) when the visitor scrolls near.
  const [sectionRef, near] = useNearViewport<HTMLElement>({ key: `home-${section}` });
  const query = useSectionProducts(section, page, near);
  const headingId = useId();
  const gridId = useId();
  const data = query.data;
  const totalPages = data?.total_pages ?? 0;

  let body: ReactNode;
  if (!near) {
    // Not drawn yet: an empty placeholder keeps the first load light.
    body = <div className="min-h-[40rem]" />;
  } else if (data) {
    body =
      data.results.length > 0 ? (
        <ProductGrid id={gridId} products={data.results} busy={query.isPlaceholderData} />
      ) : (
        <p className="rounded-2xl border border-dashed border-cream-300 bg-white px-6 py-10 text-center text-ink-soft">
          {emptyText}{' '}
          <Link to="/products" className="font-semibold text-wine-800 underline underline-offset-4">
            Browse the whole cellar
          </Link>
        </p>
      );
  } else if (query.isError) {
    body = (
      <LoadError message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  } else {
    body = <ProductGridSkeleton count={HOME_PAGE_SIZE} />;
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      className="py-12 [contain-intrinsic-size:auto_1200px] [content-visibility:auto]"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-ink-soft">{description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {near && totalPages > 1 ? (
            <nav aria-label={`${title} pages`} className="flex items-center gap-2">
              <button
                type="button"
                aria-controls={gridId}
                disabled={page <= 1}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
                className="inline-flex items-center gap-1 rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800 transition hover:bg-wine-50 disabled:cursor-not-allowed disabled:border-cream-300 disabled:text-ink-soft disabled:hover:bg-transparent"
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </button>
              <span aria-live="polite" className="min-w-20 text-center text-sm text-ink-soft">
                Page {page} of {totalPages}
              </span>
              <button
                type="button"
                aria-controls={gridId}
                disabled={page >= totalPages}
                onClick={() => setPage((current) => Math.min(totalPages, current + 1))}
                className="inline-flex items-center gap-1 rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800 transition hover:bg-wine-50 disabled:cursor-not-allowed disabled:border-cream-300 disabled:text-ink-soft disabled:hover:bg-transparent"
              >
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </button>
            </nav>
          ) : null}
          <Link
            to="/products"
            search={seeAll}
            className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-semibold text-wine-800 underline-offset-4 hover:underline"
          >
            See all<span className="sr-only"> {title}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
      <div className="mt-6">{body}</div>
    </section>
  );
}
