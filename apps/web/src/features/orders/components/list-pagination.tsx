import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';

const itemClass =
  'inline-flex min-w-10 items-center justify-center gap-1 rounded-full border px-3 py-2 text-sm font-semibold transition';

/** Previous / "Page 2 of 5" / Next for a customer's paged list; the page lives in the URL (`?page=2`). */
export function ListPagination({
  to,
  page,
  totalPages,
}: {
  to: '/order-history' | '/invoices';
  page: number;
  totalPages: number;
}) {
  if (totalPages <= 1) return null;
  const search = (target: number) => ({ page: target > 1 ? target : undefined });
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link
          to={to}
          search={search(page - 1)}
          rel="prev"
          className={`${itemClass} border-wine-800 text-wine-800 hover:bg-wine-50`}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : null}
      <p className="text-sm text-ink-soft" aria-current="page">
        Page {page} of {totalPages}
      </p>
      {page < totalPages ? (
        <Link
          to={to}
          search={search(page + 1)}
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
